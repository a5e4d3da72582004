import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFile, portalCall } from '../../../lib/api';
import { boletosPath } from '../lib/agreements';
import { debtorKeys, envelopeData } from './debts';
import type { AcordosPedido, AcordosResposta, DadosAcordo, EnvioBoletosSms, EnvioEmailPortal } from './types';

// The Meus Acordos calls of docs/api.md "Meus Acordos": the session person's agreements, their boletos' PDF and
// sending them. The server composes every message and sends it only to the person's own addresses.

/** passo_5: the agreements (a page of them when the partner paginates). */
export function fetchAgreements(body: AcordosPedido, signal?: AbortSignal) {
  return portalCall<AcordosResposta>('negociacao_robo', 'passo_5', { ...body }, { signal });
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
 * Issue 17 item 6: while an instalment shown is open, the list is read again every 30 s (every 5 s while a PIX is on
 * screen, useWatchPayment) so a payment the PSP reports turns PAGO without a reload; never while the page is hidden,
 * and not at all once nothing is open.
 */
const OPEN_POLL_MS = 30_000;
const PIX_POLL_MS = 5_000;

/** How often the list is read again: every 30 s while an instalment shown is open (A, AA), else never. */
export const agreementsRefetchInterval = (data: AcordosResposta | undefined): number | false =>
  data?.acordos.some((a) => a.dadosAcordo.parcelas.some((p) => p.status === 'A' || p.status === 'AA'))
    ? OPEN_POLL_MS
    : false;

/** The agreements of `body`'s page; a new page keeps the previous one on screen until it arrives. */
export function useAgreementsQuery(body: AcordosPedido) {
  return useQuery({
    queryKey: agreementKeys.list(body),
    queryFn: async ({ signal }) => envelopeData(await fetchAgreements(body, signal)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => agreementsRefetchInterval(query.state.data),
  });
}

/** While mounted (a PIX modal open) and the page visible, the agreements are read again every 5 s. */
export function useWatchPayment() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: agreementKeys.all });
    }, PIX_POLL_MS);
    return () => clearInterval(timer);
  }, [queryClient]);
}

export function useSendBoletosSms() {
  return useMutation({ mutationFn: sendBoletosSms });
}

export function useSendPortalEmail() {
  return useMutation({ mutationFn: sendPortalEmail });
}
