import {
  type ContactFormInput,
  EMAIL_SENT_MESSAGE,
  findSection,
  normalizeDocument,
  validateContactForm,
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
 * the partner's contact address through the outbox, in one transaction so neither exists without the other.
 */
export async function sendContactMessage(
  db: Db,
  partner: PartnerRow,
  input: ContactFormInput,
): Promise<string> {
  const errors = validateContactForm(input);
  if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  const config = await loadPartnerConfig(db, partner);
  const recipient = findSection(config, 'contact')?.campos.email;
  if (!recipient) throw new AppError('CONTACT_NOT_SENT');
  const name = input.name.trim();
  const email = input.email.trim();
  const text = input.text.trim();
  const document = normalizeDocument(input.identification);
  await withTransaction(db, async (tx) => {
    const outboxId = await enqueueEmail(tx, {
      partnerId: partner.id,
      to: recipient,
      replyTo: email,
      email: contactMessageEmail({ partnerName: partner.name, name, email, document, text }),
    });
    await insertContactMessage(tx, partner.id, {
      name,
      email,
      cpfCnpj: document,
      text,
      outboundMessageId: outboxId,
    });
  });
  return EMAIL_SENT_MESSAGE;
}
