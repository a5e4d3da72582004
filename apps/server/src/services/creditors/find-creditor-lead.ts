import type { CreditorLeadPrefill } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditorLeads } from '../../db/schema';
import { AppError } from '../../errors';
import type { PartnerRow } from '../../repositories/partner-repository';

/**
 * getEmpresasCredoras (spec 002 §7): the lead of the e-mailed link by its random code, on the partner whose address
 * the link points at. An unknown code (or one of another partner) answers CREDITOR_LEAD_NOT_FOUND.
 */
export async function findCreditorLead(
  db: Db,
  partner: PartnerRow,
  code: string,
): Promise<CreditorLeadPrefill> {
  const [lead] = await db
    .select({
      razaoSocial: creditorLeads.companyName,
      nomeContato: creditorLeads.contactName,
      email: creditorLeads.email,
    })
    .from(creditorLeads)
    .where(and(eq(creditorLeads.code, code), eq(creditorLeads.partnerId, partner.id)))
    .limit(1);
  if (!lead) throw new AppError('CREDITOR_LEAD_NOT_FOUND');
  return lead;
}
