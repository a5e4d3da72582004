import { describe, expect, it } from 'vitest';
import { canDoWorkItemAction, isWorkQueueKey, workAnswerSchema } from './work-queues';

describe('work queue rules (issue 18 item 4)', () => {
  it.each([
    ['assign', 'open', true],
    ['assign', 'in_progress', true],
    ['assign', 'answered', false],
    ['start', 'open', true],
    ['start', 'in_progress', false],
    ['answer', 'open', true],
    ['answer', 'in_progress', true],
    ['answer', 'answered', false],
  ] as const)('%s from %s: %s', (action, status, allowed) => {
    expect(canDoWorkItemAction(action, status)).toBe(allowed);
  });

  it('knows its queues only', () => {
    expect(isWorkQueueKey('propostas')).toBe(true);
    expect(isWorkQueueKey('toString')).toBe(false);
  });

  it.each([
    [{ texto: '  ' }, { texto: 'Escreva a resposta que a pessoa vai receber.' }],
    [{ texto: 'x'.repeat(5001) }, { texto: 'A resposta pode ter até 5000 caracteres.' }],
    [
      { texto: 'Segue', contraproposta: true, entrada: '', quantidade_parcelas: '0' },
      {
        entrada: 'Digite uma entrada válida',
        quantidade_parcelas: 'Digite uma quantidade de parcelas válida',
      },
    ],
  ])('refuses %j', (input, errors) => {
    const result = workAnswerSchema.safeParse(input);
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(fields).toMatchObject(errors);
  });

  it('reads an answer with a counter-offer in centavos (spec 001 §5 proposal rules)', () => {
    expect(
      workAnswerSchema.parse({
        texto: ' Podemos fazer assim. ',
        contraproposta: true,
        entrada: 'R$ 100,00',
        quantidade_parcelas: '5',
        valor_parcela: 'R$ 80,50',
      }),
    ).toEqual({
      text: 'Podemos fazer assim.',
      counterOffer: { entryCents: 10_000, instalmentCount: 5, instalmentCents: 8050 },
    });
    expect(workAnswerSchema.parse({ texto: 'Não', entrada: 'lixo' })).toEqual({
      text: 'Não',
      counterOffer: null,
    });
  });
});
