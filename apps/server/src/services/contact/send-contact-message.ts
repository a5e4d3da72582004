import {
  type ContactFormInput,
  contactFormSchema,
  EMAIL_SENT_MESSAGE,
  findSection,
  maskCpfCnpj,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { contactMessageEmail } from '../../integrations/mail/templates';
import { contactMessageRepeated, insertContactMessage } from '../../repositories/contact-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { repeatWindowStart } from '../repeat-window';

/**
 * Landing-page contact form (spec 000 §3, §5, §7): validated as the browser validates it, stored, and e-mailed to
 * the partner's contact address through the outbox, in one transaction so neither exists without the other. The
 * message names `senderId`, the person logged in on the partner who sent it, or nobody (docs/decisions/054). The
 * same message from the same sender sent again within REPEAT_WINDOW_MINUTES (its answer lost, two clicks) is the
 * one stored: answered alike, with no second message or e-mail (decision 085).
 */
export async function sendContactMessage(
  db: Db,
  partner: PartnerRow,
  senderId: number | null,
  input: ContactFormInput,
): Promise<string> {
  // A refusal is a ZodError: the error handler answers it as the 400 with one message per field.
  const { name, email, identification: document, text } = contactFormSchema.parse(input);
  const message = { name, email, cpfCnpj: document, personId: senderId, text };
  const config = await loadPartnerConfig(db, partner);
  const recipient = findSection(config, 'contact')?.campos.email;
  if (!recipient) throw new AppError('CONTACT_NOT_SENT');
  const now = new Date();
  await withTransaction(db, async (tx) => {
    if (await contactMessageRepeated(tx, partner.id, message, repeatWindowStart(now))) return;
    const outboxId = await enqueueEmail(tx, {
      partnerId: partner.id,
      personId: null,
      to: recipient,
      replyTo: email,
      email: contactMessageEmail({
        partnerName: partner.name,
        name,
        email,
        document: maskCpfCnpj(document),
        text,
      }),
    });
    // Stamped with the clock the window is measured by.
    await insertContactMessage(tx, partner.id, { ...message, outboundMessageId: outboxId, createdAt: now });
  });
  return EMAIL_SENT_MESSAGE;
}
