import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobApplications } from '../../db/schema';
import { AppError } from '../../errors';
import { readCv } from './cv-files';

/** The CV of one application for staff (GET /api/curriculos/{id}); FILE_NOT_FOUND without one. */
export async function readJobCv(
  deps: { db: Db; cvDir: string },
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const [row] = await deps.db
    .select({ key: jobApplications.cvFileKey })
    .from(jobApplications)
    .where(eq(jobApplications.id, id))
    .limit(1);
  if (!row?.key) throw new AppError('FILE_NOT_FOUND');
  const bytes = await readCv(deps.cvDir, row.key).catch(() => {
    throw new AppError('FILE_NOT_FOUND');
  });
  // A name of our own: the candidate's name or file name never reaches a header.
  return { bytes, fileName: `curriculo-${id}.pdf` };
}
