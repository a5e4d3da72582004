import { brasiliaDateTime, isValidCpfCnpj, normalizeDocument } from '@portal/domain';
import type { Db } from '../../db/client';
import type { DebtScope } from '../../repositories/debt-snapshot';
import type { PartnerRow } from '../../repositories/partner-repository';
import { insertStepLog, type StepErrorDetails } from '../../repositories/step-log-repository';

export interface StepInput {
  cpfCnpj?: string | undefined;
  stepCode: number;
  scheduledDate?: string | undefined;
  scheduledTime?: string | undefined;
  /** Free text, card numbers already masked (contract/body-fields clientText). */
  reason?: string | undefined;
  error?: StepErrorDetails;
}

/**
 * Records a visitor event (spec 000 §3 step log; salvarEtapa / salvarEtapaErro). The partner comes from the host,
 * never from the body, and the date and time default to the server's Brasília clock. The CPF/CNPJ is kept only when
 * it is one: the field is free, and anything else typed there (a card number) is not stored. `personId` is who sent it:
 * the person of an open session on the partner, null for an anonymous visitor (decision 069), whatever CPF/CNPJ the
 * step carries.
 */
export async function saveStep(
  db: Db,
  partner: PartnerRow,
  personId: number | null,
  input: StepInput,
): Promise<void> {
  const now = brasiliaDateTime();
  const document = normalizeDocument(input.cpfCnpj ?? '');
  await insertStepLog(db, partner.id, {
    companyCode: partner.companyCode,
    personId,
    cpfCnpj: isValidCpfCnpj(document) ? document : null,
    stepCode: input.stepCode,
    scheduledDate: input.scheduledDate ?? now.date,
    scheduledTime: input.scheduledTime ?? now.time,
    reason: input.reason || null,
    isError: input.error !== undefined,
    errorDetails: input.error ?? null,
  });
}

/** A step the server itself performed for the session's person, logged once it has succeeded. */
export function saveDebtorStep(db: Db, scope: DebtScope, stepCode: number, reason: string): Promise<void> {
  return saveStep(db, scope.partner, scope.personId, { cpfCnpj: scope.person.cpfCnpj, stepCode, reason });
}
