import type { DadosDoCartao } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { portalCall } from '../../../lib/api';
import { failureMessage, PAYMENT_TEXTS, type SearchOutcome, searchOutcome } from '../lib/plans';
import { agreementKeys } from './agreements';
import { debtorKeys } from './debts';
import type { AcordoSalvo, MetodoPagamento, PlanosPedido, PlanosResposta } from './types';

// Negotiation steps 3 and 4 (spec 001 §4 "Negotiation flow", docs/api.md "Debtor area (issue 4)").

/** passo_3_novo: the plans the server computes (and keeps for this session) for one card and the choices made. */
export function searchPlans(body: PlanosPedido) {
  return portalCall<PlanosResposta | { primeiro_vencimento_maximo?: string } | null>(
    'negociacao_robo',
    'passo_3_novo',
    { ...body },
  );
}

/** passo_4_novo as a mutation; the debts and the agreements change (the card now has an agreement). */
export function useConfirmAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AcordoPedido; key: string }) => confirmAgreement(body, key),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: debtorKeys.debts }),
        queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
      ]),
  });
}

/** A search's outcome, a failure included (the panel shows it in place of the plans). */
async function planSearchOutcome(body: PlanosPedido): Promise<SearchOutcome> {
  try {
    return searchOutcome(await searchPlans(body), body.metodoPagamento);
  } catch (error) {
    return { kind: 'error', message: failureMessage(error, PAYMENT_TEXTS.searchFailed) };
  }
}

export interface PlanSearchState {
  /** The latest outcome; kept while a new search runs so the panel does not jump. */
  outcome: SearchOutcome | null;
  /** The body that produced `outcome` (its date and payment type go with the plans to step 4). */
  request: PlanosPedido | null;
}

/**
 * Spec 001 §4: every change asks passo_3_novo again, so a search is a mutation (the server keeps the plans it
 * issued for this session), never a cached read. Only the latest search counts: an older answer is dropped.
 */
export function usePlanSearch() {
  const { mutateAsync } = useMutation({ mutationFn: planSearchOutcome });
  const [shown, setShown] = useState<PlanSearchState>({ outcome: null, request: null });
  /** The search whose answer is awaited; null once it is shown or settled. */
  const [waiting, setWaiting] = useState<number | null>(null);
  const latest = useRef(0);
  /** The body of the latest search, in flight or answered; null after a failure or a settle. */
  const asked = useRef<string | null>(null);

  /** Resolves with the outcome, or null when a newer search (or settle) replaced this one. */
  const search = useCallback(
    async (body: PlanosPedido): Promise<SearchOutcome | null> => {
      const ticket = ++latest.current;
      asked.current = JSON.stringify(body);
      setWaiting(ticket);
      const outcome = await mutateAsync(body);
      if (ticket !== latest.current) return null;
      // A failure is asked again by Recalcular.
      if (outcome.kind === 'error') asked.current = null;
      setWaiting(null);
      setShown({ outcome, request: body });
      return outcome;
    },
    [mutateAsync],
  );

  /**
   * Recalcular: a search unless the latest one (in flight or answered) asked the same: a date typed in full has
   * searched already, and the button would send the same passo_3_novo a second time. Null when nothing was sent.
   */
  const recalculate = useCallback(
    (body: PlanosPedido): Promise<SearchOutcome | null> =>
      asked.current === JSON.stringify(body) ? Promise.resolve(null) : search(body),
    [search],
  );

  /** Shows an outcome decided here (e.g. a date out of range), dropping any search in flight. */
  const settle = useCallback((outcome: SearchOutcome) => {
    latest.current++;
    asked.current = null;
    setWaiting(null);
    setShown({ outcome, request: null });
  }, []);

  return { ...shown, loading: waiting !== null, search, recalculate, settle };
}

/** passo_4_novo body: the server records the agreement from a plan it issued, never from amounts sent here. */
export interface AcordoPedido {
  praCodigo: number;
  formaDePagamento: MetodoPagamento;
  /** dd/mm/yyyy. */
  primeiroVencimento: string;
  /** A card payment: the gateway's token, brand and last four (spec 001 §7), never the card itself. */
  dadosDoCartao?: DadosDoCartao;
  /** Digits only; asked with capability requireContactOnConfirm. */
  telefone?: string;
  email?: string;
}

/**
 * passo_4_novo: records the agreement. `idempotencyKey` is the same for a retry of the same request (a lost answer,
 * a second click), so the server records one agreement and answers the first answer again.
 */
export function confirmAgreement(body: AcordoPedido, idempotencyKey: string) {
  return portalCall<AcordoSalvo>(
    'negociacao_robo',
    'passo_4_novo',
    { ...body },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
