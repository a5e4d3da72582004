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
    /** The partner named by the request's host, or PARTNER_NOT_FOUND. */
    requirePartner(request: FastifyRequest): Promise<PartnerRow>;
    /**
     * The process's cache of partner rows and configurations: code that edits a partner calls
     * partnerCache.invalidate(partnerId) so the edit shows at once.
     */
    partnerCache: PartnerCache;
  }
}

export default fp<{ db: Db; partnerHosts: string | undefined; partnerCacheSeconds: number }>(
  async (app: FastifyInstance, options) => {
    const fixedHosts = parseFixedHosts(options.partnerHosts);
    const cache = partnerCache(options.db);
    cache.ttlMs = options.partnerCacheSeconds * 1000;
    app.decorate('partnerCache', cache);
    app.decorateRequest('partnerIdentifier', '');
    app.addHook('onRequest', async (request) => {
      request.partnerIdentifier = resolvePartnerIdentifier(request.headers.host ?? '', fixedHosts);
    });
    app.decorate('requirePartner', async (request: FastifyRequest) => {
      const partner = await findPartnerByIdentifier(options.db, request.partnerIdentifier);
      if (!partner) throw new AppError('PARTNER_NOT_FOUND');
      return partner;
    });
  },
  { name: 'tenant' },
);
