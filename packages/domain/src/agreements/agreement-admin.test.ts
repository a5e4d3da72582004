import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import {
  AGREEMENT_ADMIN_MESSAGES,
  agreementCancelSchema,
  paymentsByDay,
  type ReceivedMoney,
  receivedMoneyColumn,
} from './agreement-admin';

describe('receivedMoneyColumn (issue 18 item 3; decision 053)', () => {
  const money = (over: Partial<ReceivedMoney>): ReceivedMoney => ({
    source: 'instalment',
    kind: 'paid',
    cause: 'seed',
    agreementMethod: 'boleto',
    ...over,
  });
  it.each([
    [money({ source: 'second_copy', cause: 'pix:E123' }), 'second_copy'],
    [money({ source: 'second_copy', cause: 'cnab:4:12' }), 'second_copy'],
    [money({ source: 'second_copy', kind: 'unapplied', cause: '' }), 'unapplied'],
    [money({ kind: 'settled', cause: 'card:ch_1' }), 'card'],
    [money({ cause: 'pix:E999' }), 'pix'],
    [money({ kind: 'unapplied', cause: 'pix:E998' }), 'unapplied'],
    [money({ kind: 'unapplied', cause: 'cnab:7:4' }), 'unapplied'],
    [money({ kind: 'unapplied', cause: 'seed', agreementMethod: 'cartao' }), 'unapplied'],
    [money({ cause: 'cnab:7:3', agreementMethod: 'pix' }), 'boleto'],
    [money({ cause: 'Pagamento de demonstração (seed)', agreementMethod: 'pix' }), 'pix'],
    [money({ cause: 'seed', agreementMethod: 'cartao' }), 'card'],
    [money({ cause: 'seed', agreementMethod: null }), 'boleto'],
  ] as const)('%o is %s', (input, method) => {
    expect(receivedMoneyColumn(input)).toBe(method);
  });
});

describe('paymentsByDay', () => {
  const none = { pix: 0, boleto: 0, card: 0, second_copy: 0, unapplied: 0, reversed: 0 };
  it('sums each day by column, newest day first, reversals off the total, with the totals of the list', () => {
    expect(
      paymentsByDay([
        { day: '2026-11-01', column: 'pix', amountCents: 1_000 },
        { day: '2026-11-02', column: 'boleto', amountCents: 2_500 },
        { day: '2026-11-01', column: 'pix', amountCents: 500 },
        { day: '2026-11-01', column: 'second_copy', amountCents: 300 },
        { day: '2026-11-01', column: 'unapplied', amountCents: 200 },
        { day: '2026-11-03', column: 'reversed', amountCents: 4_000 },
      ]),
    ).toEqual({
      days: [
        { ...none, dia: '2026-11-03', reversed: 4_000, total: -4_000 },
        { ...none, dia: '2026-11-02', boleto: 2_500, total: 2_500 },
        { ...none, dia: '2026-11-01', pix: 1_500, second_copy: 300, unapplied: 200, total: 2_000 },
      ],
      totals: {
        pix: 1_500,
        boleto: 2_500,
        card: 0,
        second_copy: 300,
        unapplied: 200,
        reversed: 4_000,
        total: 500,
      },
    });
  });

  it('is empty with zero totals for no money', () => {
    expect(paymentsByDay([])).toEqual({ days: [], totals: { ...none, total: 0 } });
  });
});

describe('agreementCancelSchema', () => {
  it.each([
    [{}, AGREEMENT_ADMIN_MESSAGES.reasonRequired],
    [{ motivo: '   ' }, AGREEMENT_ADMIN_MESSAGES.reasonRequired],
    [{ motivo: ' ab ' }, AGREEMENT_ADMIN_MESSAGES.reasonTooShort],
    [{ motivo: 'x'.repeat(501) }, AGREEMENT_ADMIN_MESSAGES.reasonTooLong],
  ])('refuses %o', (input, message) => {
    expect(firstIssue(agreementCancelSchema, input)).toEqual({ ok: false, field: 'motivo', message });
  });

  it('keeps a reason trimmed', () => {
    expect(agreementCancelSchema.parse({ motivo: '  Pedido do credor ' })).toEqual({
      motivo: 'Pedido do credor',
    });
  });
});
