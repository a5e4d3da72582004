import {
  closedByCancellation,
  customization,
  instalmentStatusLabel,
  isPaidStatus,
  type PartnerConfig,
} from '@portal/domain';
import type {
  AcordosPedido,
  DadosAcordo,
  MetodoPagamento,
  MovimentoPagina,
  Paginacao,
  ParcelaAcordo,
  StatusParcelaAcordo,
} from '../api/types';
import { PENDING_DOCUMENT } from '../api/types';
import { SECOND_COPY_TEXTS } from './second-copy';

// Pure rules of Meus Acordos (spec 001 §2 "My agreements", §4 statuses and the boleto generation rule, §5, §8, §9).

export const AGREEMENT_TEXTS = {
  /** Spec 001 §4: the loading text while the boletos are issued (passo_5, the PDF). */
  issuing: SECOND_COPY_TEXTS.issuing,
  /** Spec 001 §8 empty state. */
  empty: 'Você ainda não possui acordos.',
  /**
   * A cancelled agreement (listed where the partner shows its history): nothing of it can be paid any more, what was
   * paid stays paid (`cancelledPaidStands`, see cancelledNotice). The notice goes on with `cancelledNegotiate` and a
   * link to Minhas Dívidas.
   */
  cancelled: 'Este acordo foi cancelado: as parcelas em aberto dele não podem mais ser pagas.',
  cancelledPaidStands: 'Os pagamentos que você já fez continuam valendo.',
  cancelledNegotiate: 'Para negociar estas dívidas, veja',
  loadError: 'Não foi possível carregar os seus acordos. Tente novamente.',
  /** Spec 001 §9 default text of the button that shows an agreement's payments. */
  viewPayments: 'Visualizar pagamentos',
  hidePayments: 'Ocultar pagamentos',
  /** Spec 001 §4 boleto generation rule (info text of an instalment not issued yet). */
  notIssued: 'O boleto será gerado na data de vencimento ou após o pagamento da parcela anterior.',
  /** Spec 001 §4: the same rule for a PIX agreement's instalment (its row, instead of the PIX button). */
  pixNotIssued:
    'O PIX desta parcela será gerado na data de vencimento ou após o pagamento da parcela anterior.',
  /**
   * A PIX on screen that can no longer be paid (its agreement cancelled meanwhile, or its charge expired and not yet
   * issued again): the row, once the dialog closes, shows what is true now.
   */
  pixUnavailable:
    'Este PIX não pode mais ser pago. Feche esta janela para ver a situação atual do seu acordo.',
  /** Spec 001 §5. */
  selectOne: 'Selecione pelo menos uma parcela!',
  /** Spec 001 §8 boleto download failure. */
  downloadFailed: 'Não foi possível baixar os boletos selecionados!',
  /** Spec 001 §8: no e-mail on file (boletos or the confession term by e-mail). */
  noEmail: 'Infelizmente não encontramos nenhum endereço de e-mail vinculado com o seu cadastro...',
  /** Spec 001 §8 SMS and e-mail boleto answers (the SMS failures are the second copy's). */
  smsSent: 'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
  smsFailed: SECOND_COPY_TEXTS.sendFailure.sms,
  smsException: SECOND_COPY_TEXTS.smsException,
  emailSent:
    'E-mail enviado com sucesso. Caso não encontre a mensagem, verifique também a sua caixa de spam.',
  emailFailed: 'Erro ao enviar o e-mail',
  /** The PIX modal of a row paid while it is open (the PSP's notice arrived): nothing is left to pay. */
  pixPaid: 'Pagamento recebido. Esta parcela está paga: não é preciso pagar de novo.',
  /** Spec 001 §9: the confession term text cites a 5-business-day release. */
  termNotice:
    'Receba por e-mail o termo de confissão de dívida deste acordo. Após a confirmação do pagamento da primeira ' +
    'parcela, a restrição em seu nome é retirada dos órgãos de proteção ao crédito em até 5 dias úteis.',
} as const;

/** Spec 001 §4 statuses as the payments table reads them: P and B are both 'PAGO'. */
export const STATUS_LABELS: Record<StatusParcelaAcordo, string> = {
  A: 'Em aberto',
  AA: 'Vencida',
  P: 'PAGO',
  B: 'PAGO',
};

/** Spec 001 §9: agreements per page when the partner paginates (myAgreements.flgPaginar). */
export const AGREEMENTS_PER_PAGE = 5;

/** Open or overdue: still to be paid. */
export function isOpen(parcela: Pick<ParcelaAcordo, 'status'>): boolean {
  return parcela.status === 'A' || parcela.status === 'AA';
}

/** The status a row shows (instalmentStatusLabel): a cancelled agreement's unpaid instalment is 'Cancelada'. */
export function statusLabel(
  agreement: Pick<DadosAcordo, 'status'>,
  parcela: Pick<ParcelaAcordo, 'status'>,
): string {
  return instalmentStatusLabel(agreement.status, parcela.status, STATUS_LABELS);
}

/**
 * The notice of a cancelled agreement: 'what you paid stays valid' only where an instalment is paid. A card refused,
 * or given back whole (decision 093), paid nothing: saying it would tell the person their card payment still counts.
 */
export function cancelledNotice(parcelas: readonly Pick<ParcelaAcordo, 'status'>[]): string {
  const paid = parcelas.some((parcela) => isPaidStatus(parcela.status));
  return paid
    ? `${AGREEMENT_TEXTS.cancelled} ${AGREEMENT_TEXTS.cancelledPaidStands}`
    : AGREEMENT_TEXTS.cancelled;
}

/** The colour of a row's status badge: its status, or one grey for every instalment a cancellation closed. */
export function statusTone(
  agreement: Pick<DadosAcordo, 'status'>,
  parcela: Pick<ParcelaAcordo, 'status'>,
): StatusParcelaAcordo | 'cancelled' {
  return closedByCancellation(agreement.status, parcela.status) ? 'cancelled' : parcela.status;
}

/** The boleto or PIX is not issued yet (spec 001 §4 boleto generation rule). */
export function isNotIssued(parcela: Pick<ParcelaAcordo, 'pdf'>): boolean {
  return parcela.pdf === PENDING_DOCUMENT.boleto || parcela.pdf === PENDING_DOCUMENT.pix;
}

/** What the PDF and the sending calls take for a row: the agreement instalment, or a Meus Boletos second copy. */
export function documentCode(parcela: Pick<ParcelaAcordo, 'aci_codigo' | 'codigo'>): number | null {
  return parcela.aci_codigo ?? parcela.codigo ?? null;
}

/**
 * Spec 001 §4: an instalment can be ticked for boleto view or download when it is open or overdue and its boleto is
 * issued; paid ones (P, B) never, and PIX agreements have no boletos.
 */
export function canTick(method: MetodoPagamento, parcela: ParcelaAcordo): boolean {
  return (
    method === 'boleto' &&
    isOpen(parcela) &&
    parcela.pdf !== null &&
    !isNotIssued(parcela) &&
    documentCode(parcela) !== null
  );
}

/** Spec 001 §4: view and download are disabled when no instalment is open or overdue. */
export function hasOpenInstalment(parcelas: readonly ParcelaAcordo[]): boolean {
  return parcelas.some(isOpen);
}

export interface RowActions {
  /** Copy the linha digitável (an issued boleto). */
  copyLine: boolean;
  /** Open the PIX modal of an issued PIX code. */
  pix: boolean;
  /** The generation rule's info text (boleto or PIX), in place of the buttons of a document not issued yet. */
  notIssued: boolean;
}

/**
 * What an instalment's row offers; a PIX agreement's rows have the PIX button only. A row whose document is not
 * issued yet shows the generation rule instead of any button: a PIX button there would only repeat it.
 */
export function rowActions(method: MetodoPagamento, parcela: ParcelaAcordo): RowActions {
  if (!isOpen(parcela)) return { copyLine: false, pix: false, notIssued: false };
  const notIssued = isNotIssued(parcela);
  return {
    copyLine: method === 'boleto' && !notIssued && parcela.linha_digitavel !== null,
    pix: !notIssued && parcela.pix_copia_cola !== null,
    notIssued,
  };
}

/** The ticked rows' codes in the card's order (the PDF's page order follows it), of rows that can still be ticked. */
export function tickedInOrder(
  method: MetodoPagamento,
  parcelas: readonly ParcelaAcordo[],
  ticked: ReadonlySet<number>,
): number[] {
  return parcelas
    .filter((parcela) => isTicked(method, parcela, ticked))
    .map(documentCode)
    .filter((code): code is number => code !== null);
}

/**
 * A row counts as ticked while it can be ticked: one paid (its PIX, a retorno) or cancelled while the page is open
 * drops out of the boletos asked for, and its checkbox, disabled, shows no tick that cannot be undone.
 */
export function isTicked(
  method: MetodoPagamento,
  parcela: ParcelaAcordo,
  ticked: ReadonlySet<number>,
): boolean {
  const code = documentCode(parcela);
  return code !== null && ticked.has(code) && canTick(method, parcela);
}

/**
 * GET /api/acordos/boletos.pdf of the ticked rows: an agreement's instalments (`parcelas`) or a Meus Boletos card's
 * second copies (`segundas_vias`); `download` asks for an attachment.
 */
export function boletosPath(kind: DadosAcordo['tipo'], codes: readonly number[], download: boolean): string {
  const list = kind === 'acordo' ? 'parcelas' : 'segundas_vias';
  return `/api/acordos/boletos.pdf?${list}=${codes.join(',')}${download ? '&download=1' : ''}`;
}

/** The QR code image of an agreement instalment's PIX code. */
export function pixQrPath(aciCodigo: number): string {
  return `/api/acordos/pix/${aciCodigo}.svg`;
}

/** Spec 001 §2: 'Página X de Y'. */
export function pageText(paginacao: Paginacao): string {
  return `Página ${paginacao.pagina_atual} de ${paginacao.quantidade_de_paginas}`;
}

/** Which moves make sense from this page: nothing before the first page, nothing after the last. */
export function pageMoves(paginacao: Paginacao): Record<MovimentoPagina, boolean> {
  const notFirst = paginacao.pagina_atual > 1;
  const notLast = paginacao.pagina_atual < paginacao.quantidade_de_paginas;
  return { PRI: notFirst, ANT: notFirst, PRO: notLast, ULT: notLast };
}

/** Meus Acordos opens on the first page. */
export const FIRST_AGREEMENTS_PAGE: { paginaAtual: number; pagina: MovimentoPagina } = {
  paginaAtual: 1,
  pagina: 'PRI',
};

/** Spec 001 §9: whether the partner pages its agreements (myAgreements.flgPaginar). */
export function paginatesAgreements(config: PartnerConfig): boolean {
  return customization(config).myAgreements?.flgPaginar === true;
}

/** The passo_5 body: without pagination nothing; with it, the page shown and the move (the first page at first). */
export function agreementsRequest(
  paginate: boolean,
  position: { paginaAtual: number; pagina: MovimentoPagina },
): AcordosPedido {
  return paginate ? { ...position, itensPorPagina: AGREEMENTS_PER_PAGE } : {};
}
