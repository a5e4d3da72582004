import type { CreditorLeadPrefill } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findCreditorLead as findLead } from '../../repositories/creditor-repository';
import type { PartnerRow } from '../../repositories/partner-repository';

/**
 * getEmpresasCredoras (spec 002 §7): the lead of the e-mailed link by its random code, on the partner whose address
 * the link points at. An unknown code (one of another partner, or of a lead never signed up past its five years,
 * decision 084) answers CREDITOR_LEAD_NOT_FOUND, and the code of a link that already signed up its company
 * CREDITOR_LEAD_SIGNED_UP (one company a link).
 */
export async function findCreditorLead(
  db: Db,
  partner: PartnerRow,
  code: string,
): Promise<CreditorLeadPrefill> {
  const lead = await findLead(db, partner.id, code);
  if (!lead) throw new AppError('CREDITOR_LEAD_NOT_FOUND');
  if (lead.signedUp) throw new AppError('CREDITOR_LEAD_SIGNED_UP');
  return lead.prefill;
}
