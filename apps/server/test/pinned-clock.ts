import { todayInBrasilia } from '@portal/domain';
import { vi } from 'vitest';

// Tests whose figures depend on the date pin the clock to a weekday (an instalment due on a weekend moves to Monday,
// and a run across midnight must not compare two days). The pinned clock keeps moving, and each pin starts where the
// last one left off: PGlite reads its now() from the faked Date, so a clock set back for every test made later rows
// older than earlier ones (seen in CI).

/** A Wednesday, noon in Brasília. */
export const WEEKDAY_NOON = new Date('2026-11-25T12:00:00-03:00');

const suiteStart = performance.now();

/** Fakes Date at WEEKDAY_NOON plus the time the tests have run so far (in this worker: files share the module). */
export const pinClock = () =>
  vi.useFakeTimers({
    toFake: ['Date'],
    now: WEEKDAY_NOON.getTime() + Math.ceil(performance.now() - suiteStart),
    shouldAdvanceTime: true,
  });

/**
 * For a file that keeps the real clock (its dates meet the database's own now() on PostgreSQL, or a browser's): when
 * Brasília's midnight is nearer than `runMs`, waits it out, so the whole file runs within one day.
 */
export async function clearOfMidnight(runMs: number): Promise<void> {
  const today = todayInBrasilia();
  if (todayInBrasilia(new Date(Date.now() + runMs)) === today) return;
  while (todayInBrasilia() === today) await new Promise((resolve) => setTimeout(resolve, 1_000));
}
