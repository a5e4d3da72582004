import { type AuditAction, type AuditEntity, type StaffAccess, staffMay } from '@portal/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { StaffScope } from '../repositories/staff-scope';
import { type AuditChange, type AuditTrail, recordStaffAction } from '../services/audit/record-staff-action';
import { auditedQuery } from '../services/audit/searched-person';
import { authenticateStaff, type StaffIdentity } from '../services/staff/authenticate-staff';

// The admin guard (spec 002 §6, §7; issue 5 item 2; decision 024): every admin call carries `Authorization: Bearer
// <token>`; a token that is absent, unknown, expired, revoked or of a disabled user is answered 401 'Unauthenticated'
// before the body is read. Each staff route declares who may call it (`config.staffAccess`); a role outside it is
// answered 403 'Acesso negado'. What an operator's call reaches is limited further by the scope the services get.
// Every staff write, and every read of a person's data, leaves an audit row before its answer is sent.

const WRITES: ReadonlySet<StaffAccess> = new Set<StaffAccess>(['own', 'write', 'administration']);
const VERBS: Record<string, AuditAction> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

interface StaffRequestAudit {
  access: StaffAccess;
  /** The entity of a person's data a read returns: such a read is audited too. */
  personalData: AuditEntity | undefined;
  change: AuditChange | undefined;
  /** The use case wrote the row in its own transaction (`auditTrailOf`): the hook writes none. */
  recorded: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated staff user inside a `staffOnly` scope; null elsewhere. */
    staff: StaffIdentity | null;
    staffAudit: StaffRequestAudit | null;
  }
  interface FastifyContextConfig {
    /** Required on every route of a `staffOnly` scope (checked when the route is added). */
    staffAccess?: StaffAccess;
    /** The entity of a person's data this staff read returns (privacy request, lead...): the read is audited. */
    personalData?: AuditEntity;
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

/** The scope of a staff request: what its queries may reach. */
export function scopeOf(request: FastifyRequest): StaffScope {
  return staffOf(request).scope;
}

/** Describes what a staff write changed (entity, id, before and after) for its audit row. */
export function auditChange(request: FastifyRequest, change: AuditChange): void {
  if (request.staffAudit) request.staffAudit.change = change;
}

// api.php actions are one route: the area and action name the call.
function routeName(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? request.url.split('?')[0];
  const query = request.query as { a?: unknown; b?: unknown } | undefined;
  return url === '/api.php'
    ? `${request.method} ${url}?a=${query?.a}&b=${query?.b}`
    : `${request.method} ${url}`;
}

/**
 * What a read looked at, so that the audit answers who saw whose data: the route's parameters ('lgpd/7' for GET
 * /api/filas/:fila/:id) and the query, which names a list's page and filters ('?page=2&pessoa=12') and a document's
 * instalments; a CPF/CNPJ searched for as the person's id, never as typed (decision 070); undefined for a route
 * without either (a list's first page, unfiltered).
 */
async function readTarget(db: Db, request: FastifyRequest): Promise<string | undefined> {
  const values = Object.values((request.params ?? {}) as Record<string, string>);
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return values.join('/') + (query.length > 1 ? await auditedQuery(db, query) : '') || undefined;
}

function trailOf(request: FastifyRequest, staff: StaffIdentity, audit: StaffRequestAudit): AuditTrail {
  const write = WRITES.has(audit.access) && request.method !== 'GET' && request.method !== 'HEAD';
  return {
    staff,
    ip: request.ip,
    route: routeName(request),
    action: write ? (VERBS[request.method] ?? 'update') : 'read',
  };
}

/**
 * The audit trail of a staff write, for a use case that writes its audit row in its own transaction (decision 024):
 * the row then commits or rolls back with the change, and the request's hook writes none.
 */
export function auditTrailOf(request: FastifyRequest): AuditTrail {
  const staff = staffOf(request);
  if (!request.staffAudit) throw new AppError('STAFF_UNAUTHENTICATED');
  request.staffAudit.recorded = true;
  return trailOf(request, staff, request.staffAudit);
}

/**
 * Decorates requests with `staff` and writes the audit row of each successful staff call that needs one; call
 * once on the root instance before any staff route. An audit row that cannot be written fails the answer, so no
 * write is reported done without its row.
 */
export function installStaffAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('staffAudit', null);
  // A call that failed changed nothing, whatever its status (api.php answers business failures with 200).
  app.addHook('onError', (request, _reply, _error, done) => {
    request.staffAudit = null;
    done();
  });
  // Every answer passes here: the ones with no audit row to write go on at once, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const { staff, staffAudit: audit } = request;
    if (!staff || !audit || audit.recorded || reply.statusCode >= 400) return done(null, payload);
    const trail = trailOf(request, staff, audit);
    const { change, personalData } = audit;
    if (trail.action === 'read' && personalData === undefined) return done(null, payload);
    const described: Promise<AuditChange | undefined> =
      change !== undefined || personalData === undefined
        ? Promise.resolve(change)
        : readTarget(db, request).then((entityId) => ({ entity: personalData, entityId }));
    described.then((what) => recordStaffAction(db, trail, what)).then(() => done(null, payload), done);
  });
}

/**
 * The guard itself, for a staff-only call outside a `staffOnly` scope (the api.php staff actions): the request's
 * staff user, or 401 'Unauthenticated' with `WWW-Authenticate: Bearer`, or 403 'Acesso negado' for a role `access`
 * leaves out. The answer is never cached either way.
 */
export async function requireStaff(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  access: StaffAccess,
  personalData?: AuditEntity,
): Promise<StaffIdentity> {
  reply.header('cache-control', 'no-store');
  const token = bearerToken(request);
  const staff = token ? await authenticateStaff(db, token) : undefined;
  if (!staff) {
    reply.header('www-authenticate', 'Bearer');
    throw new AppError('STAFF_UNAUTHENTICATED');
  }
  if (staff.mustChangePassword && access !== 'own') throw new AppError('STAFF_PASSWORD_CHANGE_REQUIRED');
  if (!staffMay(staff.scope.role, access)) throw new AppError('STAFF_FORBIDDEN');
  request.staff = staff;
  request.staffAudit = { access, personalData, change: undefined, recorded: false };
  return staff;
}

/**
 * A plugin scope whose every route requires a valid staff token and declares its `config.staffAccess` (a route
 * without one stops the server from starting): `await app.register(staffOnly(db, (admin) => { admin.get(...) }))`.
 * Answers are never cached (they carry back-office data).
 */
export function staffOnly(
  db: Db,
  routes: (admin: FastifyInstance) => void | Promise<void>,
): FastifyPluginAsync {
  return async (admin) => {
    admin.addHook('onRoute', (route) => {
      if (!route.config?.staffAccess)
        throw new Error(`${route.method} ${route.url}: a staff route must declare config.staffAccess`);
    });
    admin.addHook('onRequest', async (request, reply) => {
      const { staffAccess, personalData } = request.routeOptions.config;
      // Checked when the route was added; 'administration' keeps a bypassed check closed.
      await requireStaff(db, request, reply, staffAccess ?? 'administration', personalData);
    });
    await routes(admin);
  };
}
