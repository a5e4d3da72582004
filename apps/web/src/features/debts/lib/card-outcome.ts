import { CARD_TRANSACTION_STATES } from '@portal/domain';
import type { ModalOptions } from '../../../components/ui/Modal';

/** A card payment's state as the person is told it: the gateway's final word (spec 001 §4) or still pending. */
export const CARD_RETURN_STATES = [...CARD_TRANSACTION_STATES, 'PENDING'] as const;
export type CardReturnState = (typeof CARD_RETURN_STATES)[number];

export const isCardReturnState = (value: unknown): value is CardReturnState =>
  (CARD_RETURN_STATES as readonly unknown[]).includes(value);

/**
 * The title and style of a card payment's outcome, the same wherever it is told (on confirming, or back in Meus
 * Acordos from the gateway): a charge the operator has not confirmed yet is not a success.
 */
export function cardOutcomeModal(state: CardReturnState): Required<Pick<ModalOptions, 'title' | 'style'>> {
  if (state === 'PAID') return { title: 'Parabéns', style: 'success' };
  if (state === 'PENDING') return { title: 'Pagamento em processamento', style: 'info' };
  return { title: 'Erro', style: 'danger' };
}
