import type { Db } from '../../db/client';
import { findNamedCvKeys } from '../../repositories/job-application-repository';
import { listCvFiles, removeCv } from './cv-files';

/**
 * How old a CV file no application names must be before it is removed: the form writes the file just before the
 * transaction that names it, so a younger one may be waiting for its row (decision 055).
 */
export const ORPHAN_CV_AGE_MS = 60 * 60_000;

/** Keys asked about per query. */
const KEYS_PER_QUERY = 500;

/**
 * The daily sweep of the CV folder (decision 055): a file written more than ORPHAN_CV_AGE_MS before `now` that no
 * application names was left by a send whose process died between the file and its transaction (or by an erasure that
 * died after its commit), and is removed. Returns how many were.
 */
export async function removeOrphanCvs(deps: { db: Db; cvDir: string }, now: Date): Promise<number> {
  const old = (await listCvFiles(deps.cvDir)).filter(
    (file) => now.getTime() - file.modifiedAt.getTime() > ORPHAN_CV_AGE_MS,
  );
  let removed = 0;
  for (let start = 0; start < old.length; start += KEYS_PER_QUERY) {
    const keys = old.slice(start, start + KEYS_PER_QUERY).map((file) => file.key);
    const named = await findNamedCvKeys(deps.db, keys);
    for (const key of keys.filter((candidate) => !named.has(candidate))) {
      await removeCv(deps.cvDir, key);
      removed += 1;
    }
  }
  return removed;
}
