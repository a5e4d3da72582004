import {
  AGREED_ELSEWHERE_MESSAGE,
  cardFormFitsMode,
  firstDueDateMessage,
  firstDueDateRange,
  formatBrDate,
  formatMoney,
  isFirstDueDateAllowed,
  isValidIsoDate,
  parseBrDate,
  paymentDueDate,
} from '@portal/domain';
import { ApiError, type Envelope } from '../../../lib/api';
import type {
  BandeiraCartao,
  Divida,
  FormaCartao,
  MetodoPagamento,
  PagamentoAvistaPrazo,
  PlanosPedido,
  PlanosResposta,
  PreAcordo,
} from '../api/types';
import { formatPercent } from './debt-texts';

// Pure rules of the Payment options panel (spec 001 §2 "Payment options", §4, §5, §8, §9).

export const PAYMENT_TEXTS = {
  // Spec 001 §8 "Negotiation search errors".
  searchFailed: 'Não foi possível calcular as simulações, volte para a página inicial e tente novamente.',
  // Spec 001 §8 "Empty plans".
  noPlansForMethod: 'Nenhuma opção de pagamento encontrada para a forma cartão de crédito/boleto.',
  noProposals: 'Não existem propostas disponíveis para esse(s) contrato(s)!',
  // Spec 001 §8 "Agreement save".
  agreementFailed: 'Não foi possível gerar o seu acordo',
  // What a card agreement's confirmation says instead of a first due date: the card is charged at once.
  cardCharged: 'Ao confirmar o acordo',
  // When the server confirms without a message of its own.
  agreementSaved: 'Seu acordo foi registrado.',
  // In place of the server's 'Acordo Ativo' marker (spec 001 §4): the debt was negotiated meanwhile (another tab).
  underAgreement: 'Esta dívida já tem um acordo ativo. Você pode consultá-lo em Meus Acordos.',
  // Spec 001 §5 "Agreement confirm".
  // Spec 001 §9 "Default agreement-confirmation text", written out from its description.
  defaultConfirmation:
    'Ao confirmar este acordo, declaro que concordo com os valores, as datas de vencimento, a forma de pagamento ' +
    'e as regras do credor. O portal envia diariamente ao credor as informações dos pagamentos, para que ele ' +
    'cumpra as suas obrigações com os órgãos de proteção ao crédito.',
} as const;

/** Spec 001 §4 step codes: 39 viewed plans, 28 saved agreement. */
export const PAYMENT_STEP_CODES = { viewedPlans: 39, savedAgreement: 28 } as const;

/** Spec 001 §9: redirect delay after a confirmed agreement. */
export const AGREEMENT_REDIRECT_MS = 2000;

export const PAY_MODES: { value: PagamentoAvistaPrazo; label: string }[] = [
  { value: 'A', label: 'À vista' },
  { value: 'P', label: 'Parcelado' },
];

export const METHOD_LABELS: Record<MetodoPagamento, string> = {
  boleto: 'Boleto',
  pix: 'PIX',
  cartao: 'Cartão de crédito',
};

/** Spec 001 §2: "PIX and card can be disabled per partner" (myDebits.flgDesativarPix / flgDesativarCartaoCredito). */
export function availableMethods(flags: {
  flgDesativarPix?: boolean | undefined;
  flgDesativarCartaoCredito?: boolean | undefined;
}): MetodoPagamento[] {
  const methods: MetodoPagamento[] = ['boleto'];
  if (!flags.flgDesativarPix) methods.push('pix');
  if (!flags.flgDesativarCartaoCredito) methods.push('cartao');
  return methods;
}

/** Spec 001 §9 card brands; HIPERCOB is shown as HIPERCARD. OTHER reads in Portuguese (the portal's language). */
export const BRAND_LABELS: Record<BandeiraCartao, string> = {
  MASTERCARD: 'MASTERCARD',
  VISA: 'VISA',
  ELO: 'ELO',
  HIPERCOB: 'HIPERCARD',
  OTHER: 'OUTRA',
};

/** Spec 001 §9 displayed card fee defaults: recurring 2.99%, one-time 2.49%, 2x-6x 2.60%, 7x-12x 2.99%. */
export const CARD_FORM_LABELS: Record<FormaCartao, string> = {
  recorrente: 'Recorrente: taxa de 2,99%',
  avista: 'À vista no cartão: taxa de 2,49%',
  parcelado: 'Parcelado no cartão: taxa de 2,60% de 2x a 6x e de 2,99% de 7x a 12x',
};

/**
 * The card forms offered: recurring charges only where the store takes them (loj_cartao_de_credito_recorrente), and
 * only the forms whose fee text fits the mode (decision 073): one-time for pay in full, the others for instalments.
 */
export function cardForms(debt: Pick<Divida, 'loja'>, mode: PagamentoAvistaPrazo): FormaCartao[] {
  const forms: FormaCartao[] =
    debt.loja.loj_cartao_de_credito_recorrente === 'S'
      ? ['recorrente', 'avista', 'parcelado']
      : ['avista', 'parcelado'];
  return forms.filter((form) => cardFormFitsMode(form, mode));
}

/** What the person picked; each change asks the server again (spec 001 §4). */
export interface PlanCriteria {
  /** First due date, YYYY-MM-DD, of a boleto or PIX plan (by credit card it is today, planRequest). */
  dueDate: string;
  mode: PagamentoAvistaPrazo;
  method: MetodoPagamento;
  /** Only sent for the card-brand partner (capability cardBrandAndForm) paying by card. */
  brand: BandeiraCartao;
  cardForm: FormaCartao;
  includeFuture: boolean;
}

/** Spec 001 §4 defaults: pay type boleto, mode pay in full; the earliest first due date, today. */
export function defaultCriteria(debt: Pick<Divida, 'loja'>, todayIso: string): PlanCriteria {
  return {
    dueDate: todayIso,
    mode: 'A',
    method: 'boleto',
    brand: 'MASTERCARD',
    cardForm: cardForms(debt, 'A')[0]!,
    includeFuture: false,
  };
}

/** The criteria after a change: a card form the new mode does not fit gives way to the first one it fits. */
export function changedCriteria(
  debt: Pick<Divida, 'loja'>,
  current: PlanCriteria,
  update: Partial<PlanCriteria>,
): PlanCriteria {
  const next = { ...current, ...update };
  const forms = cardForms(debt, next.mode);
  return forms.includes(next.cardForm) ? next : { ...next, cardForm: forms[0]! };
}

/**
 * The passo_3_novo body for a card and the person's choices. A credit card is charged on confirmation, so its plans
 * are asked as of `todayIso`, whatever first due date was chosen for boleto or PIX (decision 091).
 */
export function planRequest(
  debt: Pick<Divida, 'loj_codigo' | 'pre_codigos'>,
  criteria: PlanCriteria,
  askCardDetails: boolean,
  todayIso: string,
): PlanosPedido {
  return {
    lojCodigo: debt.loj_codigo,
    preCodigo: debt.pre_codigos.join(','),
    primeiroVencimento: formatBrDate(criteria.method === 'cartao' ? todayIso : criteria.dueDate),
    pagamentoAvistaPrazo: criteria.mode,
    metodoPagamento: criteria.method,
    ...(askCardDetails && criteria.method === 'cartao'
      ? { bandeiraCartao: criteria.brand, formaCartao: criteria.cardForm }
      : {}),
    lancamentoFuturo: criteria.includeFuture ? 'S' : 'N',
  };
}

/** Spec 001 §4: "A plan with zero instalments listed first is dropped when more plans exist." */
export function visiblePlans(plans: readonly PreAcordo[]): PreAcordo[] {
  return plans.length > 1 && plans[0]!.pra_quantidade === 0 ? plans.slice(1) : [...plans];
}

/**
 * Spec 001 §8 lists two empty-plan messages. The first names the card and boleto forms, so it answers an empty
 * search for boleto or card; the second speaks of the contracts themselves, so it answers a PIX search (which the
 * first does not name) and a card with no contract to negotiate (no search is made then).
 */
export function emptyPlansMessage(method: MetodoPagamento): string {
  return method === 'boleto' || method === 'cartao'
    ? PAYMENT_TEXTS.noPlansForMethod
    : PAYMENT_TEXTS.noProposals;
}

/** 'À vista R$ X' or 'Entrada de R$ X + N parcelas de R$ Y'. */
export function planLabel(plan: PreAcordo): string {
  if (plan.pra_quantidade === 0) return `À vista ${formatMoney(plan.valor_total_acordo)}`;
  const count = plan.pra_quantidade === 1 ? '1 parcela' : `${plan.pra_quantidade} parcelas`;
  return `Entrada de ${formatMoney(plan.pra_valor_entrada)} + ${count} de ${formatMoney(plan.pra_valor_parcela)}`;
}

/**
 * When the plan's first payment falls due, as the agreement's schedule will have it: the chosen first due date, or
 * the next business day when that is a weekend or bank holiday, then with a note saying why the date moved. Null
 * when the plan carries no date.
 */
export function firstPayment(plan: PreAcordo): { dueDate: string; movedNote: string | null } | null {
  if (!isValidIsoDate(plan.pra_primeiro_vcto)) return null;
  const dueDate = paymentDueDate(plan.pra_primeiro_vcto, 0);
  if (dueDate === plan.pra_primeiro_vcto) return { dueDate, movedNote: null };
  return {
    dueDate,
    movedNote: `${formatBrDate(plan.pra_primeiro_vcto)} não é dia útil: o primeiro pagamento vence em ${formatBrDate(dueDate)}.`,
  };
}

/** What else a plan carries: its discount and the future entries it includes. */
export function planNotes(plan: PreAcordo): string[] {
  const notes: string[] = [];
  if (plan.valor_desconto > 0)
    notes.push(
      `Desconto de ${formatMoney(plan.valor_desconto)} (${formatPercent(plan.porcentagem_desconto)})`,
    );
  if (plan.valorFuturoIncluso === 'S' && plan.valorFuturoTotal > 0)
    notes.push(`Inclui ${formatMoney(plan.valorFuturoTotal)} de lançamentos futuros`);
  return notes;
}

/** The plan's second line in the list: the total (already in the label when paying in full) and the notes. */
export function planDetail(plan: PreAcordo): string {
  const total = plan.pra_quantidade === 0 ? [] : [`Total: ${formatMoney(plan.valor_total_acordo)}`];
  return [...total, ...planNotes(plan)].join(' · ');
}

export type DueDateCheck =
  /** Still being typed. */
  | { kind: 'incomplete' }
  | { kind: 'ok'; iso: string }
  /** Spec 001 §4: out of range resets the date to the maximum and clears the plans, with the §5 message. */
  | { kind: 'reset'; maxIso: string; message: string };

/**
 * A typed first due date ('dd/mm/aaaa') against today .. today + prazo_maximo_entrada_site (spec 001 §5).
 * `final` (the person asks to recalculate) counts a half-typed date as out of range.
 */
export function checkDueDate(
  typed: string,
  todayIso: string,
  maxEntryDays: number,
  final = false,
): DueDateCheck {
  if (typed.length < 10 && !final) return { kind: 'incomplete' };
  const iso = parseBrDate(typed);
  if (iso && isFirstDueDateAllowed(iso, todayIso, maxEntryDays)) return { kind: 'ok', iso };
  const { max } = firstDueDateRange(todayIso, maxEntryDays);
  return { kind: 'reset', maxIso: max, message: firstDueDateMessage(max) };
}

export type SearchOutcome =
  | { kind: 'plans'; plans: PreAcordo[] }
  | { kind: 'empty'; message: string }
  /** The server says the date is out of range (e.g. the day turned in Brasília): reset to its maximum. */
  | { kind: 'date'; maxIso: string; message: string }
  | { kind: 'error'; message: string };

/**
 * Spec 001 §4: the wire's marker that a card is under an active agreement (passo_3_novo and passo_4_novo answer it
 * when the agreement was made meanwhile, docs/api.md); a marker for the client, not a sentence for the person.
 */
const ACTIVE_AGREEMENT_MARKER = 'Acordo Ativo';

/**
 * Where the agreement of an 'Acordo Ativo' answer is: 'listed' in this portal's Meus Acordos, or made 'elsewhere',
 * through another partner (`dados.acordo_em_outro_portal`), so that Meus Acordos does not list it; null otherwise.
 */
function underAgreement(envelope: Envelope | undefined): 'listed' | 'elsewhere' | null {
  if (envelope?.mensagem?.trim() !== ACTIVE_AGREEMENT_MARKER) return null;
  const dados = envelope.dados as { acordo_em_outro_portal?: unknown } | null;
  return dados?.acordo_em_outro_portal === true ? 'elsewhere' : 'listed';
}

/** The server's message of a step 3 or 4 answer as the person reads it. */
function serverMessage(envelope: Envelope | undefined): string | undefined {
  const agreement = underAgreement(envelope);
  if (agreement) return agreement === 'elsewhere' ? AGREED_ELSEWHERE_MESSAGE : PAYMENT_TEXTS.underAgreement;
  const message = envelope?.mensagem?.trim();
  return message ? message : undefined;
}

function maximumDate(dados: unknown): string | undefined {
  if (!dados || typeof dados !== 'object') return undefined;
  const max = (dados as { primeiro_vencimento_maximo?: unknown }).primeiro_vencimento_maximo;
  return typeof max === 'string' && isValidIsoDate(max) ? max : undefined;
}

/** Reads a passo_3_novo answer (docs/api.md) for a search by `method`. */
export function searchOutcome(envelope: Envelope<unknown>, method: MetodoPagamento): SearchOutcome {
  const maxIso = maximumDate(envelope.dados);
  if (!envelope.retorno) {
    if (maxIso)
      return { kind: 'date', maxIso, message: serverMessage(envelope) ?? firstDueDateMessage(maxIso) };
    // Spec 001 §8: "Negotiation search errors: server message, or ..."
    return { kind: 'error', message: serverMessage(envelope) ?? PAYMENT_TEXTS.searchFailed };
  }
  const dados = envelope.dados as Partial<PlanosResposta> | null;
  const plans = visiblePlans(Array.isArray(dados?.pre_acordo) ? dados.pre_acordo : []);
  return plans.length > 0 ? { kind: 'plans', plans } : { kind: 'empty', message: emptyPlansMessage(method) };
}

/** The message for a call that did not answer 2xx: a 4xx still carries the server's message. */
export function failureMessage(error: unknown, fallback: string): string {
  return serverMessage(error instanceof ApiError ? error.envelope : undefined) ?? fallback;
}

export type AgreementOutcome =
  | { ok: true; message: string }
  /**
   * `underAgreement`: the debt already has an active agreement (made meanwhile, in another tab or portal say), 'listed'
   * in this portal's Meus Acordos or made 'elsewhere'.
   */
  /** `planExpired`: the plan can no longer be confirmed (its lifetime is over, the debts changed): new plans needed. */
  | { ok: false; message: string; underAgreement: 'listed' | 'elsewhere' | null; planExpired: boolean };

/** Reads a passo_4_novo answer; spec 001 §8 "Agreement save: server message or 'Não foi possível gerar o seu acordo'". */
export function agreementOutcome(envelope: Envelope<unknown>): AgreementOutcome {
  return envelope.retorno
    ? { ok: true, message: serverMessage(envelope) ?? PAYMENT_TEXTS.agreementSaved }
    : {
        ok: false,
        message: serverMessage(envelope) ?? PAYMENT_TEXTS.agreementFailed,
        underAgreement: underAgreement(envelope),
        planExpired: (envelope.dados as { simulacao_expirada?: unknown } | null)?.simulacao_expirada === true,
      };
}
