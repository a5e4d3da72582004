import {
  CREDITOR_SIGN_UP_FIXED,
  type CreditorSignUpPayload,
  parseCreditorSignUpPayload,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { creditorWelcomeEmail } from '../../integrations/mail/creditor-templates';
import {
  creditorCompanyNameTaken,
  creditorLoginTaken,
  findCreditorLead,
  insertCreditorCompany,
} from '../../repositories/creditor-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { hashStaffPassword } from '../staff/staff-credentials';
import { partnerPortalUrl } from './creditor-links';

export type CreditorSignUpBody = Partial<Record<keyof CreditorSignUpPayload, string>>;

/**
 * cadastrarCliente (spec 002 §3 "Creditor registration payload", §4 sign-up): the payload read by the domain's
 * rules (derived and fixed values checked, not trusted), a login or company name already taken refused with its
 * own message, then the creditor company and its user stored with the password's argon2id hash only (the payload
 * carries the password twice; neither copy is kept or logged) and a welcome e-mail without it queued, in one
 * transaction. A lead code from the wizard link ties the company to its lead when it is this partner's; a link
 * signs up one company, so the code of a lead that has its company is refused before anything else.
 */
export async function signUpCreditorCompany(
  db: Db,
  deps: { publicUrlTemplate: string },
  partner: PartnerRow,
  body: CreditorSignUpBody,
): Promise<void> {
  const result = parseCreditorSignUpPayload(body);
  if (!result.ok) throw new AppError('INVALID_INPUT', result.errors);
  const { signUp } = result;
  const leadCode = body.codigo?.trim();
  const lead = leadCode ? await findCreditorLead(db, partner.id, leadCode) : undefined;
  if (lead?.signedUp) throw new AppError('CREDITOR_LEAD_SIGNED_UP');
  if (await creditorLoginTaken(db, signUp.login)) throw new AppError('CREDITOR_LOGIN_TAKEN');
  if (await creditorCompanyNameTaken(db, signUp.databaseName)) throw new AppError('CREDITOR_COMPANY_TAKEN');

  const passwordHash = await hashStaffPassword(signUp.password);
  const portalUrl = partner.creditorAccessUrl || partnerPortalUrl(deps.publicUrlTemplate, partner);

  await withTransaction(db, async (tx) => {
    const welcomeId = await enqueueEmail(tx, {
      partnerId: partner.id,
      to: signUp.userEmail,
      email: creditorWelcomeEmail({
        partnerName: partner.name,
        userName: signUp.userName,
        companyName: signUp.companyName,
        login: signUp.login,
        planName: signUp.plan.name,
        portalUrl,
      }),
    });
    await insertCreditorCompany(tx, partner.id, {
      creditorLeadId: lead?.id ?? null,
      databaseName: signUp.databaseName,
      companyName: signUp.companyName,
      userName: signUp.userName,
      userEmail: signUp.userEmail,
      login: signUp.login,
      passwordHash,
      planCode: signUp.plan.code,
      usesPortal: signUp.plan.usesPortal,
      userCount: CREDITOR_SIGN_UP_FIXED.userCount,
      businessKind: CREDITOR_SIGN_UP_FIXED.businessKind,
      outboundMessageId: welcomeId,
    });
  });
}
