import type { FaqItem } from '@portal/domain';
import { portalCall } from '../../../lib/api';
import type { DividasResposta } from './types';

// The debtor-area calls of docs/api.md "Debtor area (issue 4)". The session is the HttpOnly cookie that
// identification opened; every call reads only that person's debts in this partner's stores.

export interface DebtorSession {
  pesNome: string;
  /** Digits (or the letters and digits of an alphanumeric CNPJ), no mask. */
  pesCpfCnpj: string;
  quantidadeDividas: number;
  proximaEtapa: 'VerifyToken' | 'MyDebits' | 'AccordionTabs';
}

export function fetchSession() {
  return portalCall<DebtorSession>('portal', 'sessao', {});
}

export function endSession() {
  return portalCall<null>('portal', 'sair', {});
}

/** passo_2_novo: one card per store (or contract group). Future entries stay out of the totals (`N`). */
export function fetchDebts(signal?: AbortSignal) {
  return portalCall<DividasResposta>(
    'negociacao_robo',
    'passo_2_novo',
    { lancamentoFuturo: 'N' },
    { signal },
  );
}

export function sendCannotPay(lojCodigo: number, motivo: string) {
  return portalCall<null>('portal', 'naoPossoPagar', { lojCodigo, motivo });
}

export interface ProposalBody {
  loj_codigo: number;
  /** Money as typed ('1.234,56'). */
  entrada: string;
  quantidade_parcelas: string;
  valor_parcela: string;
}

export function sendProposal(body: ProposalBody) {
  return portalCall<null>('portal', 'cadastrarProposta', { ...body });
}

export function disputeDebt(lojCodigo: number) {
  return portalCall<null>('portal', 'naoReconhecoDivida', { lojCodigo });
}

/** Spec 001 §7 "Fetch FAQ": the portal's frequently asked questions (public; reads `dados.duvidas`). */
export function fetchFaq(signal?: AbortSignal) {
  return portalCall<{ duvidas: FaqItem[] }>('portal', 'getDuvidas', {}, { signal });
}
