import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { authenticateStaff, type StaffIdentity } from '../services/staff/authenticate-staff';

// The admin guard (spec 002 §6, §7; issue 5 item 2): every admin call carries `Authorization: Bearer <token>`; a
// token that is absent, unknown, expired or revoked is answered 401 'Unauthenticated' before the body is read.
// Admin routes are registered through `staffOnly`, whose scope runs the guard on each of them.

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated staff user inside a `staffOnly` scope; null elsewhere. */
    staff: StaffIdentity | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{20,200})\s*$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/** The staff user of a request inside a `staffOnly` scope (the guard already refused any other). */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new AppError('STAFF_UNAUTHENTICATED');
  return request.staff;
}

/** Decorates requests with `staff`; call once on the root instance before any `staffOnly` scope. */
export function installStaffAuth(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
}

/**
 * The guard itself, for a staff-only call outside a `staffOnly` scope (the api.php FAQ actions): the request's
 * staff user, or 401 'Unauthenticated' with `WWW-Authenticate: Bearer`. The answer is never cached either way.
 */
export async function requireStaff(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StaffIdentity> {
  reply.header('cache-control', 'no-store');
  const token = bearerToken(request);
  const staff = token ? await authenticateStaff(db, token) : undefined;
  if (!staff) {
    reply.header('www-authenticate', 'Bearer');
    throw new AppError('STAFF_UNAUTHENTICATED');
  }
  request.staff = staff;
  return staff;
}

/**
 * A plugin scope whose every route requires a valid staff token: `await app.register(staffOnly(db, (admin) => {
 * admin.get(...) }))`. Answers are never cached (they carry back-office data).
 */
export function staffOnly(
  db: Db,
  routes: (admin: FastifyInstance) => void | Promise<void>,
): FastifyPluginAsync {
  return async (admin) => {
    admin.addHook('onRequest', async (request, reply) => {
      await requireStaff(db, request, reply);
    });
    await routes(admin);
  };
}
