import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agreementOfField,
  bancoDoBrasilAgreementField,
  type CnabFileInfo,
  isLiquidation,
  RETORNO_OUTCOME_TEXTS,
  type RemessaTitle,
  type RetornoTitle,
  readRemessa,
  readRetorno,
  SHORT_LIQUIDATION_OUTCOMES,
  writeRemessa,
  writeRetorno,
} from './cnab240';
import { alphaField, cnabRecord, dateField, documentField, numericField } from './fields';
import { cnabLib, type Layout, layout, readRecord } from './nodejs-cnab.test-helpers';

const BENEFICIARY_INFO: CnabFileInfo = {
  beneficiary: {
    bankCode: '001',
    bankName: 'Banco do Brasil',
    document: '11222333000181',
    name: 'Alfa Eletrodomésticos Ltda',
    agency: '1234',
    agencyDigit: '3',
    account: '56789',
    accountDigit: 'X',
    agreementField: bancoDoBrasilAgreementField('1234567', '17', '019'),
  },
  sequence: 7,
  generatedOn: '2026-11-25',
  generatedAt: '143015',
};

const TITLES: RemessaTitle[] = [
  {
    movement: '01',
    ourNumber: '12345670000000001',
    documentNumber: '501',
    dueDate: '2026-12-10',
    issueDate: '2026-11-25',
    amountCents: 60_000,
    payer: {
      document: '52998224725',
      name: 'João da Silva',
      address: {
        street: 'Rua das Flores, 100',
        district: 'Centro',
        cep: '01001000',
        city: 'São Paulo',
        state: 'SP',
      },
    },
  },
  {
    // FEBRABAN C004 02 "Pedido de baixa": a title registered before, asked to be written off.
    movement: '02',
    ourNumber: '12345670000000002',
    documentNumber: '502',
    dueDate: '2027-01-11',
    issueDate: '2026-11-25',
    amountCents: 1,
    payer: { document: '11444777000161', name: 'Empresa Ação S.A.', address: null },
  },
];

const lines = (file: string) => file.split('\r\n').slice(0, -1);

describe('fields (FEBRABAN CNAB 240 "Formatação dos campos")', () => {
  it.each([
    [numericField(42, 5), '00042'],
    [numericField('7', 1), '7'],
    [documentField('12ABC34501DE35', 15), '012ABC34501DE35'],
    [alphaField('João Ação', 12), 'JOAO ACAO   '],
    [alphaField('ç€x', 4), 'C X '],
    [alphaField('abcdef', 3), 'ABC'],
    [dateField('2026-02-03'), '03022026'],
    [dateField(null), '00000000'],
  ])('%j is %j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    () => numericField(123456, 5),
    () => numericField(-1, 5),
    () => numericField(1.5, 5),
    () => numericField('12a', 5),
    () => dateField('2026-02-30'),
    () => cnabRecord([[1, 239, ' '.repeat(239)]]),
    () => cnabRecord([[2, 240, ' '.repeat(239)]]),
    () => cnabRecord([[1, 240, ' '.repeat(239)]]),
  ])('refuses what does not fit (%#)', (write) => {
    expect(write).toThrow(RangeError);
  });
});

describe('agreementOfField', () => {
  it.each([
    ['001', bancoDoBrasilAgreementField('1234567', '17', '019'), '1234567'],
    ['001', bancoDoBrasilAgreementField('0012345', '17', '019'), '0012345'],
    ['104', '123456              ', '123456'],
  ])('bank %s, field %j: convênio %s', (bank, field, expected) => {
    expect(agreementOfField(bank, field)).toBe(expected);
  });
});

describe('isLiquidation (FEBRABAN C044)', () => {
  it.each([
    ['06', true],
    ['17', true],
    ['02', false],
    ['03', false],
    ['09', false],
    ['28', false],
  ])('%s: %s', (movement, liquidation) => {
    expect(isLiquidation(movement)).toBe(liquidation);
  });
});

describe('SHORT_LIQUIDATION_OUTCOMES (decisions 049, 078)', () => {
  it.each([
    ['underpaid', 'underpaid', 'Pago a menor: valor guardado como não aplicado, parcela continua em aberto'],
    [
      'agreement_cancelled',
      'agreement_cancelled',
      'Pago depois do cancelamento do acordo: valor guardado como não aplicado, para devolver ou aplicar',
    ],
    [
      'already_paid',
      'unapplied',
      'Pago de novo: parcela já paga de outra forma, valor guardado como não aplicado',
    ],
  ] as const)('%s: told as %s', (reason, outcome, text) => {
    expect(SHORT_LIQUIDATION_OUTCOMES[reason]).toBe(outcome);
    expect(RETORNO_OUTCOME_TEXTS[outcome]).toBe(text);
  });
});

describe('writeRemessa', () => {
  const file = writeRemessa(BENEFICIARY_INFO, TITLES);
  const [header, lotHeader, p, q, , , lotTrailer, trailer] = lines(file);

  it('writes 240-position records ending in CR LF: header, lot header, P and Q per title, trailers', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    expect(lines(file)).toHaveLength(8);
    for (const line of lines(file)) expect(line).toHaveLength(240);
    expect(lines(file).map((l) => `${l[7]}${l[7] === '3' ? l[13] : ''}`)).toEqual([
      '0',
      '1',
      '3P',
      '3Q',
      '3P',
      '3Q',
      '5',
      '9',
    ]);
  });

  // Positions of FEBRABAN CNAB 240 v10.x (file header, lot header, segments P and Q, trailers).
  it.each([
    ['header: bank', () => header!.slice(0, 3), '001'],
    ['header: CNPJ type and number', () => header!.slice(17, 32), '211222333000181'],
    ['header: BB convênio, 0014, wallet, variation', () => header!.slice(32, 52), '001234567001417019  '],
    ['header: agency, digit, account, digit', () => header!.slice(52, 71), '012343000000056789X'],
    ['header: name', () => header!.slice(72, 102), 'ALFA ELETRODOMESTICOS LTDA    '],
    [
      'header: remessa code, date, time, NSA, version',
      () => header!.slice(142, 166),
      '125112026143015000007084',
    ],
    ['lot header: operation R, service 01', () => lotHeader!.slice(8, 11), 'R01'],
    ['lot header: NSA and date', () => lotHeader!.slice(183, 199), '0000000725112026'],
    ['P: sequence, segment, movement 01', () => p!.slice(8, 17), '00001P 01'],
    ['P: our-number, left-aligned in 20', () => p!.slice(37, 57), '12345670000000001   '],
    ['P: due date DDMMAAAA', () => p!.slice(77, 85), '10122026'],
    ['P: value in centavos', () => p!.slice(85, 100), '000000000060000'],
    ['P: currency', () => p!.slice(227, 229), '09'],
    ['Q: CPF type and number', () => q!.slice(17, 33), '1000052998224725'],
    ['Q: name', () => q!.slice(33, 73).trimEnd(), 'JOAO DA SILVA'],
    ['Q: CEP, city, state', () => q!.slice(128, 153), '01001000SAO PAULO      SP'],
    ['lot trailer: records, titles, sum', () => lotTrailer!.slice(17, 46), '00000600000200000000000060001'],
    ['file trailer: lots, records', () => trailer!.slice(17, 29), '000001000008'],
  ])('%s', (_what, actual, expected) => {
    expect(actual()).toBe(expected);
  });
});

describe('readRemessa / readRetorno', () => {
  it('reads back a remessa', () => {
    const read = readRemessa(writeRemessa(BENEFICIARY_INFO, TITLES));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.header).toMatchObject({
      bankCode: '001',
      sequence: 7,
      generatedOn: '2026-11-25',
      document: '11222333000181',
    });
    expect(read.titles.map((t) => t.line)).toEqual([3, 5]);
    expect(read.titles[0]).toMatchObject({
      ...TITLES[0],
      payer: {
        document: '52998224725',
        name: 'JOAO DA SILVA',
        address: {
          street: 'RUA DAS FLORES, 100',
          district: 'CENTRO',
          cep: '01001000',
          city: 'SAO PAULO',
          state: 'SP',
        },
      },
    });
    expect(read.titles[1]!.payer.address).toBeNull();
  });

  const paid: RetornoTitle = {
    movement: '06',
    ourNumber: '12345670000000001',
    documentNumber: '501',
    dueDate: '2026-12-10',
    amountCents: 60_000,
    feeCents: 250,
    reasons: [],
    payer: { document: '52998224725', name: 'JOAO DA SILVA' },
    interestCents: 1_200,
    discountCents: 0,
    rebateCents: 0,
    iofCents: 0,
    paidCents: 61_200,
    netCents: 60_950,
    occurredOn: '2026-12-11',
    creditOn: '2026-12-12',
  };
  const rejected: RetornoTitle = {
    ...paid,
    movement: '03',
    ourNumber: '12345670000000002',
    reasons: ['08', '48'],
    paidCents: 0,
    netCents: 0,
    interestCents: 0,
    feeCents: 0,
    occurredOn: '2026-11-26',
    creditOn: null,
  };

  it('reads a retorno the bank wrote: movements, values, dates, reasons', () => {
    const read = readRetorno(writeRetorno(BENEFICIARY_INFO, [paid, rejected]));
    expect(read).toMatchObject({
      ok: true,
      titles: [
        { ...paid, line: 3 },
        { ...rejected, line: 5 },
      ],
    });
  });

  it('refuses a file of the other kind', () => {
    const read = readRetorno(writeRemessa(BENEFICIARY_INFO, TITLES));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors[0]).toEqual({
      line: 1,
      message: "código de retorno (posições 143 a 143) deveria ser '2', veio '1'",
    });
  });

  const good = lines(writeRetorno(BENEFICIARY_INFO, [paid, rejected]));
  const broken = (edit: (l: string[]) => void) => {
    const copy = [...good];
    edit(copy);
    return readRetorno(`${copy.join('\r\n')}\r\n`);
  };
  const set = (line: string, at: number, text: string) =>
    line.slice(0, at - 1) + text + line.slice(at - 1 + text.length);

  it.each([
    [
      'a short line',
      (l: string[]) => {
        l[3] = l[3]!.slice(0, 239);
      },
      [{ line: 4, message: 'tamanho 239, esperado 240 posições' }],
    ],
    [
      'a short line, a wrong segment and a wrong sum, all listed (FEBRABAN CNAB 240: records of 240 positions)',
      (l: string[]) => {
        l[2] = l[2]!.slice(0, 100);
        l[5] = set(l[5]!, 14, 'Q');
        l[6] = set(l[6]!, 30, '00000000000000001');
      },
      [
        { line: 3, message: 'tamanho 100, esperado 240 posições' },
        { line: 6, message: "segmento (posições 14 a 14) deveria ser 'U', veio 'Q'" },
        { line: 7, message: 'quantidade de títulos 2, o lote tem 1' },
        { line: 7, message: 'valor total dos títulos 1 centavos, o lote soma 60000' },
      ],
    ],
    [
      'an unknown record type',
      (l: string[]) => {
        l[4] = set(l[4]!, 8, '7');
      },
      [5, 6, 7],
    ],
    [
      'a lot trailer with the wrong sum',
      (l: string[]) => {
        l[6] = set(l[6]!, 30, '00000000000060001');
      },
      [{ line: 7, message: 'valor total dos títulos 60001 centavos, o lote soma 120000' }],
    ],
    [
      'a lot trailer with the wrong title count',
      (l: string[]) => {
        l[6] = set(l[6]!, 24, '000003');
      },
      [{ line: 7, message: 'quantidade de títulos 3, o lote tem 2' }],
    ],
    [
      'a file trailer with the wrong record count',
      (l: string[]) => {
        l[7] = set(l[7]!, 24, '000009');
      },
      [{ line: 8, message: 'quantidade de registros 9, o arquivo tem 8' }],
    ],
    [
      'a missing U segment',
      (l: string[]) => {
        l.splice(3, 1);
      },
      [4, 5, 6, 7],
    ],
    [
      'a value that is not numeric',
      (l: string[]) => {
        l[2] = set(l[2]!, 82, '0000000000600A0');
      },
      [3, 7],
    ],
    [
      'an impossible date',
      (l: string[]) => {
        l[3] = set(l[3]!, 138, '31022026');
      },
      [{ line: 4, message: "data da ocorrência (posições 138 a 145) não é uma data DDMMAAAA: '31022026'" }],
    ],
  ])('gives nothing back and lists the errors by line for %s', (_what, edit, expected) => {
    const read = broken(edit);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    if (typeof expected[0] === 'number')
      expect([...new Set(read.errors.map((e) => e.line))]).toEqual(expected);
    else expect(read.errors).toEqual(expected);
  });
});

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const isoDate = fc
  .date({ min: new Date('2000-07-03T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const upperText = (max: number) =>
  fc.stringMatching(new RegExp(`^[A-Z0-9][A-Z0-9 .,/-]{0,${max - 2}}[A-Z0-9]$`));

describe('round trip (property)', () => {
  it('write remessa then read gives the same our-numbers, dates, values and payers', () => {
    const title = fc.record({
      movement: fc.constantFrom('01' as const, '02' as const),
      ourNumber: digits(17, 17),
      documentNumber: upperText(15),
      dueDate: isoDate,
      issueDate: isoDate,
      amountCents: fc.integer({ min: 1, max: 9_999_999_999 }),
      payer: fc.record({
        document: fc.oneof(digits(11, 11), digits(14, 14)),
        name: upperText(40),
        address: fc.option(
          fc.record({
            street: upperText(40),
            district: upperText(15),
            cep: digits(8, 8),
            city: upperText(15),
            state: fc.stringMatching(/^[A-Z]{2}$/),
          }),
          { nil: null },
        ),
      }),
    });
    fc.assert(
      fc.property(
        fc.array(title, { maxLength: 20 }),
        fc.integer({ min: 1, max: 999_999 }),
        (titles, sequence) => {
          const read = readRemessa(writeRemessa({ ...BENEFICIARY_INFO, sequence }, titles));
          expect(read.ok).toBe(true);
          if (!read.ok) return;
          expect(read.header.sequence).toBe(sequence);
          expect(read.titles.map(({ line: _line, ...t }) => t)).toEqual(titles);
        },
      ),
    );
  });
});

// Independent check (issue 17 item 2): @banco-br/nodejs-cnab reads the files we write and writes a retorno ours
// must read (nodejs-cnab.test-helpers.ts).
describe('@banco-br/nodejs-cnab reads our remessa', () => {
  const [header, lotHeader, p, q, , , lotTrailer, trailer] = lines(writeRemessa(BENEFICIARY_INFO, TITLES));
  const read = readRecord;

  it('finds the file header fields where the generic and Banco do Brasil layouts put them', () => {
    expect(read(['generic/header_arquivo', '001/header_arquivo'], header)).toMatchObject({
      codigo_banco: '001',
      tipo_registro: '0',
      codigo_inscricao: '2',
      numero_inscricao: '11222333000181',
      codigo_convenio: '001234567',
      cobranca_cedente: '0014',
      carteira: '17',
      variacao_carteira: '019',
      agencia: '01234',
      conta: '000000056789',
      codigo_remessa_retorno: '1',
      data_geracao: '25112026',
      numero_sequencial_arquivo: '000007',
    });
    expect(read(['generic/header_lote', '001/header_lote'], lotHeader)).toMatchObject({
      tipo_registro: '1',
      tipo_operacao: 'R',
      tipo_servico: '01',
      codigo_convenio: '001234567',
      numero_sequencial_arquivo: '00000007',
    });
  });

  it('finds each title: our-number, due date, value, payer', () => {
    expect(read(['generic/remessa/detalhe_segmento_p', '001/remessa/detalhe_segmento_p'], p)).toMatchObject({
      tipo_registro: '3',
      codigo_segmento: 'P',
      codigo_ocorrencia: '01',
      nosso_numero: '12345670000000001   ',
      vencimento: '10122026',
      valor_titulo: '000000000060000',
      data_emissao: '25112026',
      codigo_moeda: '09',
    });
    expect(read(['generic/remessa/detalhe_segmento_q', '001/remessa/detalhe_segmento_q'], q)).toMatchObject({
      codigo_segmento: 'Q',
      sacado_codigo_inscricao: '1',
      sacado_numero_inscricao: '000052998224725',
      nome: 'JOAO DA SILVA'.padEnd(40),
      cep: '01001000',
      cidade: 'SAO PAULO      ',
      estado: 'SP',
    });
  });

  it('finds the totals in the trailers', () => {
    expect(read(['generic/trailer_lote'], lotTrailer)).toMatchObject({
      tipo_registro: '5',
      qtde_registro_lote: '000006',
      qtde_titulo_cobranca_simples: '000002',
      valor_total_titulo_simples: '00000000000060001',
    });
    expect(read(['generic/trailer_arquivo'], trailer)).toMatchObject({
      tipo_registro: '9',
      qtde_lotes: '000001',
      qtde_registros: '000008',
    });
  });
});

describe('our reader reads a retorno @banco-br/nodejs-cnab writes', () => {
  it('reads the liquidation the library wrote with its generic FEBRABAN 240 layouts', () => {
    const headerLayout = layout('generic/header_arquivo');
    // The library formats no '%H%M%S' (it throws): the time goes in as the digits it is.
    delete headerLayout.hora_geracao!.date_format;
    const tLayout = layout('generic/retorno/detalhe_segmento_t');
    // Banco do Brasil writes a 17-digit our-number left-aligned in 38-57 (its segment P layout); generic is 9(20).
    tLayout.nosso_numero!.picture = 'X(20)';
    const write = (l: Layout, data: Record<string, string | number>) => cnabLib.readLine(l, data).line;
    const common = { codigo_banco: '001', lote_servico: '0001' };
    const file = [
      write(headerLayout, {
        codigo_banco: '001',
        codigo_inscricao: 2,
        numero_inscricao: '11222333000181',
        codigo_convenio: '1234567',
        agencia: '1234',
        codigo_cedente: '56789',
        nome_empresa: 'ALFA',
        nome_banco: 'BANCO DO BRASIL',
        codigo_remessa_retorno: 2,
        data_geracao: '12122026',
        hora_geracao: '081500',
        numero_sequencial_arquivo: 31,
      }),
      write(layout('generic/header_lote'), {
        ...common,
        tipo_operacao: 'T',
        numero_inscricao: '11222333000181',
        codigo_inscricao: 2,
        nome_empresa: 'ALFA',
        numero_sequencial_arquivo: 31,
        data_geracao: '12122026',
      }),
      write(tLayout, {
        ...common,
        tipo_registro: 3,
        numero_sequencial_lote: 1,
        codigo_segmento: 'T',
        codigo_movimento: '06',
        nosso_numero: '12345670000000001',
        data_vencimento: '10122026',
        valor_titulo: '600.00',
        tipo_inscricao: 1,
        numero_inscricao: '52998224725',
        nome_sacado: 'JOAO DA SILVA',
        valor_tarifa: '2.50',
      }),
      write(layout('generic/retorno/detalhe_segmento_u'), {
        ...common,
        tipo_registro: 3,
        numero_sequencial_registro: 2,
        codigo_segmento: 'U',
        codigo_movimento: '06',
        valor_acrescimos: '12.00',
        valor_pago: '612.00',
        valor_liquido: '609.50',
        data_ocorrencia: '11122026',
        data_credito: '12122026',
      }),
      write(layout('generic/trailer_lote'), {
        ...common,
        qtde_registro_lote: 4,
        qtde_titulo_cobranca_simples: 1,
        valor_total_titulo_simples: '600.00',
      }),
      write(layout('generic/trailer_arquivo'), { codigo_banco: '001', qtde_lotes: 1, qtde_registros: 6 }),
    ];
    for (const line of file) expect(line).toHaveLength(240);
    const read = readRetorno(file.join('\r\n'));
    expect(read).toMatchObject({
      ok: true,
      header: { bankCode: '001', sequence: 31, generatedOn: '2026-12-12' },
      titles: [
        {
          line: 3,
          movement: '06',
          ourNumber: '12345670000000001',
          dueDate: '2026-12-10',
          amountCents: 60_000,
          feeCents: 250,
          interestCents: 1_200,
          paidCents: 61_200,
          netCents: 60_950,
          occurredOn: '2026-12-11',
          creditOn: '2026-12-12',
          payer: { document: '52998224725', name: 'JOAO DA SILVA' },
        },
      ],
    });
  });
});
