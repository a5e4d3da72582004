import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { getPartnerConfig } from '../services/partners/get-partner-config';
import { getPartnerForStaff } from '../services/partners/get-partner-for-staff';
import { requireStaff } from './staff-auth';

// A numeric id is the back office's partner id; identifiers never are all digits (packages/domain partner-form.ts).
const PARTNER_ID = /^\d{1,10}$/;

export function registerPartnerRoutes(app: FastifyInstance, db: Db): void {
  // Spec 002 §7: GET /api/parceiro/{id}/info answers data.data with the configuration: by identifier for the
  // portal's start-up call (public), by numeric id for the partner form (staff token required).
  app.get('/api/parceiro/:identificador/info', async (request, reply) => {
    const { identificador } = z.object({ identificador: z.string().min(1).max(63) }).parse(request.params);
    if (PARTNER_ID.test(identificador)) {
      await requireStaff(db, request, reply);
      return { data: await getPartnerForStaff(db, Number(identificador)) };
    }
    const config = await getPartnerConfig(db, identificador);
    // Short shared cache: a page load and its preload reuse one answer; back-office edits show within a minute.
    reply.header('cache-control', 'public, max-age=60');
    return { data: config };
  });
}
