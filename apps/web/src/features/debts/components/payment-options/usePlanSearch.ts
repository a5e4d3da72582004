import { useCallback, useEffect, useRef, useState } from 'react';
import { searchPlans } from '../../api/plans';
import type { PlanosPedido } from '../../api/types';
import { failureMessage, PAYMENT_TEXTS, type SearchOutcome, searchOutcome } from '../../lib/plans';

export interface PlanSearch {
  loading: boolean;
  /** The latest answer; kept while a new search runs so the panel does not jump. */
  outcome: SearchOutcome | null;
  /** The body that produced `outcome` (its date and payment type go with the plans to step 4). */
  request: PlanosPedido | null;
}

/**
 * Spec 001 §4: every change asks passo_3_novo again. Only the latest search counts: a new one aborts the one
 * in flight, and an answer that arrives for an older search is ignored.
 */
export function usePlanSearch() {
  const [state, setState] = useState<PlanSearch>({ loading: false, outcome: null, request: null });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  /** Resolves with the outcome, or null when a newer search (or settle) replaced this one. */
  const search = useCallback(async (body: PlanosPedido): Promise<SearchOutcome | null> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState((previous) => ({ ...previous, loading: true }));
    let outcome: SearchOutcome;
    try {
      outcome = searchOutcome(await searchPlans(body, controller.signal), body.metodoPagamento);
    } catch (error) {
      outcome = { kind: 'error', message: failureMessage(error, PAYMENT_TEXTS.searchFailed) };
    }
    if (current.current !== controller) return null;
    current.current = null;
    setState({ loading: false, outcome, request: body });
    return outcome;
  }, []);

  /** Shows an outcome decided here (e.g. a date out of range), dropping any search in flight. */
  const settle = useCallback((outcome: SearchOutcome) => {
    current.current?.abort();
    current.current = null;
    setState({ loading: false, outcome, request: null });
  }, []);

  return { ...state, search, settle };
}
