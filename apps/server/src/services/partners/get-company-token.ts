import type { Db } from '../../db/client';
import { findPartnerByCompanyCode } from '../../repositories/partner-repository';

/**
 * a=portal&b=retornarTokenEmpresa (spec 002 §7): the company token the portal keeps for its calls, or null when
 * the company is unknown or its portal is switched off (the client then shows 'Portal não está funcionando!').
 * It identifies the company; it is not a credential (GUIDE "The wire contract").
 */
export async function getCompanyToken(db: Db, companyCode: number): Promise<string | null> {
  const partner = await findPartnerByCompanyCode(db, companyCode);
  return partner?.companyToken ?? null;
}
