import { describe, expect, it } from 'vitest';
import { cardReversalPart } from './card-reversal';

describe('cardReversalPart', () => {
  it.each([
    [
      'a first partial refund',
      'partially_refunded',
      10_000,
      1_000,
      0,
      { amountCents: 1_000, throughCents: 1_000 },
    ],
    ['the same partial refund told again', 'partially_refunded', 10_000, 1_000, 1_000, null],
    [
      'a larger one later: the difference',
      'partially_refunded',
      10_000,
      1_500,
      1_000,
      { amountCents: 500, throughCents: 1_500 },
    ],
    ['a stale smaller one', 'partially_refunded', 10_000, 500, 1_000, null],
    [
      'a partial one past the value stops at it',
      'partially_refunded',
      10_000,
      12_000,
      0,
      { amountCents: 10_000, throughCents: 10_000 },
    ],
    [
      'a full refund after parts: the rest',
      'refunded',
      10_000,
      10_000,
      1_500,
      { amountCents: 8_500, throughCents: 10_000 },
    ],
    [
      'a full refund alone: the value',
      'refunded',
      10_000,
      0,
      0,
      { amountCents: 10_000, throughCents: 10_000 },
    ],
    ['a chargeback after a full refund', 'chargedback', 10_000, 0, 10_000, null],
  ] as const)('%s', (_case, kind, value, canceled, recorded, expected) => {
    expect(cardReversalPart(kind, value, canceled, recorded)).toEqual(expected);
  });
});
