import { describe, expect, it } from 'vitest';
import { firstIssue } from '../validation/schema-errors';
import {
  AGREEMENT_ADMIN_MESSAGES,
  agreementCancelSchema,
  paymentsByDay,
  type ReceivedMoney,
  receivedPaymentMethod,
} from './agreement-admin';

describe('receivedPaymentMethod (issue 18 item 3)', () => {
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
    [money({ kind: 'settled', cause: 'card:ch_1' }), 'card'],
    [money({ cause: 'pix:E999' }), 'pix'],
    [money({ kind: 'unapplied', cause: 'pix:E998' }), 'pix'],
    [money({ cause: 'cnab:7:3', agreementMethod: 'pix' }), 'boleto'],
    [money({ cause: 'Pagamento de demonstração (seed)', agreementMethod: 'pix' }), 'pix'],
    [money({ cause: 'seed', agreementMethod: 'cartao' }), 'card'],
    [money({ cause: 'seed', agreementMethod: null }), 'boleto'],
  ] as const)('%o is %s', (input, method) => {
    expect(receivedPaymentMethod(input)).toBe(method);
  });
});

describe('paymentsByDay', () => {
  it('sums each day by method, newest day first, with the totals of the list', () => {
    expect(
      paymentsByDay([
        { day: '2026-11-01', method: 'pix', amountCents: 1_000 },
        { day: '2026-11-02', method: 'boleto', amountCents: 2_500 },
        { day: '2026-11-01', method: 'pix', amountCents: 500 },
        { day: '2026-11-01', method: 'second_copy', amountCents: 300 },
      ]),
    ).toEqual({
      days: [
        { dia: '2026-11-02', pix: 0, boleto: 2_500, card: 0, second_copy: 0, total: 2_500 },
        { dia: '2026-11-01', pix: 1_500, boleto: 0, card: 0, second_copy: 300, total: 1_800 },
      ],
      totals: { pix: 1_500, boleto: 2_500, card: 0, second_copy: 300, total: 4_300 },
    });
  });

  it('is empty with zero totals for no money', () => {
    expect(paymentsByDay([])).toEqual({
      days: [],
      totals: { pix: 0, boleto: 0, card: 0, second_copy: 0, total: 0 },
    });
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
