import { brasiliaDateTime, normalizeDocument } from '@portal/domain';
import type { Db } from '../../db/client';
import { stepLogs } from '../../db/schema';
import type { PartnerRow } from '../../repositories/partner-repository';

export interface StepInput {
  cpfCnpj?: string | undefined;
  stepCode: number;
  scheduledDate?: string | undefined;
  scheduledTime?: string | undefined;
  reason?: string | undefined;
  error?: unknown;
}

/**
 * Records a visitor event (spec 000 §3 step log; salvarEtapa / salvarEtapaErro). The partner comes from the host,
 * never from the body, and the date and time default to the server's Brasília clock.
 */
export async function saveStep(db: Db, partner: PartnerRow, input: StepInput): Promise<void> {
  const now = brasiliaDateTime();
  await db.insert(stepLogs).values({
    partnerId: partner.id,
    companyCode: partner.companyCode,
    cpfCnpj: input.cpfCnpj ? normalizeDocument(input.cpfCnpj) : null,
    stepCode: input.stepCode,
    scheduledDate: input.scheduledDate ?? now.date,
    scheduledTime: input.scheduledTime ?? now.time,
    reason: input.reason ?? null,
    isError: input.error !== undefined,
    errorDetails: input.error ?? null,
  });
}
