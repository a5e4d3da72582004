import {
  CREDITOR_SIGN_UP_TAKEN,
  type CreditorLeadPrefill,
  type CreditorRegistration,
  firstKeptInstant,
  RETENTION_PERIODS,
  todayInBrasilia,
} from '@portal/domain';
import { and, asc, eq, gte, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { creditorCompanies, creditorLeads, partners } from '../db/schema';
import { violatedUniqueConstraint } from '../db/unique-violation';
import { AppError } from '../errors';
import { hashSecret } from '../plugins/debtor-session';
import { findRepeatedRequest } from './repeated-request';
import { partnerCondition, type StaffScope } from './staff-scope';

// Creditors signing up through a partner's portal (spec 002 §2 RegisterCreditor, §4 sign-up): the lead of the simple
// registration, found again by the random code of its e-mailed link, and the company the wizard signs up. A lead is
// always looked up on the partner whose portal the link points at.

/** A creditor lead of the partner, with the outbox message that sent its link. */
export async function insertCreditorLead(
  db: Db,
  partnerId: number,
  lead: Omit<typeof creditorLeads.$inferInsert, 'id' | 'partnerId' | 'createdAt'>,
): Promise<void> {
  await db.insert(creditorLeads).values({ ...lead, partnerId });
}

/**
 * Whether the partner has a lead with exactly these fields, created since `since` and not signed up yet (the same
 * registration sent again, decision 048), looked up under a lock on the partner and CNPJ.
 */
export async function repeatedCreditorLeadExists(
  db: Db,
  partnerId: number,
  lead: CreditorRegistration,
  since: Date,
): Promise<boolean> {
  const repeated = await findRepeatedRequest(db, {
    table: creditorLeads,
    fields: { id: creditorLeads.id },
    lock: { name: `creditor-lead:${lead.cnpj}`, id: partnerId },
    sameContent: [
      [creditorLeads.cnpj, lead.cnpj],
      [creditorLeads.companyName, lead.companyName],
      [creditorLeads.contactName, lead.contactName],
      [creditorLeads.mobile, lead.mobile],
      [creditorLeads.landline, lead.landline],
      [creditorLeads.email, lead.email],
      [creditorLeads.website, lead.website],
    ],
    where: and(
      eq(creditorLeads.partnerId, partnerId),
      notExists(
        db
          .select({ id: creditorCompanies.id })
          .from(creditorCompanies)
          .where(eq(creditorCompanies.creditorLeadId, creditorLeads.id)),
      ),
    ),
    createdAt: creditorLeads.createdAt,
    since,
  });
  return repeated !== undefined;
}

/**
 * The partner's lead of this code (undefined for another partner's code, or for a lead never signed up whose
 * retention is over, even before its job runs: decision 084): what the wizard is prefilled with, unless its link
 * already signed up its company.
 */
export async function findCreditorLead(
  db: Db,
  partnerId: number,
  code: string,
): Promise<
  { id: number; signedUp: true } | { id: number; signedUp: false; prefill: CreditorLeadPrefill } | undefined
> {
  const [lead] = await db
    .select({
      id: creditorLeads.id,
      razaoSocial: creditorLeads.companyName,
      nomeContato: creditorLeads.contactName,
      email: creditorLeads.email,
      signedUp: sql<boolean>`${creditorCompanies.id} is not null`,
    })
    .from(creditorLeads)
    .leftJoin(creditorCompanies, eq(creditorCompanies.creditorLeadId, creditorLeads.id))
    .where(
      and(
        eq(creditorLeads.codeHash, hashSecret(code)),
        eq(creditorLeads.partnerId, partnerId),
        or(
          isNotNull(creditorCompanies.id),
          gte(creditorLeads.createdAt, firstKeptInstant(todayInBrasilia(), RETENTION_PERIODS.creditor_lead)),
        ),
      ),
    )
    .limit(1);
  if (!lead) return undefined;
  const { id, razaoSocial, nomeContato, email } = lead;
  // Only a signed-up lead is minimised (its contact cleared), so one with its contact is still open.
  if (lead.signedUp || razaoSocial === null || nomeContato === null || email === null)
    return { id, signedUp: true };
  return { id, signedUp: false, prefill: { razaoSocial, nomeContato, email } };
}

/** Whether a company of this CNPJ finished the sign-up on the partner's portal (through one of its leads). */
export async function creditorCnpjSignedUp(db: Db, partnerId: number, cnpj: string): Promise<boolean> {
  const [company] = await db
    .select({ id: creditorCompanies.id })
    .from(creditorLeads)
    .innerJoin(creditorCompanies, eq(creditorCompanies.creditorLeadId, creditorLeads.id))
    .where(and(eq(creditorLeads.partnerId, partnerId), eq(creditorLeads.cnpj, cnpj)))
    .limit(1);
  return company !== undefined;
}

/** The company whose user has this login, with what its sign-up stored: a repeated sign-up is compared with it. */
export async function findCreditorCompanyByLogin(db: Db, login: string) {
  const [company] = await db
    .select({
      partnerId: creditorCompanies.partnerId,
      creditorLeadId: creditorCompanies.creditorLeadId,
      databaseName: creditorCompanies.databaseName,
      companyName: creditorCompanies.companyName,
      userName: creditorCompanies.userName,
      userEmail: creditorCompanies.userEmail,
      planCode: creditorCompanies.planCode,
      passwordHash: creditorCompanies.passwordHash,
    })
    .from(creditorCompanies)
    .where(eq(creditorCompanies.login, login))
    .limit(1);
  return company;
}

export async function creditorCompanyNameTaken(db: Db, databaseName: string): Promise<boolean> {
  const [sameName] = await db
    .select({ id: creditorCompanies.id })
    .from(creditorCompanies)
    .where(eq(creditorCompanies.databaseName, databaseName))
    .limit(1);
  return sameName !== undefined;
}

/** A sign-up that lost a race for a login, company name or lead (checked first, unique in the table). */
function takenError(error: unknown): AppError | null {
  const constraint = violatedUniqueConstraint(error);
  if (constraint?.includes('one_per_lead')) return new AppError('CREDITOR_LEAD_SIGNED_UP');
  if (constraint?.includes('usu_login'))
    return new AppError('CREDITOR_LOGIN_TAKEN', CREDITOR_SIGN_UP_TAKEN.login);
  if (constraint?.includes('emp_nome_banco'))
    return new AppError('CREDITOR_COMPANY_TAKEN', CREDITOR_SIGN_UP_TAKEN.company);
  return null;
}

/**
 * A creditor company signed up through the partner's portal. A login, company name or lead taken meanwhile is
 * CREDITOR_LOGIN_TAKEN, CREDITOR_COMPANY_TAKEN or CREDITOR_LEAD_SIGNED_UP.
 */
export async function insertCreditorCompany(
  db: Db,
  partnerId: number,
  company: Omit<typeof creditorCompanies.$inferInsert, 'id' | 'partnerId' | 'createdAt'>,
): Promise<void> {
  await db
    .insert(creditorCompanies)
    .values({ ...company, partnerId })
    .catch((error: unknown) => {
      throw takenError(error) ?? error;
    });
}

/**
 * Every creditor company by name, with the identifier of the partner portal that already uses it: all of them for
 * administrators and auditors, only its partners' companies for an operator.
 */
export async function listCreditorCompanies(
  db: Db,
  scope: StaffScope,
): Promise<{ id: number; companyName: string; partnerIdentifier: string | null }[]> {
  return db
    .select({
      id: creditorCompanies.id,
      companyName: creditorCompanies.companyName,
      partnerIdentifier: partners.identifier,
    })
    .from(creditorCompanies)
    .leftJoin(partners, eq(partners.companyCode, creditorCompanies.id))
    .where(partnerCondition(partners.id, scope))
    .orderBy(asc(creditorCompanies.companyName), asc(creditorCompanies.id));
}
