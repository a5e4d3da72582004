import type { CompanyOption } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditorCompanies, partners } from '../../db/schema';

/**
 * The companies a partner portal can belong to (spec 002 §3 "Company option: codigo, nome_empresa", §7 getEmpresas):
 * the creditor companies signed up through the wizard, by name, each with the portal that already uses it.
 */
export async function listCompanies(db: Db): Promise<CompanyOption[]> {
  const rows = await db
    .select({
      codigo: creditorCompanies.id,
      nome: creditorCompanies.companyName,
      parceiro: partners.identifier,
    })
    .from(creditorCompanies)
    .leftJoin(partners, eq(partners.companyCode, creditorCompanies.id))
    .orderBy(asc(creditorCompanies.companyName), asc(creditorCompanies.id));
  return rows.map((row) => ({ codigo: row.codigo, nome_empresa: row.nome, parceiro: row.parceiro }));
}
