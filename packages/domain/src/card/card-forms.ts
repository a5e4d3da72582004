import type { FormaCartao, PagamentoAvistaPrazo } from '../contract/debts';
import { CARD_MAX_INSTALMENTS } from './card';

/**
 * The payments a card plan of each card form has (decision 073), as spec 001 §9's fee texts name them: one-time
 * (2.49%) is one payment, in instalments "2x-6x 2.60%, 7x-12x 2.99%" two to twelve; recurring (2.99%) is a charge
 * that repeats, so two payments at least, and no more than any card plan (decision 068).
 */
export const CARD_FORM_PAYMENTS: Record<FormaCartao, { min: number; max: number }> = {
  avista: { min: 1, max: 1 },
  parcelado: { min: 2, max: CARD_MAX_INSTALMENTS },
  recorrente: { min: 2, max: CARD_MAX_INSTALMENTS },
};

/**
 * Spec 001 §9 fee texts: whether a card plan of `payments` payments may be offered in the card form `form`; without
 * a form (a partner that asks none) any card plan may, up to CARD_MAX_INSTALMENTS.
 */
export function cardFormFits(form: FormaCartao | undefined, payments: number): boolean {
  const { min, max } = form ? CARD_FORM_PAYMENTS[form] : { min: 1, max: CARD_MAX_INSTALMENTS };
  return payments >= min && payments <= max;
}

/** Whether a card form can have plans of `mode`: paying in full is one payment, instalments are two or more. */
export function cardFormFitsMode(form: FormaCartao, mode: PagamentoAvistaPrazo): boolean {
  return mode === 'A' ? cardFormFits(form, 1) : CARD_FORM_PAYMENTS[form].max >= 2;
}
