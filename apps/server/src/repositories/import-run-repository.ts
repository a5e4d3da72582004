import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type ImportRunCounts, importRuns, partners } from '../db/schema';

// The portfolio import runs (decision 028): one row per import started through the server, closed when it ends.

export type { ImportRunCounts };

export type ImportRunRow = typeof importRuns.$inferSelect & { partnerName: string };
export type NewImportRun = Pick<
  typeof importRuns.$inferInsert,
  'partnerId' | 'fileName' | 'fileBytes' | 'totalRows' | 'staffUserId' | 'username'
>;
export type ImportRunEnd = Pick<
  typeof importRuns.$inferInsert,
  'status' | 'rows' | 'counts' | 'issues' | 'issueCount' | 'error' | 'seconds'
>;

const columns = {
  id: importRuns.id,
  partnerId: importRuns.partnerId,
  partnerName: partners.name,
  fileName: importRuns.fileName,
  fileBytes: importRuns.fileBytes,
  totalRows: importRuns.totalRows,
  status: importRuns.status,
  rows: importRuns.rows,
  counts: importRuns.counts,
  issues: importRuns.issues,
  issueCount: importRuns.issueCount,
  error: importRuns.error,
  seconds: importRuns.seconds,
  staffUserId: importRuns.staffUserId,
  username: importRuns.username,
  startedAt: importRuns.startedAt,
  finishedAt: importRuns.finishedAt,
};

export async function insertImportRun(db: Db, run: NewImportRun): Promise<number> {
  const [row] = await db.insert(importRuns).values(run).returning({ id: importRuns.id });
  return row!.id;
}

export async function finishImportRun(db: Db, id: number, end: ImportRunEnd): Promise<void> {
  await db
    .update(importRuns)
    .set({ ...end, finishedAt: new Date() })
    .where(eq(importRuns.id, id));
}

/**
 * Closes the runs still marked running: called only by the holder of the import lock, so none of them is running
 * anywhere (the process that ran it ended before it could close it).
 */
export async function failAbandonedImportRuns(db: Db): Promise<void> {
  await db
    .update(importRuns)
    .set({
      status: 'failed',
      error: 'interrompida: o servidor parou durante a importação',
      finishedAt: new Date(),
    })
    .where(eq(importRuns.status, 'running'));
}

export async function findImportRun(db: Db, id: number): Promise<ImportRunRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(importRuns)
    .innerJoin(partners, eq(partners.id, importRuns.partnerId))
    .where(eq(importRuns.id, id));
  return row;
}

/** The latest runs, newest first. */
export function listImportRuns(db: Db, limit: number): Promise<ImportRunRow[]> {
  return db
    .select(columns)
    .from(importRuns)
    .innerJoin(partners, eq(partners.id, importRuns.partnerId))
    .orderBy(desc(importRuns.id))
    .limit(limit);
}

/** The name of a partner an import may name and whether it is archived; undefined when there is no such partner. */
export async function findImportPartner(
  db: Db,
  partnerId: number,
): Promise<{ name: string; archived: boolean } | undefined> {
  const [row] = await db
    .select({ name: partners.name, archivedAt: partners.archivedAt })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row && { name: row.name, archived: row.archivedAt !== null };
}
