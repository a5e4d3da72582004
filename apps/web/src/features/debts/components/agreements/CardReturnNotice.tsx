import { CARD_OUTCOME_MESSAGES, hasCapability } from '@portal/domain';
import { useEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { useFeedback } from '../../../../components/ui/feedback';
import { usePartner } from '../../../../lib/partner';
import { useTypedSearchParams } from '../../../../lib/search-params';
import { CARD_RETURN_STATES, cardOutcomeModal } from '../../lib/card-outcome';

const returnParams = z.object({
  formaDePagamento: z.catch(z.optional(z.string()), undefined),
  estadoDaTransacao: z.catch(z.optional(z.enum(CARD_RETURN_STATES)), undefined),
});

/**
 * Spec 001 §1, §4 and §8: back in Meus Acordos from a card payment (`formaDePagamento`, `estadoDaTransacao`) on a
 * partner with the card return states (capability cardReturnStates), the person reads the outcome once; the
 * parameters are then dropped so a reload does not say it again.
 */
export function CardReturnNotice() {
  const config = usePartner();
  const [params, setParams] = useTypedSearchParams(returnParams);
  const { showModal } = useFeedback();
  const shown = useRef(false);
  const state =
    params.formaDePagamento === 'cartao' && hasCapability(config, 'cardReturnStates')
      ? params.estadoDaTransacao
      : undefined;

  useEffect(() => {
    if (!state || shown.current) return;
    shown.current = true;
    setParams({ formaDePagamento: undefined, estadoDaTransacao: undefined }, { replace: true });
    void showModal({ ...cardOutcomeModal(state), text: CARD_OUTCOME_MESSAGES[state] });
  }, [state, setParams, showModal]);
  return null;
}
