import { randomBytes } from 'node:crypto';
import {
  CREDITOR_REGISTRATION_MESSAGES,
  CREDITOR_REGISTRATION_SUCCESS,
  type CreditorRegistrationInput,
  creditorRegistrationSchema,
  creditorSignUpLink,
  findSection,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  creditorConfirmationEmail,
  creditorLeadNotificationEmail,
} from '../../integrations/mail/creditor-templates';
import { hashSecret } from '../../plugins/debtor-session';
import {
  creditorCnpjSignedUp,
  insertCreditorLead,
  repeatedCreditorLeadExists,
} from '../../repositories/creditor-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { repeatWindowStart } from '../repeat-window';
import { partnerPortalUrl } from './creditor-links';

/**
 * Simple creditor registration (spec 002 §2 RegisterCreditor, §7 cadastrarEmpresaCredora): validated, stored as a
 * creditor lead of the host's partner with a random code (144 bits), and, in the same transaction, the creditor is
 * e-mailed the wizard link (/cadastre-sua-empresa/{code}) and the partner's contact address is told. The code is
 * never answered to the client: only whoever reads the e-mail can open the prefilled wizard. The CNPJ of a company
 * that already finished the sign-up here is refused under its field: its new link could not be completed. The same
 * registration sent again within REPEAT_WINDOW_MINUTES while its lead is open (its answer lost, two clicks) is that
 * lead: answered alike, with no second lead or e-mail.
 */
export async function registerCreditorLead(
  db: Db,
  deps: { publicUrlTemplate: string },
  partner: PartnerRow,
  input: CreditorRegistrationInput,
): Promise<string> {
  // A refusal is a ZodError: the error handler answers it as the 400 with one message per field.
  const registration = creditorRegistrationSchema.parse(input);
  if (await creditorCnpjSignedUp(db, partner.id, registration.cnpj))
    throw new AppError('CREDITOR_CNPJ_SIGNED_UP', { cnpj: CREDITOR_REGISTRATION_MESSAGES.cnpjSignedUp });
  const code = randomBytes(18).toString('base64url');
  const link = creditorSignUpLink(partnerPortalUrl(deps.publicUrlTemplate, partner), code);
  const config = await loadPartnerConfig(db, partner);
  // Without a partner contact address the lead is still kept and the creditor still gets the link.
  const partnerAddress = findSection(config, 'contact')?.campos.email?.trim();
  await withTransaction(db, async (tx) => {
    if (await repeatedCreditorLeadExists(tx, partner.id, registration, repeatWindowStart(new Date()))) return;
    const confirmationId = await enqueueEmail(tx, {
      partnerId: partner.id,
      personId: null,
      to: registration.email,
      email: creditorConfirmationEmail({
        partnerName: partner.name,
        contactName: registration.contactName,
        companyName: registration.companyName,
        link,
      }),
    });
    const partnerMessageId = partnerAddress
      ? await enqueueEmail(tx, {
          partnerId: partner.id,
          personId: null,
          to: partnerAddress,
          replyTo: registration.email,
          email: creditorLeadNotificationEmail({ partnerName: partner.name, ...registration }),
        })
      : null;
    // Both messages named, so the lead's retention can scrub them (decision 084).
    // Only the code's hash is kept: the link is in the creditor's e-mail alone (decisions 097, 100).
    await insertCreditorLead(tx, partner.id, {
      codeHash: hashSecret(code),
      ...registration,
      outboundMessageId: confirmationId,
      partnerMessageId,
    });
  });
  return CREDITOR_REGISTRATION_SUCCESS;
}
