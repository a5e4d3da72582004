import { describe, expect, it } from 'vitest';
import type { FormaCartao, PagamentoAvistaPrazo } from '../contract/debts';
import { CARD_MAX_INSTALMENTS } from './card';
import { CARD_FORM_PAYMENTS, cardFormFits, cardFormFitsMode } from './card-forms';

describe('cardFormFits: the payment counts each card form takes (spec 001 §9 fee texts, decision 073)', () => {
  it.each<[FormaCartao | undefined, number, boolean]>([
    // One-time: one payment only.
    ['avista', 1, true],
    ['avista', 2, false],
    ['avista', 10, false],
    // In instalments: 2x to 12x, as its fee text names them.
    ['parcelado', 1, false],
    ['parcelado', 2, true],
    ['parcelado', 6, true],
    ['parcelado', 7, true],
    ['parcelado', 12, true],
    ['parcelado', 13, false],
    // Recurring: a charge that repeats, so two payments at least; no more than any card plan.
    ['recorrente', 1, false],
    ['recorrente', 2, true],
    ['recorrente', 12, true],
    ['recorrente', 13, false],
    // No form asked (partners without the card form): any card plan, up to CARD_MAX_INSTALMENTS.
    [undefined, 1, true],
    [undefined, 12, true],
    [undefined, 13, false],
    // Never a plan without payments.
    ['avista', 0, false],
    [undefined, 0, false],
  ])('%s with %i payment(s): %s', (form, payments, fits) => {
    expect(cardFormFits(form, payments)).toBe(fits);
  });

  it('no form takes more payments than a card plan may have (decision 068)', () => {
    for (const { max } of Object.values(CARD_FORM_PAYMENTS))
      expect(max).toBeLessThanOrEqual(CARD_MAX_INSTALMENTS);
  });
});

describe('cardFormFitsMode: the forms that can have plans of a mode', () => {
  it.each<[FormaCartao, PagamentoAvistaPrazo, boolean]>([
    // Pay in full is one payment.
    ['avista', 'A', true],
    ['parcelado', 'A', false],
    ['recorrente', 'A', false],
    // Instalments are an entry and at least one instalment.
    ['avista', 'P', false],
    ['parcelado', 'P', true],
    ['recorrente', 'P', true],
  ])('%s in mode %s: %s', (form, mode, fits) => {
    expect(cardFormFitsMode(form, mode)).toBe(fits);
  });
});
