import {
  DEBT_REQUEST_MESSAGES,
  formErrors,
  type ProposalInput,
  proposalInstalmentIssue,
  proposalSchema,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { loadPartnerCustomization } from '../../repositories/partner-repository';
import { storePolicy } from './debt-figures';
import { recordDebtorRequest } from './record-debtor-request';

/**
 * cadastrarProposta (spec 001 §7): the person's own offer, checked by the spec 001 §5 rules and by the store's
 * minimum instalment (decision 027); refused where the partner switched proposals off. Also says whether the
 * proposal is new: the same one sent again while the first waits (decision 085) is answered alike, adding nothing.
 */
export async function registerProposal(
  db: Db,
  scope: DebtScope,
  storeId: number,
  input: ProposalInput,
): Promise<{ message: string; isNew: boolean }> {
  const custom = await loadPartnerCustomization(db, scope.partner);
  if (custom.myDebits?.flgDesativarEnviarProposta) throw new AppError('DEBT_REQUEST_UNAVAILABLE');
  const errors = formErrors(proposalSchema, input);
  if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  const proposal = proposalSchema.parse(input);
  const isNew = await recordDebtorRequest(db, scope, storeId, { kind: 'proposal', ...proposal }, (store) => {
    const issue = proposalInstalmentIssue(proposal, storePolicy(store).minInstalmentCents);
    if (issue) throw new AppError('PROPOSAL_INSTALMENT_BELOW_MINIMUM', { valor_parcela: issue });
  });
  return { message: DEBT_REQUEST_MESSAGES.proposalReceived, isNew };
}
