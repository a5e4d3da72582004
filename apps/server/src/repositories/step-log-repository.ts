import type { Db } from '../db/client';
import { type StepErrorDetails, stepLogs } from '../db/schema';

export type { StepErrorDetails };

/** A visitor event of the partner's portal (step log). */
export async function insertStepLog(
  db: Db,
  partnerId: number,
  step: Omit<typeof stepLogs.$inferInsert, 'id' | 'partnerId' | 'createdAt'>,
): Promise<void> {
  await db.insert(stepLogs).values({ ...step, partnerId });
}
