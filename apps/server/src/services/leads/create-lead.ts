import {
  findSection,
  formatMoney,
  LEAD_PAYMENT_FORMS,
  LEAD_SUCCESS_MESSAGE,
  type LeadInput,
  leadSchema,
  maskCpfCnpj,
  maskPhone,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { leadEmail } from '../../integrations/mail/templates';
import { findRepeatedLead, insertLead } from '../../repositories/lead-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { repeatWindowStart } from '../repeat-window';

/**
 * Creditor lead (spec 002 §3 "Lead", §7 cadastrarLead): validated, stored for the host's partner (the back office's
 * ListLeads reads it) and, when the partner has a contact e-mail, notified there through the outbox, in one
 * transaction. Returns the id, the spec's success text (§8 "Lead success modal") and whether the lead is new: the
 * same proposal sent again within REPEAT_WINDOW_MINUTES (its answer lost, two clicks) is the lead already stored,
 * answered alike, with no second row or e-mail. The lead names `senderId`, the person logged in on the partner who
 * sent it, or nobody: the CPF/CNPJ typed in it may be anyone's (docs/decisions/054).
 */
export async function createLead(
  db: Db,
  partner: PartnerRow,
  senderId: number | null,
  input: LeadInput,
): Promise<{ id: number; message: string; isNew: boolean }> {
  // A refusal is a ZodError: the error handler answers it as the 400 with one message per field.
  const lead = { ...leadSchema.parse(input), personId: senderId };
  const config = await loadPartnerConfig(db, partner);
  // Without a contact address the lead is still kept: the back office lists every lead.
  const recipient = findSection(config, 'contact')?.campos.email?.trim();
  return withTransaction(db, async (tx) => {
    const repeated = await findRepeatedLead(tx, partner.id, lead, repeatWindowStart(new Date()));
    if (repeated !== undefined) return { id: repeated, message: LEAD_SUCCESS_MESSAGE, isNew: false };
    const outboxId = recipient
      ? await enqueueEmail(tx, {
          partnerId: partner.id,
          personId: null,
          to: recipient,
          replyTo: lead.email,
          email: leadEmail({
            partnerName: partner.name,
            name: lead.name,
            document: maskCpfCnpj(lead.cpfCnpj),
            email: lead.email,
            mobile: maskPhone(lead.mobile),
            phone: lead.phone ? maskPhone(lead.phone) : '',
            city: lead.city,
            store: lead.store,
            amount: formatMoney(lead.amountCents),
            affordable: formatMoney(lead.affordableCents),
            paymentForm: LEAD_PAYMENT_FORMS[lead.paymentForm],
            notes: lead.notes,
          }),
        })
      : null;
    const id = await insertLead(tx, partner.id, { ...lead, outboundMessageId: outboxId });
    return { id, message: LEAD_SUCCESS_MESSAGE, isNew: true };
  });
}
