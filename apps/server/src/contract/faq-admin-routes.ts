import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { listStaffFaq } from '../services/faq/list-faq';
import { formCode } from './body-fields';
import { scopeOf } from './staff-auth';

// The back office's FAQ reads (issue 18 item 8; docs/api.md "FAQ"), registered inside `staffOnly`: every entry the
// caller may see with its partner (null: the shared list), which the portal's getDuvidas, one partner's list, cannot
// tell. The writes stay the spec's api.php actions (faq-actions.ts).

const idParam = z.object({ id: formCode });

export function registerFaqAdminRoutes(admin: FastifyInstance, db: Db): void {
  admin.get('/api/duvidas', { config: { staffAccess: 'read' } }, async (request) => ({
    data: await listStaffFaq(db, scopeOf(request)),
  }));
  admin.get('/api/duvidas/:id', { config: { staffAccess: 'read' } }, async (request) => {
    const { id } = idParam.parse(request.params);
    return { data: (await listStaffFaq(db, scopeOf(request), id))[0] };
  });
}
