import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobApplications, partners } from '../db/schema';
import { violatedUniqueConstraint } from '../db/unique-violation';
import { partnerCondition, type StaffScope } from './staff-scope';

export type JobApplicationRow = typeof jobApplications.$inferSelect;

/** A job application sent through the partner's portal. */
export async function insertJobApplication(
  db: Db,
  partnerId: number,
  application: Omit<typeof jobApplications.$inferInsert, 'id' | 'partnerId' | 'createdAt'>,
): Promise<number> {
  const [row] = await db
    .insert(jobApplications)
    .values({ ...application, partnerId })
    .returning({ id: jobApplications.id });
  return row!.id;
}

/** The error of a send whose Idempotency-Key another request stored on the partner at the same moment. */
export const isSameSendStored = (error: unknown) =>
  violatedUniqueConstraint(error) === 'job_applications_partner_idempotency';

/** The application a send with this Idempotency-Key stored on the partner, if any. */
export async function findJobApplicationByKey(
  db: Db,
  partnerId: number,
  idempotencyKey: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.partnerId, partnerId), eq(jobApplications.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row?.id;
}

/** One page of applications for staff, newest first, of every partner or of one; and how many there are. */
export async function listJobApplicationsPage(
  db: Db,
  scope: StaffScope,
  filter: { partnerId?: number | undefined },
  page: { limit: number; offset: number },
): Promise<{
  rows: { application: JobApplicationRow; partnerName: string; partnerIdentifier: string }[];
  total: number;
}> {
  const where = and(
    partnerCondition(jobApplications.partnerId, scope),
    filter.partnerId === undefined ? undefined : eq(jobApplications.partnerId, filter.partnerId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        application: jobApplications,
        partnerName: partners.name,
        partnerIdentifier: partners.identifier,
      })
      .from(jobApplications)
      .innerJoin(partners, eq(partners.id, jobApplications.partnerId))
      .where(where)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(jobApplications).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The stored CV's key of one application, for staff; null when it has none, undefined when there is no such one. */
export async function findJobCvKey(
  db: Db,
  scope: StaffScope,
  id: number,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ key: jobApplications.cvFileKey })
    .from(jobApplications)
    .where(and(eq(jobApplications.id, id), partnerCondition(jobApplications.partnerId, scope)))
    .limit(1);
  return row?.key;
}

/**
 * Deletes one application of the staff member's scope; answers what it pointed at (its CV's key, the partner's
 * notification), or undefined when there is no such one.
 */
export async function deleteJobApplicationRow(
  db: Db,
  scope: StaffScope,
  id: number,
): Promise<Pick<JobApplicationRow, 'cvFileKey' | 'outboundMessageId'> | undefined> {
  const [row] = await db
    .delete(jobApplications)
    .where(and(eq(jobApplications.id, id), partnerCondition(jobApplications.partnerId, scope)))
    .returning({
      cvFileKey: jobApplications.cvFileKey,
      outboundMessageId: jobApplications.outboundMessageId,
    });
  return row;
}

/** The ids of applications sent before `before`, oldest first, at most `limit` (the retention job's batch). */
export async function findJobApplicationsSentBefore(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(lt(jobApplications.createdAt, before))
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Which of these CV keys an application names (every partner's). */
export async function findNamedCvKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: jobApplications.cvFileKey })
    .from(jobApplications)
    .where(inArray(jobApplications.cvFileKey, [...keys]));
  return new Set(rows.map((row) => row.key ?? ''));
}
