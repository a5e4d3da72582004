import type { CompanyOption } from '@portal/domain';
import type { Db } from '../../db/client';
import { listCreditorCompanies } from '../../repositories/creditor-repository';
import type { StaffScope } from '../../repositories/staff-scope';

/**
 * The companies a partner portal can belong to (spec 002 §3 "Company option: codigo, nome_empresa", §7 getEmpresas):
 * the creditor companies signed up through the wizard, by name, each with the portal that already uses it.
 */
export async function listCompanies(db: Db, scope: StaffScope): Promise<CompanyOption[]> {
  const rows = await listCreditorCompanies(db, scope);
  return rows.map((row) => ({
    codigo: row.id,
    nome_empresa: row.companyName,
    parceiro: row.partnerIdentifier,
  }));
}
