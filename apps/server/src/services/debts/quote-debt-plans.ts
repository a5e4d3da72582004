import {
  type BandeiraCartao,
  cardFormFits,
  type FormaCartao,
  firstDueDateMessage,
  firstDueDateRange,
  isFirstDueDateAllowed,
  type MetodoPagamento,
  type PagamentoAvistaPrazo,
  type PlanosResposta,
  type PlanQuote,
  planPaymentCount,
  quotePlans,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { PlanCalculator } from '../../integrations/calculation/stage-calculator';
import {
  type DebtContractRow,
  hasDischargedUnpaidInstalments,
  type StoreDebtRows,
} from '../../repositories/debt-repository';
import { type DebtScope, loadDebtSnapshot } from '../../repositories/debt-snapshot';
import { deepFreeze } from '../../repositories/deep-freeze';
import { loadPartnerCustomization } from '../../repositories/partner-repository';
import { issuePlans, PLANS_PER_SEARCH } from '../../repositories/plan-repository';
import type { LiveSessionRow } from '../../repositories/session-repository';
import { debtFigures, debtsFingerprint, storePolicy } from './debt-figures';
import { agreedElsewhere, cardGroups, underAgreement } from './list-debts';

export interface PlanSearch {
  storeId: number;
  contractIds: number[];
  /** YYYY-MM-DD. */
  firstDueDate: string;
  mode: PagamentoAvistaPrazo;
  method: MetodoPagamento;
  cardBrand?: BandeiraCartao | undefined;
  cardForm?: FormaCartao | undefined;
  includeFuture: boolean;
}

export interface PlanDeps {
  db: Db;
  /** The calculation service of stage mode. */
  stageCalculator: PlanCalculator;
  planTtlMinutes: number;
}

export type PlanAnswer =
  | { ok: true; dados: PlanosResposta }
  | { ok: false; mensagem: string; dados: { primeiro_vencimento_maximo: string } };

const sameSet = (a: number[], b: number[]) => a.length === b.length && b.every((id) => a.includes(id));

// A card's local plans depend on its rows, the store's policy (a column of its row), the first due date, the mode and
// whether future entries count; its fingerprint on its rows alone. The rows of a cached snapshot are frozen, so both
// are kept with them for the day, as the cards' figures are (list-debts): a person who searches again, or whose
// several searches differ only in method, skips the date arithmetic and the hash (docs/performance.md).
const quotesByStore = new WeakMap<
  StoreDebtRows,
  { day: string; quotes: Map<string, readonly PlanQuote[]>; fingerprints: Map<string, string> }
>();

function keptFor(store: StoreDebtRows, today: string) {
  let kept = quotesByStore.get(store);
  if (kept?.day !== today) {
    kept = { day: today, quotes: new Map(), fingerprints: new Map() };
    quotesByStore.set(store, kept);
  }
  return kept;
}

function localQuotes(
  store: StoreDebtRows,
  group: DebtContractRow[],
  today: string,
  search: Pick<PlanSearch, 'firstDueDate' | 'mode' | 'includeFuture'>,
): readonly PlanQuote[] {
  const kept = keptFor(store, today);
  const key = `${group.map((c) => c.id).join(',')}:${search.firstDueDate}:${search.mode}:${search.includeFuture}`;
  let quotes = kept.quotes.get(key);
  if (!quotes) {
    const policy = storePolicy(store.store);
    // Fine and interest run until the entry is paid: the debt is priced as of the first due date.
    const figures = debtFigures(group, policy, search.firstDueDate);
    quotes = deepFreeze(
      quotePlans({
        balance: figures.balance,
        futureCents: figures.futureCents,
        includeFuture: search.includeFuture,
        mode: search.mode,
        policy,
      }),
    );
    kept.quotes.set(key, quotes);
  }
  return quotes;
}

function groupFingerprint(store: StoreDebtRows, group: DebtContractRow[], today: string): string {
  const kept = keptFor(store, today);
  const key = group.map((c) => c.id).join(',');
  let fingerprint = kept.fingerprints.get(key);
  if (fingerprint === undefined) {
    fingerprint = debtsFingerprint(group);
    kept.fingerprints.set(key, fingerprint);
  }
  return fingerprint;
}

/**
 * passo_3_novo (spec 001 §7 step 3): the plans for one debt card, computed by the server (or, in stage mode, by the
 * calculation service) and kept for this session for a short while; step 4 accepts only these. Undefined, with
 * nothing stored, when the session is no longer live or its person's debts changed since `scope` was read, or when
 * the session was read by an earlier request (`sessionRead` 'earlier', decision 083) and the plans need the service.
 */
export async function quoteDebtPlans(
  deps: PlanDeps,
  scope: DebtScope,
  session: LiveSessionRow,
  search: PlanSearch,
  sessionRead: 'now' | 'earlier',
): Promise<PlanAnswer | undefined> {
  const { db } = deps;
  const { partner } = scope;
  const custom = await loadPartnerCustomization(db, partner);
  const flags = custom.myDebits ?? {};
  if (
    (search.method === 'pix' && flags.flgDesativarPix) ||
    (search.method === 'cartao' && flags.flgDesativarCartaoCredito)
  ) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  }
  const snapshot = await loadDebtSnapshot(db, scope, scope.version);
  const store = snapshot.stores.find((s) => s.store.id === search.storeId);
  const group =
    store &&
    cardGroups(store, custom).find((g) =>
      sameSet(
        g.map((c) => c.id),
        search.contractIds,
      ),
    );
  if (!store || !group) throw new AppError('CONTRACT_NOT_FOUND');
  if (!store.negotiates) throw new AppError('NOT_NEGOTIABLE');
  // Recurring card charges only where the store takes them (loj_cartao_de_credito_recorrente); the web offers the form
  // nowhere else, and a request that asks for it anyway is refused as the partner-disabled methods are.
  if (search.method === 'cartao' && search.cardForm === 'recorrente' && !store.store.recurringCard)
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  if (underAgreement(snapshot.activeAgreements, store, group, custom))
    throw new AppError('ACTIVE_AGREEMENT', {
      acordo_em_outro_portal: agreedElsewhere(snapshot.activeAgreements, store, group, custom, partner.id),
    });

  const policy = storePolicy(store.store);
  const today = todayInBrasilia();
  // A card is charged when its agreement is confirmed (passo_4_novo), not on a first due date: its plans are priced
  // as of today and no later date is taken, or the person would pay interest for days that never ran (decision 091).
  const entryDays = search.method === 'cartao' ? 0 : policy.maxEntryDays;
  const { max } = firstDueDateRange(today, entryDays);
  if (!isFirstDueDateAllowed(search.firstDueDate, today, entryDays)) {
    return { ok: false, mensagem: firstDueDateMessage(max), dados: { primeiro_vencimento_maximo: max } };
  }

  let quotes: readonly PlanQuote[];
  let source: 'local' | 'stage';
  // The service prices whole contracts from its own portfolio, which knows neither a payment by second copy nor what
  // a settled agreement discharged (decision 095): a card with an instalment so paid or discharged is priced here, as
  // its listed, owed instalments are what an agreement covers (instalmentOwed).
  const contractIds = group.map((c) => c.id);
  const askService =
    flags.flgPortalUsaStage &&
    !group.some((c) => c.instalments.some((i) => !i.owed)) &&
    !(await hasDischargedUnpaidInstalments(db, contractIds));
  if (askService) {
    // The service is asked only for a session this request read: a session read earlier is checked by the insert,
    // after the service's answer, and the service can take seconds to fail.
    if (sessionRead === 'earlier') return undefined;
    source = 'stage';
    let answer: Awaited<ReturnType<PlanCalculator['calculate']>>;
    try {
      answer = await deps.stageCalculator.calculate({
        pes_codigo: scope.personId,
        loj_codigo: store.store.id,
        emp_codigo: partner.companyCode,
        contratos: group.map((c) => c.number),
        primeiro_vencimento: search.firstDueDate,
      });
    } catch {
      throw new AppError('CALCULATION_FAILED');
    }
    quotes = answer
      .filter((p) => (search.mode === 'A' ? p.quantidadeParcelas === 0 : p.quantidadeParcelas > 0))
      .map((p) => {
        const totalCents = p.valorEntrada + p.quantidadeParcelas * p.valorParcela;
        const reference = totalCents + p.valorDesconto;
        return {
          instalmentCount: p.quantidadeParcelas,
          entryCents: p.valorEntrada,
          instalmentCents: p.valorParcela,
          totalCents,
          futureIncluded: false,
          futureTotalCents: 0,
          discountCents: p.valorDesconto,
          discountPercent: reference > 0 ? Math.round((p.valorDesconto * 10_000) / reference) / 100 : 0,
        };
      })
      // A plan's code has room for PLANS_PER_SEARCH plans (decision 076); no store offers as many.
      .slice(0, PLANS_PER_SEARCH);
  } else {
    source = 'local';
    quotes = localQuotes(store, group, today, search);
  }

  // A card pays the agreement's total in as many card instalments as the plan has payments (decision 023; a service
  // plan may have no entry): only plans of at most CARD_MAX_INSTALMENTS payments (decision 068) that the chosen card
  // form takes (its fee text, decision 073) are offered by card, rather than charged otherwise than the form says.
  if (search.method === 'cartao')
    quotes = quotes.filter((q) => cardFormFits(search.cardForm, planPaymentCount(q)));

  const expiresAt = new Date(Date.now() + deps.planTtlMinutes * 60_000);
  const codes = await issuePlans(
    db,
    scope,
    {
      sessionHash: session.tokenHash,
      storeId: store.store.id,
      contractIds: group.map((c) => c.id),
      paymentMode: search.mode,
      paymentMethod: search.method,
      cardBrand: search.method === 'cartao' ? (search.cardBrand ?? null) : null,
      cardForm: search.method === 'cartao' ? (search.cardForm ?? null) : null,
      firstDueDate: search.firstDueDate,
      source,
      debtsFingerprint: groupFingerprint(store, group, today),
      expiresAt,
    },
    quotes,
  );
  if (!codes) return undefined;
  return {
    ok: true,
    dados: {
      pre_acordo: quotes.map((q, i) => ({
        pra_codigo: codes[i]!,
        pra_quantidade: q.instalmentCount,
        pra_valor_entrada: q.entryCents,
        pra_valor_parcela: q.instalmentCents,
        valor_total_acordo: q.totalCents,
        pra_primeiro_vcto: search.firstDueDate,
        valorFuturoIncluso: q.futureIncluded ? 'S' : 'N',
        valorFuturoTotal: q.futureTotalCents,
        valor_desconto: q.discountCents,
        porcentagem_desconto: q.discountPercent,
      })),
      primeiro_vencimento_maximo: max,
      expira_em: expiresAt.toISOString(),
    },
  };
}
