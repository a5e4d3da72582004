import { describe, expect, it } from 'vitest';
import { CANNOT_PAY_REASONS } from '../negotiation/requests';
import { callRequestSchema } from '../work-queues/call-requests';
import { RECEIVE_CALL_TITLES, receiveCallStep, receiveCallTitle } from './receive-call';

describe('receive-call panel (spec 001 §2, §4)', () => {
  it('has a title of its own for leaving, sending boletos and each cannot-pay reason', () => {
    const reasons = ['leaving', 'sendBoletos', ...CANNOT_PAY_REASONS] as const;
    const titles = reasons.map(receiveCallTitle);
    expect(titles.every((title) => title.length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(reasons.length);
    expect(Object.keys(RECEIVE_CALL_TITLES)).toHaveLength(reasons.length);
  });

  it.each([
    ['Juros Altos', 23, false, 15],
    ['Outro motivo', 20, true, 16],
    ['Desemprego', 43, false, 15],
    ['leaving', 23, false, 23],
    ['leaving', 20, true, 20],
    ['sendBoletos', 38, false, 38],
    ['sendBoletos', 24, false, 24],
  ] as const)('%s, channel %i (asked %s) logs %i', (reason, code, asked, expected) => {
    expect(receiveCallStep(reason, code, asked)).toBe(expected);
  });
});

describe('callRequestSchema (spec 001 §5 call request, digital contact)', () => {
  it.each([
    ['call', '(21) 99876-5432', true],
    ['call', '(21) 3456-7890', true],
    ['call', '(21) 9987', false],
    ['call', '', false],
    ['whatsapp', '(21) 99876-5432', true],
    ['whatsapp', '(21) 3456-7890', false],
  ] as const)('%s %j valid: %s', (kind, telefone, valid) => {
    expect(callRequestSchema(kind).safeParse({ telefone }).success).toBe(valid);
  });

  it('says the spec message', () => {
    const call = callRequestSchema('call').safeParse({ telefone: '(21) 9987' });
    expect(call.error?.issues[0]?.message).toBe('Informe um número de telefone válido.');
    const whatsapp = callRequestSchema('whatsapp').safeParse({ telefone: '(21) 3456-7890' });
    expect(whatsapp.error?.issues[0]?.message).toBe('Informe um número de WhatsApp válido.');
  });
});
