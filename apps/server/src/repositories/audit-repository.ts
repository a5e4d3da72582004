import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

// The append-only audit trail (decision 024): rows are inserted and read, never changed (a trigger refuses it).

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export interface AuditFilters {
  staffUserId?: number | undefined;
  entity?: string | undefined;
  /** Instants: from inclusive, to exclusive (Brasília days turned into instants by the caller). */
  range?: { from: Date; to: Date } | undefined;
}

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

function where(filters: AuditFilters): SQL | undefined {
  return and(
    filters.staffUserId === undefined ? undefined : eq(auditLog.staffUserId, filters.staffUserId),
    filters.entity === undefined ? undefined : eq(auditLog.entity, filters.entity),
    filters.range === undefined ? undefined : gte(auditLog.at, filters.range.from),
    filters.range === undefined ? undefined : lt(auditLog.at, filters.range.to),
  );
}

/** Newest first; `limit` rows from `offset`, and how many match. */
export async function listAuditRows(
  db: Db,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const condition = where(filters);
  const [counted] = await db.select({ n: count() }).from(auditLog).where(condition);
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(counted?.n ?? 0) };
}
