import { parseFixedHosts, resolvePartnerIdentifier } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import {
  findPartnerByIdentifier,
  type PartnerCache,
  type PartnerRow,
  partnerCache,
} from '../repositories/partner-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Partner identifier resolved from the Host header (spec 000 §1). */
    partnerIdentifier: string;
  }
  interface FastifyInstance {
    /** The partner named by the request's host, if any, switched off or not. */
    findPartner(request: FastifyRequest): Promise<PartnerRow | undefined>;
    /**
     * The partner named by the request's host for a call made on its portal: PARTNER_NOT_FOUND when there is none,
     * PARTNER_SWITCHED_OFF when its portal is switched off (unless `evenSwitchedOff`: a data-protection request).
     */
    requirePartner(request: FastifyRequest, options?: { evenSwitchedOff?: boolean }): Promise<PartnerRow>;
    /**
     * The process's cache of partner rows and configurations: code that edits a partner calls
     * partnerCache.invalidate(partnerId) so the edit shows at once.
     */
    partnerCache: PartnerCache;
  }
}

/** Staff switched this partner's portal off (it has no company token): it says 'Portal não está funcionando!'. */
export const isSwitchedOff = (partner: PartnerRow): boolean => partner.companyToken === null;

export default fp<{ db: Db; partnerHosts: string | undefined; partnerCacheSeconds: number }>(
  async (app: FastifyInstance, options) => {
    const fixedHosts = parseFixedHosts(options.partnerHosts);
    const cache = partnerCache(options.db);
    cache.ttlMs = options.partnerCacheSeconds * 1000;
    app.decorate('partnerCache', cache);
    app.decorateRequest('partnerIdentifier', '');
    app.addHook('onRequest', (request, _reply, done) => {
      request.partnerIdentifier = resolvePartnerIdentifier(request.headers.host ?? '', fixedHosts);
      done();
    });
    app.decorate('findPartner', (request: FastifyRequest) =>
      findPartnerByIdentifier(options.db, request.partnerIdentifier),
    );
    app.decorate(
      'requirePartner',
      async (request: FastifyRequest, options?: { evenSwitchedOff?: boolean }) => {
        const partner = await app.findPartner(request);
        if (!partner) throw new AppError('PARTNER_NOT_FOUND');
        if (options?.evenSwitchedOff) return partner;
        // Every portal call of a partner resolves it here, so a switched-off portal is closed in this one place: its
        // pages and configuration still load (to show the message), but nobody identifies, registers or writes.
        if (isSwitchedOff(partner)) throw new AppError('PARTNER_SWITCHED_OFF');
        return partner;
      },
    );
  },
  { name: 'tenant' },
);
