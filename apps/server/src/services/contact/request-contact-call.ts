import {
  brasiliaDayStart,
  CALL_REQUEST_LABELS,
  CALL_REQUEST_MESSAGES,
  CALL_REQUESTS_PER_DAY,
  type CallRequestKind,
  callRequestPhone,
  findSection,
  maskCpfCnpj,
  maskPhone,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { callRequestEmail } from '../../integrations/mail/work-queue-templates';
import {
  countCallRequestsSince,
  insertDebtorRequest,
  loadStoreDebts,
} from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';

/**
 * Request call and WhatsApp contact (spec 001 §7; issue 19 items 2 and 5; decision 032): the session person asks to
 * be reached at a phone about their debt in one of this partner's stores. Stored in the staff queue "ligacoes" and
 * e-mailed to the partner's contact address through the outbox, in one transaction; at most CALL_REQUESTS_PER_DAY
 * per person per Brasília day.
 */
export async function requestContactCall(
  db: Db,
  scope: DebtScope,
  input: { kind: CallRequestKind; storeId: number; phone: string },
  now: Date = new Date(),
): Promise<string> {
  const phone = callRequestPhone(input.kind, input.phone);
  if (!phone) throw new AppError(input.kind === 'call' ? 'CALL_PHONE_INVALID' : 'WHATSAPP_PHONE_INVALID');
  const [debt] = await loadStoreDebts(db, scope, input.storeId);
  if (!debt) throw new AppError('CONTRACT_NOT_FOUND');
  const recipient = findSection(await loadPartnerConfig(db, scope.partner), 'contact')?.campos.email;
  if (!recipient) throw new AppError('CONTACT_NOT_SENT');
  await withTransaction(db, async (tx) => {
    const today = brasiliaDayStart(todayInBrasilia(now));
    if ((await countCallRequestsSince(tx, scope, today)) >= CALL_REQUESTS_PER_DAY)
      throw new AppError('CALL_REQUEST_LIMIT');
    const outboundMessageId = await enqueueEmail(tx, {
      partnerId: scope.partnerId,
      personId: null,
      to: recipient,
      email: callRequestEmail({
        partnerName: scope.partner.name,
        channel: CALL_REQUEST_LABELS[input.kind],
        name: scope.person.name,
        document: maskCpfCnpj(scope.person.cpfCnpj),
        phone: maskPhone(phone),
        store: debt.store.tradeName,
      }),
    });
    // Linked, so that the person's erasure also clears what this e-mail says of them.
    await insertDebtorRequest(tx, scope, input.storeId, {
      kind: input.kind,
      phone,
      outboundMessageId,
      createdAt: now,
    });
  });
  return input.kind === 'call' ? CALL_REQUEST_MESSAGES.scheduled : CALL_REQUEST_MESSAGES.whatsappSent;
}
