import { STAFF_TEAM_MESSAGES, staffAccessSchema, staffMemberSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { createStaffMember } from '../services/staff/create-staff-member';
import { disableStaffMember } from '../services/staff/disable-staff-member';
import { enableStaffMember } from '../services/staff/enable-staff-member';
import { listStaffMembers } from '../services/staff/list-staff-members';
import { resetStaffPassword } from '../services/staff/reset-staff-password';
import { updateStaffAccess } from '../services/staff/update-staff-access';
import { formCode } from './body-fields';
import { auditTrailOf } from './staff-auth';

// Staff management of the admin API (issue 18 item 5; docs/api.md "Staff"), registered inside `staffOnly`,
// administrators only. Each use case writes its audit row in its own transaction. A temporary password is in the
// answer of the call that set it and nowhere else (the audit row records that a password was set, never which).

const idParam = z.object({ id: formCode });
const config = { staffAccess: 'administration' } as const;

export function registerStaffAdminRoutes(admin: FastifyInstance, db: Db): void {
  admin.get('/api/equipe', { config }, async () => ({ data: await listStaffMembers(db) }));

  admin.post('/api/equipe', { config }, async (request, reply) => {
    const data = await createStaffMember(
      db,
      auditTrailOf(request),
      staffMemberSchema.parse(request.body ?? {}),
    );
    return reply.code(201).send({ message: STAFF_TEAM_MESSAGES.created, data });
  });

  admin.put('/api/equipe/:id', { config }, async (request) => {
    const { id } = idParam.parse(request.params);
    const data = await updateStaffAccess(
      db,
      auditTrailOf(request),
      id,
      staffAccessSchema.parse(request.body ?? {}),
    );
    return { message: STAFF_TEAM_MESSAGES.updated, data };
  });

  admin.post('/api/equipe/:id/desativar', { config }, async (request) => {
    const { id } = idParam.parse(request.params);
    const data = await disableStaffMember(db, auditTrailOf(request), id);
    return { message: STAFF_TEAM_MESSAGES.disabled, data };
  });

  admin.post('/api/equipe/:id/reativar', { config }, async (request) => {
    const { id } = idParam.parse(request.params);
    const data = await enableStaffMember(db, auditTrailOf(request), id);
    return { message: STAFF_TEAM_MESSAGES.enabled, data };
  });

  admin.post('/api/equipe/:id/senha', { config }, async (request) => {
    const { id } = idParam.parse(request.params);
    const data = await resetStaffPassword(db, auditTrailOf(request), id);
    return { message: STAFF_TEAM_MESSAGES.passwordReset, data };
  });
}
