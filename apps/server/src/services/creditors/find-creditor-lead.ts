import type { CreditorLeadPrefill } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findCreditorLeadPrefill } from '../../repositories/creditor-repository';
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
  const lead = await findCreditorLeadPrefill(db, partner.id, code);
  if (!lead) throw new AppError('CREDITOR_LEAD_NOT_FOUND');
  return lead;
}
