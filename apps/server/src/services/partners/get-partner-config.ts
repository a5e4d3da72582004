import type { PartnerConfig } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findPartnerByIdentifier, loadPartnerConfig } from '../../repositories/partner-repository';

/** GET /api/parceiro/{identificador}/info: the configuration the portal loads at start-up (spec 002 §7). */
export async function getPartnerConfig(db: Db, identifier: string): Promise<PartnerConfig> {
  const partner = await findPartnerByIdentifier(db, identifier);
  if (!partner) throw new AppError('PARTNER_NOT_FOUND');
  return loadPartnerConfig(db, partner);
}
