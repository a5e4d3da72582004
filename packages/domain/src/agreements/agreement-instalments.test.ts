import { describe, expect, it } from 'vitest';
import {
  CHARGE_DAYS_PAYABLE_AFTER_DUE,
  documentDueDate,
  type InstalmentState,
  instalmentLabel,
  instalmentName,
  instalmentNumbersText,
  instalmentStatus,
  instalmentStatusLabel,
  isChargePayable,
  isDocumentDue,
  isPaidStatus,
  paymentAfterCardReversal,
  remainingCents,
} from './agreement-instalments';

const TODAY = '2026-11-25';

describe('instalmentStatus (spec 001 §4)', () => {
  it.each([
    [{ dueDate: '2026-11-25', payment: null }, 'A'],
    [{ dueDate: '2026-12-25', payment: null }, 'A'],
    [{ dueDate: '2026-11-24', payment: null }, 'AA'],
    [{ dueDate: '2026-10-01', payment: 'paid' }, 'P'],
    [{ dueDate: '2026-12-01', payment: 'paid' }, 'P'],
    [{ dueDate: '2026-10-01', payment: 'settled' }, 'B'],
  ] as const)('%o is %s', (state, status) => {
    expect(instalmentStatus(state, TODAY)).toBe(status);
  });

  it.each([
    ['A', false],
    ['AA', false],
    ['P', true],
    ['B', true],
  ] as const)('%s paid: %s', (status, paid) => expect(isPaidStatus(status)).toBe(paid));
});

describe('isChargePayable (API Pix cobv validadeAposVencimento: 30 calendar days)', () => {
  it.each([
    ['2026-11-25', false, true],
    ['2026-12-20', false, true],
    // Overdue but within the validity: still paid at the agreed value.
    ['2026-11-01', false, true],
    // Today is the 30th day after the due date (October has 31): the last one.
    ['2026-10-26', false, true],
    ['2026-10-25', false, false],
    ['2026-06-30', false, false],
    ['2026-12-20', true, false],
  ] as const)('due %s, cancelled %s: payable %s', (dueDate, cancelled, payable) => {
    expect(isChargePayable({ dueDate, cancelled }, TODAY)).toBe(payable);
  });

  it('counts the days the API Pix counts', () => expect(CHARGE_DAYS_PAYABLE_AFTER_DUE).toBe(30));
});

describe('documentDueDate (a document issued today falls due when it can still be paid)', () => {
  it.each([
    // A first document keeps the instalment's date while a charge of that date is payable.
    ['2026-12-25', false, '2026-12-25'],
    ['2026-11-01', false, '2026-11-01'],
    ['2026-10-26', false, '2026-10-26'],
    ['2026-10-25', false, TODAY],
    // A replacement is never registered already due.
    ['2026-12-25', true, '2026-12-25'],
    [TODAY, true, TODAY],
    ['2026-11-24', true, TODAY],
    ['2026-06-30', true, TODAY],
  ] as const)('instalment due %s, replacement %s: %s', (due, replacement, expected) => {
    expect(documentDueDate(due, TODAY, replacement)).toBe(expected);
  });
});

describe('isDocumentDue (spec 001 §4: on the due date or after the previous one is paid)', () => {
  const rows = (...states: [string, InstalmentState['payment']][]): InstalmentState[] =>
    states.map(([dueDate, payment]) => ({ dueDate, payment }));

  it('issues the first instalment at once and holds the later ones', () => {
    const plan = rows(['2026-11-30', null], ['2026-12-30', null], ['2027-01-30', null]);
    expect(plan.map((_, i) => isDocumentDue(plan, i, TODAY))).toEqual([true, false, false]);
  });

  it('issues the next one once the one before it is paid, never a paid one', () => {
    const plan = rows(['2026-10-30', 'paid'], ['2026-12-30', null], ['2027-01-30', null]);
    expect(plan.map((_, i) => isDocumentDue(plan, i, TODAY))).toEqual([false, true, false]);
  });

  it('issues an instalment from its due date on even when the one before is unpaid', () => {
    const plan = rows(
      ['2026-09-30', 'paid'],
      ['2026-10-30', null],
      ['2026-11-25', null],
      ['2026-12-30', null],
    );
    expect(plan.map((_, i) => isDocumentDue(plan, i, TODAY))).toEqual([false, true, true, false]);
  });

  it('counts a card settlement as paid', () => {
    const plan = rows(['2026-10-30', 'settled'], ['2026-12-30', null]);
    expect(isDocumentDue(plan, 1, TODAY)).toBe(true);
  });

  it('has no document for an index out of range', () => {
    expect(isDocumentDue([], 0, TODAY)).toBe(false);
  });
});

describe('instalmentLabel (spec 001 §3 campo_parcela)', () => {
  it.each([
    [0, 0, 'Parcela única'],
    [0, 6, 'Entrada'],
    [1, 6, '1/6'],
    [6, 6, '6/6'],
  ])('number %i of %i is %s', (number, count, label) => expect(instalmentLabel(number, count)).toBe(label));
});

describe('remainingCents (spec 001 §3 valor_restante)', () => {
  it('adds what is neither paid nor settled', () => {
    expect(
      remainingCents([
        { dueDate: '2026-10-01', payment: 'paid', amountCents: 10_000 },
        { dueDate: '2026-11-01', payment: null, amountCents: 5_001 },
        { dueDate: '2026-12-01', payment: 'settled', amountCents: 7_000 },
        { dueDate: '2027-01-01', payment: null, amountCents: 4_999 },
      ]),
    ).toBe(10_000);
  });
});

describe('paymentAfterCardReversal (decision 093: a card given back whole settled nothing)', () => {
  const card = (reversedCents: number) => ({ amountCents: 10_000, reversedCents });
  it.each([
    ['no reversal', 'settled', card(0), 'settled'],
    ['a part given back (decision 075)', 'settled', card(9_999), 'settled'],
    ['all of it given back (a full refund, a chargeback, also after parts)', 'settled', card(10_000), null],
    ['no card payment read', 'settled', undefined, 'settled'],
    ['a boleto or PIX payment is not the card', 'paid', card(10_000), 'paid'],
    ['an unpaid instalment stays unpaid', null, card(10_000), null],
  ] as const)('%s', (_case, payment, reversal, expected) =>
    expect(paymentAfterCardReversal(payment, reversal)).toBe(expected),
  );
});

describe('instalmentName (text naming an instalment, found by use: "parcela Parcela única")', () => {
  it.each([
    ['Parcela única', 'parcela única'],
    ['Entrada', 'entrada'],
    ['1/6', 'parcela 1/6'],
    ['6/6', 'parcela 6/6'],
    ['Contrato 77 - parcela 2', 'contrato 77 - parcela 2'],
  ])('%s is named %s', (label, name) => expect(instalmentName(label)).toBe(name));

  it('names every label instalmentLabel gives with one "parcela" at most', () => {
    for (const [number, count] of [
      [0, 0],
      [0, 6],
      [3, 6],
    ] as const)
      expect(
        instalmentName(instalmentLabel(number, count)).match(/parcela/gi)?.length ?? 0,
      ).toBeLessThanOrEqual(1);
  });
});

describe('instalmentStatusLabel (a cancelled agreement owes nothing: found by use in the back office)', () => {
  const STAFF = { A: 'Em aberto', AA: 'Vencida', P: 'Paga', B: 'Paga com cartão' } as const;
  it.each([
    ['active', 'A', 'Em aberto'],
    ['active', 'AA', 'Vencida'],
    ['settled', 'P', 'Paga'],
    ['cancelled', 'A', 'Cancelada'],
    ['cancelled', 'AA', 'Cancelada'],
    ['cancelled', 'P', 'Paga'],
    ['cancelled', 'B', 'Paga com cartão'],
  ] as const)('%s agreement, %s instalment: %s', (agreement, status, label) =>
    expect(instalmentStatusLabel(agreement, status, STAFF)).toBe(label),
  );
});

describe('instalmentNumbersText (the discharge letter names what an agreement covered, decision 095)', () => {
  it.each([
    [[], ''],
    [[4], '4'],
    [[1, 2], '1 e 2'],
    [[2, 3, 4, 5, 6, 7, 8], '2 a 8'],
    [[1, 3, 4], '1, 3 e 4'],
    [[7, 1, 2, 3], '1 a 3 e 7'],
    [[1, 2, 3, 5, 6, 7, 9], '1 a 3, 5 a 7 e 9'],
    [[3, 3, 4], '3 e 4'],
  ])('%j reads %j', (numbers, text) => {
    expect(instalmentNumbersText(numbers)).toBe(text);
  });
});
