import { randomBytes } from 'node:crypto';
import {
  CREDITOR_REGISTRATION_SUCCESS,
  type CreditorRegistrationInput,
  creditorSignUpLink,
  findSection,
  validateCreditorRegistration,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { creditorLeads } from '../../db/schema';
import { AppError } from '../../errors';
import {
  creditorConfirmationEmail,
  creditorLeadNotificationEmail,
} from '../../integrations/mail/creditor-templates';
import { loadPartnerConfig, type PartnerRow } from '../../repositories/partner-repository';
import { enqueueEmail } from '../outbox/enqueue-email';
import { partnerPortalUrl } from './creditor-links';

/**
 * Simple creditor registration (spec 002 §2 RegisterCreditor, §7 cadastrarEmpresaCredora): validated, stored as a
 * creditor lead of the host's partner with a random code (144 bits), and, in the same transaction, the creditor is
 * e-mailed the wizard link (/cadastre-sua-empresa/{code}) and the partner's contact address is told. The code is
 * never answered to the client: only whoever reads the e-mail can open the prefilled wizard.
 */
export async function registerCreditorLead(
  db: Db,
  deps: { publicUrlTemplate: string },
  partner: PartnerRow,
  input: CreditorRegistrationInput,
): Promise<string> {
  const result = validateCreditorRegistration(input);
  if (!result.ok) throw new AppError('INVALID_INPUT', result.errors);
  const { registration } = result;
  const code = randomBytes(18).toString('base64url');
  const link = creditorSignUpLink(partnerPortalUrl(deps.publicUrlTemplate, partner), code);
  const config = await loadPartnerConfig(db, partner);
  // Without a partner contact address the lead is still kept and the creditor still gets the link.
  const partnerAddress = findSection(config, 'contact')?.campos.email?.trim();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const confirmationId = await enqueueEmail(txDb, {
      partnerId: partner.id,
      to: registration.email,
      email: creditorConfirmationEmail({
        partnerName: partner.name,
        contactName: registration.contactName,
        companyName: registration.companyName,
        link,
      }),
    });
    if (partnerAddress) {
      await enqueueEmail(txDb, {
        partnerId: partner.id,
        to: partnerAddress,
        replyTo: registration.email,
        email: creditorLeadNotificationEmail({ partnerName: partner.name, ...registration }),
      });
    }
    await tx.insert(creditorLeads).values({
      code,
      partnerId: partner.id,
      ...registration,
      signUpLink: link,
      outboundMessageId: confirmationId,
    });
  });
  return CREDITOR_REGISTRATION_SUCCESS;
}
