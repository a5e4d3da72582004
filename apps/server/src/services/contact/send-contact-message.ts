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
import { insertContactMessage } from '../../repositories/contact-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';

/**
 * Landing-page contact form (spec 000 §3, §5, §7): validated as the browser validates it, stored, and e-mailed to
 * the partner's contact address through the outbox, in one transaction so neither exists without the other. The
 * message names `senderId`, the person logged in on the partner who sent it, or nobody (docs/decisions/054).
 */
export async function sendContactMessage(
  db: Db,
  partner: PartnerRow,
  senderId: number | null,
  input: ContactFormInput,
): Promise<string> {
  // A refusal is a ZodError: the error handler answers it as the 400 with one message per field.
  const { name, email, identification: document, text } = contactFormSchema.parse(input);
  const config = await loadPartnerConfig(db, partner);
  const recipient = findSection(config, 'contact')?.campos.email;
  if (!recipient) throw new AppError('CONTACT_NOT_SENT');
  await withTransaction(db, async (tx) => {
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
    await insertContactMessage(tx, partner.id, {
      name,
      email,
      cpfCnpj: document,
      personId: senderId,
      text,
      outboundMessageId: outboxId,
    });
  });
  return EMAIL_SENT_MESSAGE;
}
