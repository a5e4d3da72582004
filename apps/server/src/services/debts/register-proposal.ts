import { DEBT_REQUEST_MESSAGES, formErrors, type ProposalInput, proposalSchema } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { recordDebtorRequest } from './record-debtor-request';

/** cadastrarProposta (spec 001 §7): the person's own offer, checked by the spec 001 §5 rules. */
export async function registerProposal(
  db: Db,
  scope: DebtScope,
  storeId: number,
  input: ProposalInput,
): Promise<string> {
  const errors = formErrors(proposalSchema, input);
  if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  const { entryCents, instalmentCount, instalmentCents } = proposalSchema.parse(input);
  await recordDebtorRequest(db, scope, storeId, {
    kind: 'proposal',
    entryCents,
    instalmentCount,
    instalmentCents,
  });
  return DEBT_REQUEST_MESSAGES.proposalReceived;
}
