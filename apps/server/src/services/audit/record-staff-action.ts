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

/**
 * One audit row (decision 024): who, from which address, which route and action, and the change the use case
 * described (none for a call that described nothing: the route still says what was done). A use case with a
 * transaction writes it there, beside its change.
 */
export async function recordStaffAction(
  db: Db,
  trail: AuditTrail,
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
