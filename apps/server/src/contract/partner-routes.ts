import { createHash } from 'node:crypto';
import type { PartnerConfig } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { getPartnerConfig } from '../services/partners/get-partner-config';
import { getPartnerForStaff } from '../services/partners/get-partner-for-staff';
import { codeDigits, lineText } from './body-fields';
import { requireStaff } from './staff-auth';

// A numeric id is the back office's partner id; identifiers never are all digits (packages/domain partner-form.ts).
const PARTNER_ID = /^\d+$/;
const infoParams = z.object({ identificador: lineText(63).min(1) });
const partnerIdParams = z.object({ identificador: codeDigits });

// One tag per configuration object: the partner cache hands out the same frozen object until the partner changes.
const etags = new WeakMap<PartnerConfig, string>();
function etagOf(config: PartnerConfig): string {
  let tag = etags.get(config);
  if (!tag) {
    tag = `"${createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 27)}"`;
    etags.set(config, tag);
  }
  return tag;
}

export function registerPartnerRoutes(app: FastifyInstance, db: Db): void {
  // Spec 002 §7: GET /api/parceiro/{id}/info answers data.data with the configuration: by identifier for the
  // portal's start-up call (public), by numeric id for the partner form (staff token required).
  app.get('/api/parceiro/:identificador/info', async (request, reply) => {
    const { identificador } = infoParams.parse(request.params);
    if (PARTNER_ID.test(identificador)) {
      const staff = await requireStaff(db, request, reply, 'read');
      return {
        data: await getPartnerForStaff(db, staff.scope, partnerIdParams.parse(request.params).identificador),
      };
    }
    const config = await getPartnerConfig(db, identificador);
    // Revalidated on every load (a 304 when unchanged), so a back-office edit shows on the subdomain at once.
    const etag = etagOf(config);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return { data: config };
  });
}
