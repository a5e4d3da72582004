import { agreementContactSchema, formErrors, onlyDigits } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { claimIssuedPlan, insertAgreement } from '../../repositories/agreement-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import type { SessionRow } from '../../repositories/session-repository';
import { withTransaction } from '../../repositories/transaction';

export interface AgreementInput {
  planId: number;
  method: 'boleto' | 'pix' | 'cartao';
  /** YYYY-MM-DD. */
  firstDueDate: string;
  phone: string;
  email: string;
}

/**
 * passo_4_novo (spec 001 §7 step 4): records the agreement from a plan the server issued to this session, once,
 * before it expires; the amounts are the plan's, never the client's. A contract already under an active agreement,
 * through any partner, is refused by the database's unique index: no interleaving of requests makes a second one.
 */
export async function saveAgreement(
  db: Db,
  scope: DebtScope,
  session: SessionRow,
  input: AgreementInput,
): Promise<{ aco_codigo: number }> {
  const { partner } = scope;
  const phone = onlyDigits(input.phone);
  const email = input.email.trim();
  if (partner.capabilities.requireContactOnConfirm) {
    const errors = formErrors(agreementContactSchema, { telefone: phone, email });
    if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  }
  return withTransaction(db, async (tx) => {
    // Claiming the plan and recording the agreement happen together: a plan is accepted at most once.
    const plan = await claimIssuedPlan(tx, scope, session.tokenHash, input.planId);
    if (!plan || plan.paymentMethod !== input.method || plan.firstDueDate !== input.firstDueDate) {
      throw new AppError('PLAN_NOT_FOUND');
    }
    const id = await insertAgreement(tx, scope, plan, { phone: phone || null, email: email || null });
    return { aco_codigo: id };
  });
}
