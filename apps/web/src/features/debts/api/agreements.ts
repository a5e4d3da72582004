import { BACKGROUND_READ_HEADER } from '@portal/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFile, portalCall } from '../../../lib/api';
import { boletosPath } from '../lib/agreements';
import { debtorKeys, envelopeData } from './debts';
import type { AcordosPedido, AcordosResposta, DadosAcordo, EnvioBoletosSms, EnvioEmailPortal } from './types';

// The Meus Acordos calls of docs/api.md "Meus Acordos": the session person's agreements, their boletos' PDF and
// sending them. The server composes every message and sends it only to the person's own addresses.

/**
 * passo_5: the agreements (a page of them when the partner paginates). `background`: the page reads them again on its
 * own (a poll), which must not keep the session alive (domain contract/session-activity).
 */
export function fetchAgreements(body: AcordosPedido, signal?: AbortSignal, background = false) {
  const headers = background ? { [BACKGROUND_READ_HEADER]: '1' } : undefined;
  return portalCall<AcordosResposta>('negociacao_robo', 'passo_5', { ...body }, { signal, headers });
}

/** The PDF of a card's ticked boletos, inline (to view) or as an attachment (to download). */
export function fetchBoletosPdf(kind: DadosAcordo['tipo'], codes: readonly number[], download: boolean) {
  return fetchFile(boletosPath(kind, codes, download));
}

export function sendBoletosSms(body: EnvioBoletosSms) {
  return portalCall<null>('negociacao_robo', 'enviar_boletos_sms', { ...body });
}

/** mail/envioPortal: the ticked boletos, or an agreement's confession term, to the e-mail on file. */
export function sendPortalEmail(body: EnvioEmailPortal) {
  return portalCall<null>('mail', 'envioPortal', { ...body });
}

export const agreementKeys = {
  all: [...debtorKeys.all, 'agreements'] as const,
  list: (body: AcordosPedido) => [...agreementKeys.all, body] as const,
};

/**
 * Issue 17 item 6: while an instalment shown is open, the list is read again every 30 s, and every 5 s while a PIX is
 * on screen and for 3 minutes after it closes (the person is paying it in the bank's app), so a payment the PSP
 * reports turns PAGO without a reload; never while the page is hidden (TanStack's default), and not at all once
 * nothing is open.
 */
const OPEN_POLL_MS = 30_000;
const PIX_POLL_MS = 5_000;
const PIX_WATCH_AFTER_CLOSE_MS = 3 * 60_000;

/** Until when (epoch ms) the list is read every 5 s: Infinity while a PIX modal is open. */
let watchPaymentUntil = 0;

/**
 * How often the list is read again: while an instalment of an active agreement is open (A, AA), 5 s when a PIX is
 * watched, else 30 s. A cancelled agreement (listed with the history) keeps its unpaid rows' A and AA, but nothing on
 * it can be paid any more.
 */
export const agreementsRefetchInterval = (
  data: AcordosResposta | undefined,
  now: number = Date.now(),
  watchUntil: number = watchPaymentUntil,
): number | false => {
  const open = data?.acordos.some(
    (a) =>
      a.dadosAcordo.status === 'active' &&
      a.dadosAcordo.parcelas.some((p) => p.status === 'A' || p.status === 'AA'),
  );
  if (!open) return false;
  return now < watchUntil ? PIX_POLL_MS : OPEN_POLL_MS;
};

/** The read of `body`'s page of agreements, for the screen and for prefetching it (api/prefetch.ts). */
export const agreementsQuery = (body: AcordosPedido) =>
  queryOptions({
    queryKey: agreementKeys.list(body),
    // A page already on screen read again is a poll (or a refresh after the person's own call, which counted).
    queryFn: async ({ signal, client, queryKey }) =>
      envelopeData(await fetchAgreements(body, signal, client.getQueryData(queryKey) !== undefined)),
  });

/** The agreements of `body`'s page; a new page keeps the previous one on screen until it arrives. */
export function useAgreementsQuery(body: AcordosPedido) {
  return useQuery({
    ...agreementsQuery(body),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => agreementsRefetchInterval(query.state.data),
  });
}

/**
 * While mounted (a PIX modal open) the agreements are read every 5 s, and for 3 minutes after it closes. Reading once
 * at mount makes the list's next interval the fast one at once.
 */
export function useWatchPayment() {
  const queryClient = useQueryClient();
  useEffect(() => {
    watchPaymentUntil = Number.POSITIVE_INFINITY;
    void queryClient.invalidateQueries({ queryKey: agreementKeys.all });
    return () => {
      watchPaymentUntil = Date.now() + PIX_WATCH_AFTER_CLOSE_MS;
    };
  }, [queryClient]);
}

export function useSendBoletosSms() {
  return useMutation({ mutationFn: sendBoletosSms });
}

export function useSendPortalEmail() {
  return useMutation({ mutationFn: sendPortalEmail });
}
