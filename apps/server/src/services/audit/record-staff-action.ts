import type { AuditAction, AuditEntity } from '@portal/domain';
import type { Db } from '../../db/client';
import { insertAuditRow } from '../../repositories/audit-repository';
import type { StaffIdentity } from '../staff/authenticate-staff';

/** What a use case changed, for the audit row of its request: the entity, its id, and its state before and after. */
export interface AuditChange {
  entity: AuditEntity;
  entityId?: string | number | undefined;
  action?: AuditAction;
  before?: unknown;
  after?: unknown;
}

/** Who made a staff call, from which address, through which route, and its default action. */
export interface AuditTrail {
  staff: StaffIdentity;
  ip: string;
  route: string;
  action: AuditAction;
}

/** Who an audit row names: a staff call's trail, or the system's (no client address). */
export interface AuditSource extends Omit<AuditTrail, 'staff' | 'ip'> {
  staff: Pick<StaffIdentity, 'userId' | 'username'>;
  ip: string | null;
}

/** Who the audit names for a change no staff member made: no staff user has id 0 (ids start at 1). */
export const SYSTEM_ACTOR = { userId: 0, username: 'sistema' } as const;

/** The trail of a scheduled job's change: the system, from no address, route `job {name}`. */
export function scheduledJobTrail(job: string, action: AuditAction): AuditSource {
  return { staff: SYSTEM_ACTOR, ip: null, route: `job ${job}`, action };
}

/**
 * One audit row (decision 024): who, from which address, which route and action, and the change the use case
 * described (none for a call that described nothing: the route still says what was done). A use case with a
 * transaction writes it there, beside its change.
 */
export async function recordStaffAction(
  db: Db,
  trail: AuditSource,
  change: AuditChange | undefined,
): Promise<void> {
  await insertAuditRow(db, {
    staffUserId: trail.staff.userId,
    username: trail.staff.username,
    ip: trail.ip,
    route: trail.route,
    action: change?.action ?? trail.action,
    entity: change?.entity ?? null,
    entityId: change?.entityId === undefined ? null : String(change.entityId),
    before: change?.before ?? null,
    after: change?.after ?? null,
  });
}
