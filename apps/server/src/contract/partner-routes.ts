import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { getPartnerConfig } from '../services/partners/get-partner-config';

export function registerPartnerRoutes(app: FastifyInstance, db: Db): void {
  // Spec 002 §7: GET /api/parceiro/{id}/info answers data.data with the configuration.
  app.get('/api/parceiro/:identificador/info', async (request, reply) => {
    const { identificador } = z.object({ identificador: z.string().min(1).max(63) }).parse(request.params);
    const config = await getPartnerConfig(db, identificador);
    // Short shared cache: a page load and its preload reuse one answer; back-office edits show within a minute.
    reply.header('cache-control', 'public, max-age=60');
    return { data: config };
  });
}
