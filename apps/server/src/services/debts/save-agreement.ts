import { createHash } from 'node:crypto';
import {
  agreementContactSchema,
  formErrors,
  instalmentLabel,
  instalmentSchedule,
  onlyDigits,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  claimIssuedPlan,
  type IssuedPlanRow,
  insertAgreement,
  usedSearchContracts,
} from '../../repositories/agreement-repository';
import { insertCardPayment } from '../../repositories/card-payment-repository';
import { loadActiveAgreements, loadStoreDebts } from '../../repositories/debt-repository';
import type { DebtScope } from '../../repositories/debt-snapshot';
import { claimIdempotencyKey, saveIdempotentAnswer } from '../../repositories/idempotency-repository';
import { insertAgreementInstalments } from '../../repositories/payment-repository';
import { lockDebtsVersion } from '../../repositories/person-repository';
import type { LiveSessionRow } from '../../repositories/session-repository';
import { withTransaction } from '../../repositories/transaction';
import { debtsFingerprint } from './debt-figures';
import { contractsAgreedElsewhere } from './list-debts';

export interface AgreementInput {
  planId: number;
  method: 'boleto' | 'pix' | 'cartao';
  /** YYYY-MM-DD. */
  firstDueDate: string;
  phone: string;
  email: string;
  /**
   * A card agreement: the gateway's token, brand and last four (spec 001 §7 `dadosDoCartao`), never the card, and the
   * card form when the client sends it, which must be the one the plan was quoted for.
   */
  card?: { gateway: string; token: string; brand: string; lastFour: string; form?: string | undefined };
}

/** Spec 001 §7 step 4's answer: the agreement and its payments (`dados.parcelas[0].estado_da_transacao`). */
export interface SavedAgreement {
  aco_codigo: number;
  parcelas: {
    aci_codigo: number;
    campo_parcela: string;
    vencimento: string;
    valor: number;
    /** The card's transaction state; boleto and PIX payments have none. */
    estado_da_transacao: string | null;
  }[];
}

const ACTION = 'passo_4_novo';

/**
 * passo_4_novo (spec 001 §7 step 4): records the agreement from a plan the server issued to this session, once,
 * before it expires, with one row per payment (entry and instalments, issue 16 item 1) in the same transaction; the
 * amounts are the plan's, never the client's. A contract already under an active agreement, through any partner, is
 * refused by the database's unique index. With an Idempotency-Key, a retry (or a concurrent duplicate) gets the
 * first answer and the same key with another request is refused.
 */
export async function saveAgreement(
  db: Db,
  scope: DebtScope,
  session: LiveSessionRow,
  input: AgreementInput,
  idempotencyKey?: string,
): Promise<SavedAgreement> {
  const { partner } = scope;
  const phone = onlyDigits(input.phone);
  const email = input.email.trim();
  if (partner.capabilities.requireContactOnConfirm) {
    const errors = formErrors(agreementContactSchema, { telefone: phone, email });
    if (Object.keys(errors).length > 0) throw new AppError('INVALID_INPUT', errors);
  }
  const { card } = input;
  if (input.method === 'cartao' && !card) throw new AppError('CARD_TOKEN_REQUIRED');
  const requestHash = createHash('sha256')
    .update(JSON.stringify([input.planId, input.method, input.firstDueDate, phone, email, card ?? null]))
    .digest('base64url');
  /** The claimed plan's contracts, for an 'Acordo Ativo' refusal to say whose agreement covers them. */
  let contractIds: number[] = [];
  return withTransaction(db, async (tx) => {
    if (idempotencyKey) {
      const claim = await claimIdempotencyKey(tx, scope, {
        key: idempotencyKey,
        action: ACTION,
        requestHash,
      });
      if (!claim.fresh) {
        if (claim.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return claim.answer as SavedAgreement;
      }
    }
    // Claiming the plan and recording the agreement happen together: a search's plans are accepted at most once.
    const plan = await claimIssuedPlan(tx, scope, session.tokenHash, input.planId);
    if (!plan) {
      // One of its search's plans became an agreement (this request's twin, another tab): 'Acordo Ativo' while that
      // agreement holds the contracts, as the unique index would answer (decision 076).
      const used = await usedSearchContracts(tx, scope, session.tokenHash, input.planId);
      if (used) {
        contractIds = used;
        const active = await loadActiveAgreements(tx, scope.personId);
        if (used.some((id) => active.contracts.has(id))) throw new AppError('ACTIVE_AGREEMENT');
      }
      throw planExpired();
    }
    // The plan is what the person confirms: its payment type, date and card form (the form decided its instalments
    // and fees at passo_3_novo) cannot change here. Nor can its date have passed since it was quoted (Brasília's
    // midnight in between, spec 001 §5: not before today), nor a card, charged now, take a plan priced as of a later
    // day (one quoted before decision 091).
    const today = todayInBrasilia();
    if (
      plan.paymentMethod !== input.method ||
      plan.firstDueDate !== input.firstDueDate ||
      plan.firstDueDate < today ||
      (plan.paymentMethod === 'cartao' && plan.firstDueDate !== today) ||
      (card?.form !== undefined && card.form !== plan.cardForm)
    ) {
      throw planExpired();
    }
    contractIds = plan.contractIds;
    // A plan quoted before the person's debts changed (an instalment paid by its second copy, an agreement) may price
    // what is no longer owed: it is refused, as 'Acordo Ativo' when its debt was agreed meanwhile (another tab, another
    // partner), otherwise as a stale simulation, and the person asks for new plans.
    const debts = await lockDebtsVersion(tx, scope.personId);
    if (debts.person !== plan.debtsVersion) {
      const active = await loadActiveAgreements(tx, scope.personId);
      if (plan.contractIds.some((id) => active.contracts.has(id))) throw new AppError('ACTIVE_AGREEMENT');
      throw planExpired();
    }
    // A portfolio import raises the debt epoch instead: after one, the plan's instalments must still be those it
    // priced (the import may have marked one paid), decision 046.
    if (debts.epoch !== plan.debtEpoch && !(await pricedDebtsUnchanged(tx, scope, plan))) throw planExpired();
    const id = await insertAgreement(tx, scope, plan, { phone: phone || null, email: email || null });
    const rows = await insertAgreementInstalments(tx, id, instalmentSchedule(plan, plan.firstDueDate));
    // The card's charge is asked after this transaction (chargeAgreementCard), under the reference this row is given
    // (the agreement's id and a random part, decision 101) and read from it ever after.
    if (input.method === 'cartao' && card)
      await insertCardPayment(tx, {
        agreementId: id,
        gateway: card.gateway,
        amountCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
        instalments: rows.length,
        brand: card.brand,
        lastFour: card.lastFour,
      });
    const answer: SavedAgreement = {
      aco_codigo: id,
      parcelas: rows.map((row) => ({
        aci_codigo: row.id,
        campo_parcela: instalmentLabel(row.number, plan.instalmentCount),
        vencimento: row.dueDate,
        valor: row.amountCents,
        estado_da_transacao: null,
      })),
    };
    if (idempotencyKey) await saveIdempotentAnswer(tx, scope, idempotencyKey, answer);
    return answer;
  }).catch(async (error: unknown) => {
    // 'Acordo Ativo' from the check above or the unique index: read, after the transaction, the agreement that holds
    // the contracts, so the refusal tells whether this partner's Meus Acordos lists it.
    if (!(error instanceof AppError) || error.code !== 'ACTIVE_AGREEMENT') throw error;
    const active = await loadActiveAgreements(db, scope.personId);
    throw new AppError('ACTIVE_AGREEMENT', {
      acordo_em_outro_portal: contractsAgreedElsewhere(active, contractIds, scope.partner.id),
    });
  });
}

/** The refusal of a plan that can no longer be confirmed: the page then asks for new plans. */
function planExpired(): AppError {
  return new AppError('PLAN_NOT_FOUND', { simulacao_expirada: true });
}

/** The plan's contracts are still the person's, listed with the instalments the plan priced. */
async function pricedDebtsUnchanged(db: Db, scope: DebtScope, plan: IssuedPlanRow): Promise<boolean> {
  const [store] = await loadStoreDebts(db, scope, plan.storeId);
  const group = store?.contracts.filter((contract) => plan.contractIds.includes(contract.id)) ?? [];
  return group.length === plan.contractIds.length && debtsFingerprint(group) === plan.debtsFingerprint;
}
