import type { Db } from '../db/client';
import { type StepErrorDetails, stepLogs } from '../db/schema';

export type { StepErrorDetails };

/** A step made anonymous (decision 010): who sent it, the CPF/CNPJ typed, the error's details and the reason go. */
export const ANONYMOUS_STEP = { personId: null, cpfCnpj: null, errorDetails: null, reason: null } as const;

/** A visitor event of the partner's portal (step log). */
export async function insertStepLog(
  db: Db,
  partnerId: number,
  step: Omit<typeof stepLogs.$inferInsert, 'id' | 'partnerId' | 'createdAt'>,
): Promise<void> {
  await db.insert(stepLogs).values({ ...step, partnerId });
}
