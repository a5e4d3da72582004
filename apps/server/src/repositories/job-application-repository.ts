import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobApplications, partners } from '../db/schema';

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

/** One page of applications for staff, newest first, of every partner or of one; and how many there are. */
export async function listJobApplicationsPage(
  db: Db,
  filter: { partnerId?: number | undefined },
  page: { limit: number; offset: number },
): Promise<{
  rows: { application: JobApplicationRow; partnerName: string; partnerIdentifier: string }[];
  total: number;
}> {
  const where = filter.partnerId === undefined ? undefined : eq(jobApplications.partnerId, filter.partnerId);
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
export async function findJobCvKey(db: Db, id: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ key: jobApplications.cvFileKey })
    .from(jobApplications)
    .where(eq(jobApplications.id, id))
    .limit(1);
  return row?.key;
}
