import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findJobCvKey } from '../../repositories/job-application-repository';
import type { StaffScope } from '../../repositories/staff-scope';
import { readCv } from './cv-files';

/** The CV of one application for staff (GET /api/curriculos/{id}); FILE_NOT_FOUND without one or outside the scope. */
export async function readJobCv(
  deps: { db: Db; cvDir: string },
  scope: StaffScope,
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const key = await findJobCvKey(deps.db, scope, id);
  if (!key) throw new AppError('FILE_NOT_FOUND');
  const bytes = await readCv(deps.cvDir, key).catch(() => {
    throw new AppError('FILE_NOT_FOUND');
  });
  // A name of our own: the candidate's name or file name never reaches a header.
  return { bytes, fileName: `curriculo-${id}.pdf` };
}
