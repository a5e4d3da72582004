import {
  type ContactFormInput,
  EMAIL_SENT_MESSAGE,
  findSection,
  normalizeDocument,
  validateContactForm,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { contactMessageEmail } from '../../integrations/mail/templates';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { enqueueEmail } from '../outbox/enqueue-email';

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
  await db.transaction(async (tx) => {
    const outboxId = await enqueueEmail(tx as unknown as Db, {
      partnerId: partner.id,
      to: recipient,
      replyTo: email,
      email: contactMessageEmail({ partnerName: partner.name, name, email, document, text }),
    });
    await tx.insert(contactMessages).values({
      partnerId: partner.id,
      name,
      email,
      cpfCnpj: document,
      text,
      outboundMessageId: outboxId,
    });
  });
  return EMAIL_SENT_MESSAGE;
}
