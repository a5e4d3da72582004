import { type FaqItem, FIXED_FAQ } from '@portal/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, portalCall } from '../../../lib/api';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
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
  return portalCall<DebtorSession>('portal', 'sessao', {}, { sessionOptional: true });
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

// ---- Queries -------------------------------------------------------------------------------------------------

/**
 * Everything read under the debtor session starts with `debtor`: when the person changes (login, logout, erasure)
 * it is all dropped at once, so nobody ever sees the previous person's data from the cache.
 */
export const debtorKeys = {
  all: ['debtor'] as const,
  session: ['debtor', 'session'] as const,
  debts: ['debtor', 'debts'] as const,
  faq: ['debtor', 'faq'] as const,
};

// Whether this browser tab has seen a debtor session open, so that a 401 can tell a session that ended (its message)
// from a person who never had one (who just goes to the landing page). Only that fact, for this tab (sessionStorage):
// the cookie alone says who is identified, and the server decides every call.
const SESSION_SEEN = 'sessaoDevedorAberta';

/** Whether a debtor session was open in this tab since the debtor data was last forgotten. */
export function sessionSeenInTab(): boolean {
  return readStorage(SESSION_SEEN, 'session') !== null;
}

/**
 * Marks that this tab holds a debtor session: the token screen's calls, made under the pending session the login
 * opened, before the session read (which marks an open one) ever runs.
 */
export function markSessionSeen(): void {
  writeStorage(SESSION_SEEN, '1', 'session');
}

/** Drops every cached answer of the debtor session (see debtorKeys), and that this tab had one. */
export function forgetDebtor(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: debtorKeys.all });
  removeStorage(SESSION_SEEN, 'session');
}

/** The envelope's data, or an ApiError carrying its message when the server answered retorno false. */
export function envelopeData<T>(answer: { retorno: boolean; dados: T; mensagem: string }): T {
  if (!answer.retorno) throw new ApiError(200, answer.mensagem, answer);
  return answer.dados;
}

/** The session ended (expired, or closed in another tab): the server answers 401. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The open session, or null when nobody is identified on this partner (the server answers 401). */
async function loadSession(): Promise<DebtorSession | null> {
  try {
    const answer = await fetchSession();
    if (!answer.retorno || !answer.dados) return null;
    markSessionSeen();
    return answer.dados;
  } catch (error) {
    if (isSessionExpired(error)) return null;
    throw error;
  }
}

/** The session read, for the screens and for prefetching it (api/prefetch.ts). */
export const sessionQuery = queryOptions({ queryKey: debtorKeys.session, queryFn: loadSession });

export function useSessionQuery(enabled: boolean) {
  return useQuery({ ...sessionQuery, enabled });
}

/** The debts read, for the screen and for prefetching it (api/prefetch.ts). */
export const debtsQuery = queryOptions({
  queryKey: debtorKeys.debts,
  queryFn: async ({ signal }) => {
    const answer = await fetchDebts(signal);
    if (!answer.dados) throw new ApiError(200, answer.mensagem, answer);
    return envelopeData(answer);
  },
});

export function useDebtsQuery(enabled = true) {
  return useQuery({ ...debtsQuery, enabled });
}

/** The FAQ items; partners with fixed texts (capability fixedFaqTexts) never ask the server. */
export function useFaqQuery(fixed: boolean) {
  return useQuery({
    queryKey: [...debtorKeys.faq, fixed],
    queryFn: async ({ signal }): Promise<readonly FaqItem[]> =>
      fixed ? FIXED_FAQ : envelopeData(await fetchFaq(signal)).duvidas,
  });
}

/** Ends the session and forgets what was read under it; leaving works even offline (the cookie expires). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSession().catch(() => null),
    onSettled: () => forgetDebtor(queryClient),
  });
}

export function useCannotPay(lojCodigo: number) {
  return useMutation({ mutationFn: (motivo: string) => sendCannotPay(lojCodigo, motivo) });
}

export function useSendProposal(lojCodigo: number) {
  return useMutation({
    mutationFn: (values: Omit<ProposalBody, 'loj_codigo'>) =>
      sendProposal({ loj_codigo: lojCodigo, ...values }),
  });
}

export function useDisputeDebt(lojCodigo: number) {
  return useMutation({ mutationFn: () => disputeDebt(lojCodigo) });
}
