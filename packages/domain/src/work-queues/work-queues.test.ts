import { describe, expect, it } from 'vitest';
import {
  canDoWorkItemAction,
  counterOfferDebtIssue,
  counterOfferTotal,
  isWorkQueueKey,
  workAnswerSchema,
  workAnswerSchemaFor,
} from './work-queues';

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

describe('a counter-offer against the debt it answers (decision 044)', () => {
  const ABOVE = {
    field: 'entrada',
    message: 'A entrada não pode ser maior que o valor atualizado da dívida.',
  };
  const NO_DEBT = {
    field: 'contraproposta',
    message: 'A pessoa não deve mais nada nesta loja: responda sem contraproposta.',
  };
  const offer = (entryCents: number, instalmentCount = 10, instalmentCents = 50_000) => ({
    entryCents,
    instalmentCount,
    instalmentCents,
  });

  it.each([
    // entry, updated value, future entries → the issue
    [0, 100_000, 0, null],
    [100_000, 100_000, 0, null],
    [100_001, 100_000, 0, ABOVE],
    // Future entries are owed too: an agreement may take them in.
    [120_000, 100_000, 20_000, null],
    [120_001, 100_000, 20_000, ABOVE],
    [0, 0, 20_000, null],
    // Nothing owed there any more: no counter-offer at all, even without an entry.
    [0, 0, 0, NO_DEBT],
    [5_000, 0, 0, NO_DEBT],
  ])('entry %i on %i updated + %i future: %j', (entry, updated, future, issue) => {
    expect(
      counterOfferDebtIssue(offer(entry), {
        valor_atualizado: updated,
        lancamentos_futuros: future,
        acordo_ativo: false,
      }),
    ).toEqual(issue);
  });

  it("refuses any counter-offer on a debt under an active agreement ('Acordo Ativo'), first", () => {
    const UNDER_AGREEMENT = {
      field: 'contraproposta',
      message:
        'A pessoa já tem um acordo ativo nesta loja: responda sem contraproposta, ou cancele o acordo antes.',
    };
    for (const [entry, updated] of [
      [10_000, 100_000],
      [100_001, 100_000],
      [0, 0],
    ] as const)
      expect(
        counterOfferDebtIssue(offer(entry), {
          valor_atualizado: updated,
          lancamentos_futuros: 0,
          acordo_ativo: true,
        }),
      ).toEqual(UNDER_AGREEMENT);
  });

  it('puts no ceiling on the total: 10 instalments of R$ 500,00 on a debt of R$ 1.000,00 pass', () => {
    expect(counterOfferTotal(offer(10_000))).toBe(510_000);
    expect(
      counterOfferDebtIssue(offer(10_000), {
        valor_atualizado: 100_000,
        lancamentos_futuros: 0,
        acordo_ativo: false,
      }),
    ).toBeNull();
  });

  it('puts the issue under its field in the answer form, and nothing without a counter-offer or a debt', () => {
    const answer = {
      texto: 'Segue',
      contraproposta: true,
      entrada: '1.000,01',
      quantidade_parcelas: '2',
      valor_parcela: '10,00',
    };
    const debt = { valor_atualizado: 100_000, lancamentos_futuros: 0, acordo_ativo: false };
    const refused = workAnswerSchemaFor(debt).safeParse(answer);
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([[['entrada'], ABOVE.message]]);
    expect(workAnswerSchemaFor(debt).safeParse({ ...answer, contraproposta: false }).success).toBe(true);
    expect(workAnswerSchemaFor(null).safeParse(answer).success).toBe(true);
    expect(workAnswerSchemaFor(debt).parse({ ...answer, entrada: '1.000,00' }).counterOffer).toEqual({
      entryCents: 100_000,
      instalmentCount: 2,
      instalmentCents: 1000,
    });
  });
});
