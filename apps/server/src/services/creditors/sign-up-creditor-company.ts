import {
  CREDITOR_SIGN_UP_FIXED,
  type CreditorSignUpPayload,
  parseCreditorSignUpPayload,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditorCompanies, creditorLeads } from '../../db/schema';
import { violatedUniqueConstraint } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { creditorWelcomeEmail } from '../../integrations/mail/creditor-templates';
import type { PartnerRow } from '../../repositories/partner-repository';
import { enqueueEmail } from '../outbox/enqueue-email';
import { hashStaffPassword } from '../staff/staff-credentials';
import { partnerPortalUrl } from './creditor-links';

export type CreditorSignUpBody = Partial<Record<keyof CreditorSignUpPayload, string>>;

/** A sign-up that lost a race for a login or company name (checked first, unique in the table). */
function takenError(error: unknown): AppError | null {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('usu_login')) return new AppError('CREDITOR_LOGIN_TAKEN');
  if (constraint?.includes('emp_nome_banco')) return new AppError('CREDITOR_COMPANY_TAKEN');
  return null;
}

/**
 * cadastrarCliente (spec 002 §3 "Creditor registration payload", §4 sign-up): the payload read by the domain's
 * rules (derived and fixed values checked, not trusted), a login or company name already taken refused with its
 * own message, then the creditor company and its user stored with the password's argon2id hash only (the payload
 * carries the password twice; neither copy is kept or logged) and a welcome e-mail without it queued, in one
 * transaction. A lead code from the wizard link ties the company to its lead when it is this partner's.
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
  const [taken] = await db
    .select({ login: creditorCompanies.login })
    .from(creditorCompanies)
    .where(eq(creditorCompanies.login, signUp.login))
    .limit(1);
  if (taken) throw new AppError('CREDITOR_LOGIN_TAKEN');
  const [sameName] = await db
    .select({ id: creditorCompanies.id })
    .from(creditorCompanies)
    .where(eq(creditorCompanies.databaseName, signUp.databaseName))
    .limit(1);
  if (sameName) throw new AppError('CREDITOR_COMPANY_TAKEN');

  const leadCode = body.codigo?.trim();
  const [lead] = leadCode
    ? await db
        .select({ id: creditorLeads.id })
        .from(creditorLeads)
        .where(and(eq(creditorLeads.code, leadCode), eq(creditorLeads.partnerId, partner.id)))
        .limit(1)
    : [];
  const passwordHash = await hashStaffPassword(signUp.password);
  const portalUrl = partner.creditorAccessUrl || partnerPortalUrl(deps.publicUrlTemplate, partner);

  await db
    .transaction(async (tx) => {
      const welcomeId = await enqueueEmail(tx as unknown as Db, {
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
      await tx.insert(creditorCompanies).values({
        creditorLeadId: lead?.id ?? null,
        partnerId: partner.id,
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
    })
    .catch((error: unknown) => {
      throw takenError(error) ?? error;
    });
}
