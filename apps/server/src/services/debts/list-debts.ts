import {
  type Contrato,
  type CustomizationFields,
  type Divida,
  type DividasResposta,
  discountedBalance,
  isDiscounted,
  type Loja,
  maskCnpj,
  type Parcela,
  quotePlans,
  todayInBrasilia,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type {
  ActiveAgreements,
  DebtContractRow,
  DebtInstalmentRow,
  StoreDebtRows,
} from '../../repositories/debt-repository';
import { type DebtScope, loadDebtSnapshot } from '../../repositories/debt-snapshot';
import { deepFreeze } from '../../repositories/deep-freeze';
import { loadPartnerCustomization, type PartnerRow } from '../../repositories/partner-repository';
import type { DebtListingNotes } from '../../repositories/session-repository';
import { debtFigures, issuesSecondCopies, storePolicy } from './debt-figures';

/** Spec 001 §3 loj_tipo_agrupamento_nagociacao: stores that negotiate each contract on its own card. */
const GROUP_BY_CONTRACT = 'contratos_iguais';

function isGrouped(store: StoreDebtRows, custom: CustomizationFields): boolean {
  return custom.myDebits?.flgAgruparContratos === true && store.store.groupingType === GROUP_BY_CONTRACT;
}

/** The contracts of a store as cards: all together, or one per contract number when the store groups. */
export function cardGroups(store: StoreDebtRows, custom: CustomizationFields): DebtContractRow[][] {
  if (!isGrouped(store, custom)) return [store.contracts];
  const byNumber = new Map<string, DebtContractRow[]>();
  for (const contract of store.contracts)
    byNumber.set(contract.number, [...(byNumber.get(contract.number) ?? []), contract]);
  return [...byNumber.values()];
}

/**
 * Spec 001 §4 'Acordo Ativo', through any partner. A card of one contract number is under agreement when an active
 * agreement covers one of its contracts, so its sibling cards stay negotiable; a store negotiated whole is under
 * agreement when the person has an active agreement there.
 */
export function underAgreement(
  active: ActiveAgreements,
  store: StoreDebtRows,
  group: DebtContractRow[],
  custom: CustomizationFields,
): boolean {
  return isGrouped(store, custom)
    ? group.some((contract) => active.contracts.has(contract.id))
    : active.stores.has(store.store.id);
}

/**
 * A card under agreement whose agreement was made through another partner: this partner's Meus Acordos lists its
 * own agreements only, so the card must not send the person there to pay it.
 */
export function agreedElsewhere(
  active: ActiveAgreements,
  store: StoreDebtRows,
  group: DebtContractRow[],
  custom: CustomizationFields,
  partnerId: number,
): boolean {
  if (!underAgreement(active, store, group, custom)) return false;
  if (isGrouped(store, custom))
    return contractsAgreedElsewhere(
      active,
      group.map((contract) => contract.id),
      partnerId,
    );
  return !(active.storePartners.get(store.store.id)?.has(partnerId) ?? false);
}

/**
 * Some of `contractIds` are under active agreements, none made through `partnerId`: a refusal over them must not
 * send the person to this partner's Meus Acordos, which lists its own agreements only.
 */
export function contractsAgreedElsewhere(
  active: ActiveAgreements,
  contractIds: readonly number[],
  partnerId: number,
): boolean {
  const partners = contractIds.flatMap((id) => [...(active.contractPartners.get(id) ?? [])]);
  return partners.length > 0 && !partners.includes(partnerId);
}

const parcela = (row: DebtInstalmentRow, corrigido: number, fase: number): Parcela => ({
  par_codigo: row.id,
  par_prestacao: row.number,
  par_vencimento: row.dueDate,
  par_valor: row.balanceCents,
  corrigido,
  fase,
  lancamento_futuro: row.futureEntry ? 1 : 0,
  par_paga: row.owed ? 0 : 1,
});

/** What a card shows that depends on its store's rows, the day and whether future entries count, and on nothing else. */
interface CardBody {
  loja: Loja;
  tipo_necociacao: Divida['tipo_necociacao'];
  figures: Pick<
    Divida,
    | 'contratos'
    | 'pre_codigos'
    | 'total_original'
    | 'totalCorrigido'
    | 'total_corrigido_avista'
    | 'total_corrigido_aprazo'
    | 'saldo_contrato'
    | 'saldo_contrato_com_desconto'
    | 'total_desconto'
    | 'porcentagem_desconto_total'
    | 'com_desconto'
    | 'lancamentos_futuros'
    | 'fase'
  >;
}

// A card's body depends on its rows and the day only, and the rows of a cached snapshot are frozen: it is kept, frozen,
// with them for the day (the date arithmetic was a tenth of a listing's CPU and the built cards its largest
// allocation, docs/performance.md). What depends on the partner's configuration (the grouping's key, the agreements'
// flags) or on the session is added on top, and the card so made is kept too, frozen, by those fields: a repeated
// listing hands out the same card objects, whose bytes the wire then keeps (debt-listing-schema.ts).
interface KeptGroup {
  body: CardBody;
  cards: Map<string, Divida>;
}

const groupsByStore = new WeakMap<StoreDebtRows, { day: string; byGroup: Map<string, KeptGroup> }>();

function keptGroup(
  store: StoreDebtRows,
  group: DebtContractRow[],
  today: string,
  includeFuture: boolean,
): KeptGroup {
  let kept = groupsByStore.get(store);
  if (kept?.day !== today) {
    kept = { day: today, byGroup: new Map() };
    groupsByStore.set(store, kept);
  }
  const key = `${includeFuture}:${group.map((contract) => contract.id).join(',')}`;
  let found = kept.byGroup.get(key);
  if (!found) {
    found = { body: deepFreeze(buildCardBody(store, group, today, includeFuture)), cards: new Map() };
    kept.byGroup.set(key, found);
  }
  return found;
}

function buildCardBody(
  store: StoreDebtRows,
  group: DebtContractRow[],
  today: string,
  includeFuture: boolean,
): CardBody {
  const policy = storePolicy(store.store);
  const figures = debtFigures(group, policy, today);
  const [cash] = quotePlans({
    balance: figures.balance,
    futureCents: figures.futureCents,
    includeFuture,
    mode: 'A',
    policy,
  });
  const byInstalment = new Map(figures.current.map((i) => [i.row.id, i]));
  const contratos: Contrato[] = group.map((contract) => ({
    con_codigo: contract.id,
    con_contrato: contract.number,
    con_observacao: contract.note,
    con_nome_loja: store.store.tradeName,
    origem: contract.origin,
    referencia: contract.reference,
    parcelas: contract.instalments
      .filter((row) => !row.futureEntry)
      .map((row) => {
        const figure = byInstalment.get(row.id)!;
        return parcela(row, figure.updated.updatedCents, figure.phase);
      }),
  }));
  const future = includeFuture ? figures.futureCents : 0;
  const updatedTotal = figures.balance.principalCents + figures.balance.chargesCents + future;
  // A store that only issues boletos negotiates nothing, so it offers no discount either (spec 001 §2).
  const offer = store.negotiates ? cash : undefined;
  const cashTotal = offer?.totalCents ?? updatedTotal;
  const discount = Math.max(0, updatedTotal - cashTotal);
  const percent = offer?.discountPercent ?? 0;
  const phases = figures.current.filter((i) => i.row.owed).map((i) => i.phase);
  const latest = phases.length ? Math.max(...phases) : 0;
  const loja = store.store;
  return {
    loja: {
      loj_codigo: loja.id,
      loj_fantasia: loja.tradeName,
      loj_razao_social: loja.legalName,
      loj_cpf_cnpj: maskCnpj(loja.cpfCnpj),
      loj_caminho_logo: store.logoUrl,
      prazo_maximo_entrada_site: loja.maxEntryDays,
      loj_emite_segunda_via_boleto_recupera: issuesSecondCopies(loja) ? 'S' : 'N',
      loj_cartao_de_credito_recorrente: loja.recurringCard ? 'S' : 'N',
      loj_tipo_agrupamento_nagociacao: loja.groupingType,
      loj_cidade: loja.city,
      loj_estado: loja.state,
    },
    tipo_necociacao: store.negotiates ? 'S' : 'N',
    figures: {
      contratos,
      pre_codigos: group.map((c) => c.id),
      total_original: figures.balance.principalCents,
      totalCorrigido: updatedTotal,
      total_corrigido_avista: cashTotal,
      total_corrigido_aprazo: offer
        ? discountedBalance(figures.balance, policy.instalmentDiscount) + future
        : updatedTotal,
      saldo_contrato: updatedTotal,
      saldo_contrato_com_desconto: cashTotal,
      total_desconto: discount,
      porcentagem_desconto_total: percent,
      com_desconto: isDiscounted(percent, updatedTotal, cashTotal),
      lancamentos_futuros: {
        total: figures.futureCents,
        parcelas: figures.future.map((row) => parcela(row, row.balanceCents, -1)),
      },
      // Largest delay, or (nothing overdue) days until the next due date as a negative number.
      fase: latest,
    },
  };
}

function buildCard(
  store: StoreDebtRows,
  group: DebtContractRow[],
  context: {
    today: string;
    includeFuture: boolean;
    grouped: boolean;
    activeAgreement: boolean;
    agreedElsewhere: boolean;
    personId: number;
    partner: PartnerRow;
  },
): Divida {
  const { body, cards } = keptGroup(store, group, context.today, context.includeFuture);
  const loja = store.store;
  const chave = context.grouped ? `${loja.id}-${group[0]!.number}` : String(loja.id);
  const { companyCode } = context.partner;
  const key = `${chave}|${companyCode}|${context.personId}|${context.activeAgreement}|${context.agreedElsewhere}`;
  let card = cards.get(key);
  if (!card) {
    card = Object.freeze({
      chave,
      loj_codigo: loja.id,
      emp_codigo: companyCode,
      pes_codigo: context.personId,
      loja: body.loja,
      tipo_necociacao: body.tipo_necociacao,
      acordo_ativo: context.activeAgreement,
      acordo_em_outro_portal: context.agreedElsewhere,
      ...body.figures,
    });
    cards.set(key, card);
  }
  return card;
}

/**
 * passo_2_novo (spec 001 §7 step 2): the session person's debts in the partner's stores, one card per store or per
 * contract when the store groups, with updated values as of today in Brasília. The counter-offers come with the
 * session (read in its statement).
 */
export async function listDebts(
  db: Db,
  scope: DebtScope,
  { counterOffers }: DebtListingNotes,
  input: { storeId?: number | undefined; includeFuture: boolean },
): Promise<DividasResposta> {
  const { person } = scope;
  const [snapshot, custom] = await Promise.all([
    loadDebtSnapshot(db, scope, scope.version),
    loadPartnerCustomization(db, scope.partner),
  ]);
  const counterOfferOf = new Map(
    counterOffers.map((offer) => [
      offer.storeId,
      {
        entrada: offer.entryCents ?? 0,
        quantidade_parcelas: offer.instalmentCount ?? 0,
        valor_parcela: offer.instalmentCents ?? 0,
        mensagem: offer.answerText ?? '',
        respondida_em: offer.answeredAt?.toISOString() ?? '',
      },
    ]),
  );
  const stores =
    input.storeId === undefined
      ? snapshot.stores
      : snapshot.stores.filter((s) => s.store.id === input.storeId);
  const today = todayInBrasilia();
  const dividas = stores.flatMap((store) =>
    cardGroups(store, custom).map((group) => {
      const card = buildCard(store, group, {
        today,
        includeFuture: input.includeFuture,
        grouped: isGrouped(store, custom),
        activeAgreement: underAgreement(snapshot.activeAgreements, store, group, custom),
        agreedElsewhere: agreedElsewhere(snapshot.activeAgreements, store, group, custom, scope.partner.id),
        personId: person.id,
        partner: scope.partner,
      });
      const counterOffer = counterOfferOf.get(store.store.id);
      return counterOffer ? { ...card, contraproposta: counterOffer } : card;
    }),
  );
  return {
    pessoa: { pes_codigo: person.id, pes_nome: person.name, pes_cpf_cnpj: person.cpfCnpj },
    acordo_ativo: dividas.some((d) => d.acordo_ativo),
    dividas,
  };
}
