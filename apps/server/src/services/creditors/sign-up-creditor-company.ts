import {
  CREDITOR_SIGN_UP_FIXED,
  CREDITOR_SIGN_UP_TAKEN,
  type CreditorSignUp,
  type CreditorSignUpPayload,
  parseCreditorSignUpPayload,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { creditorWelcomeEmail } from '../../integrations/mail/creditor-templates';
import {
  creditorCompanyNameTaken,
  findCreditorCompanyByLogin,
  findCreditorLead,
  insertCreditorCompany,
} from '../../repositories/creditor-repository';
import { enqueueEmail } from '../../repositories/outbox-repository';
import type { PartnerRow } from '../../repositories/partner-repository';
import { withTransaction } from '../../repositories/transaction';
import { hashStaffPassword, verifyStaffPassword } from '../staff/staff-credentials';
import { partnerPortalUrl } from './creditor-links';

export type CreditorSignUpBody = Partial<Record<keyof CreditorSignUpPayload, string>>;

/**
 * cadastrarCliente (spec 002 §3 "Creditor registration payload", §4 sign-up): the payload read by the domain's
 * rules (derived and fixed values checked, not trusted), a login or company name already taken refused with its
 * own message under its payload field (decision 058), then the creditor company and its user stored with the
 * password's argon2id hash only (the payload carries the password twice; neither copy is kept or logged) and a
 * welcome e-mail without it queued, in one transaction. A lead code from the wizard link ties the company to its lead when it is this partner's; a link
 * signs up one company, so the code of a lead that has its company is refused before anything else.
 * The same sign-up sent again (a retry whose first answer was lost, a second click that raced the first) is answered
 * as the first, with no second company or e-mail: see repeatsSignUp.
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
  const leadId = lead?.id ?? null;
  const stored = await findCreditorCompanyByLogin(db, signUp.login);
  if (stored && (await repeatsSignUp(stored, partner, signUp, leadId))) return;
  if (lead?.signedUp) throw new AppError('CREDITOR_LEAD_SIGNED_UP');
  if (stored) throw new AppError('CREDITOR_LOGIN_TAKEN', CREDITOR_SIGN_UP_TAKEN.login);
  if (await creditorCompanyNameTaken(db, signUp.databaseName))
    throw new AppError('CREDITOR_COMPANY_TAKEN', CREDITOR_SIGN_UP_TAKEN.company);

  const passwordHash = await hashStaffPassword(signUp.password);
  const portalUrl = partner.creditorAccessUrl || partnerPortalUrl(deps.publicUrlTemplate, partner);

  try {
    await withTransaction(db, async (tx) => {
      const welcomeId = await enqueueEmail(tx, {
        partnerId: partner.id,
        personId: null,
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
        creditorLeadId: leadId,
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
  } catch (error) {
    // A login or lead taken meanwhile (insertCreditorCompany's AppError) may be the same sign-up sent at the same
    // time: then it is this one, made.
    if (!(error instanceof AppError)) throw error;
    const winner = await findCreditorCompanyByLogin(db, signUp.login);
    if (!(winner && (await repeatsSignUp(winner, partner, signUp, leadId)))) throw error;
  }
}

/**
 * Whether the company stored under the sign-up's login is this very sign-up: same partner, lead, company, user,
 * e-mail and plan, and the password its hash was made from. Only the person who typed that password can be told
 * so; anything else is another sign-up, refused as a login taken.
 */
async function repeatsSignUp(
  stored: NonNullable<Awaited<ReturnType<typeof findCreditorCompanyByLogin>>>,
  partner: PartnerRow,
  signUp: CreditorSignUp,
  leadId: number | null,
): Promise<boolean> {
  const same =
    stored.partnerId === partner.id &&
    stored.creditorLeadId === leadId &&
    stored.databaseName === signUp.databaseName &&
    stored.companyName === signUp.companyName &&
    stored.userName === signUp.userName &&
    stored.userEmail === signUp.userEmail &&
    stored.planCode === signUp.plan.code;
  if (!same) return false;
  return verifyStaffPassword(stored.passwordHash, signUp.password);
}
