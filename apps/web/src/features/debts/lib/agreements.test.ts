import { describe, expect, it } from 'vitest';
import type { ParcelaAcordo } from '../api/types';
import {
  agreementsRequest,
  boletosPath,
  cancelledNotice,
  canTick,
  documentCode,
  hasOpenInstalment,
  pageMoves,
  pageText,
  rowActions,
  STATUS_LABELS,
  tickedInOrder,
} from './agreements';

const LINE = '00190000090281913600966281313178700000000010000';
const PIX = '00020101021226...6304ABCD';

function parcela(overrides: Partial<ParcelaAcordo> = {}): ParcelaAcordo {
  return {
    aci_codigo: 1,
    campo_parcela: 'Entrada',
    status: 'A',
    vencimento: '2026-07-15',
    valor: 10000,
    encargos: 0,
    valor_atualizado: 10000,
    pdf: '/api/acordos/boletos.pdf?parcelas=1',
    linha_digitavel: LINE,
    pix_copia_cola: PIX,
    emp_codigo: 100,
    comprovante_cartao: null,
    ...overrides,
  };
}

const paid = { status: 'P' as const, pdf: null, linha_digitavel: null, pix_copia_cola: null };
const notIssued = { pdf: 'boleto_vai_ser_gerado', linha_digitavel: null, pix_copia_cola: null };

describe('instalment statuses (spec 001 §4)', () => {
  it('A open, AA overdue, P and B both PAGO', () => {
    expect(STATUS_LABELS).toEqual({ A: 'Em aberto', AA: 'Vencida', P: 'PAGO', B: 'PAGO' });
  });
});

describe('the notice of a cancelled agreement', () => {
  const CLOSED = 'Este acordo foi cancelado: as parcelas em aberto dele não podem mais ser pagas.';
  const PAID_STANDS = `${CLOSED} Os pagamentos que você já fez continuam valendo.`;
  it.each([
    ['a boleto paid before the cancellation', [paid, { status: 'AA' as const }], PAID_STANDS],
    ['a card that still pays it (settled, B)', [{ status: 'B' as const }], PAID_STANDS],
    // A card refused, or given back whole (decision 093: its instalments read as unpaid ones).
    ['nothing paid', [{ status: 'AA' as const }, { status: 'A' as const }], CLOSED],
  ])('%s', (_case, rows, text) => expect(cancelledNotice(rows.map((row) => parcela(row)))).toBe(text));
});

describe('which rows can be ticked (spec 001 §4)', () => {
  it.each([
    ['an issued open boleto', 'boleto', {}, true],
    ['an issued overdue boleto', 'boleto', { status: 'AA' }, true],
    ['a paid one', 'boleto', paid, false],
    ['a settled (card) one', 'boleto', { ...paid, status: 'B' }, false],
    ['a boleto not issued yet', 'boleto', notIssued, false],
    ['an instalment of a PIX agreement', 'pix', { pdf: PIX }, false],
    ['an open one without a document', 'boleto', { pdf: null }, false],
  ] as const)('%s: %s', (_name, method, overrides, expected) => {
    expect(canTick(method, parcela(overrides as Partial<ParcelaAcordo>))).toBe(expected);
  });

  it('view and download need an open or overdue instalment', () => {
    expect(hasOpenInstalment([parcela(paid), parcela({ status: 'AA' })])).toBe(true);
    expect(hasOpenInstalment([parcela(notIssued)])).toBe(true);
    expect(hasOpenInstalment([parcela(paid), parcela({ ...paid, status: 'B' })])).toBe(false);
    expect(hasOpenInstalment([])).toBe(false);
  });
});

describe('row actions', () => {
  it('an issued boleto copies its line and opens its PIX (boleto with the PIX QR)', () => {
    expect(rowActions('boleto', parcela())).toEqual({ copyLine: true, pix: true, notIssued: false });
  });

  it('a boleto not issued yet shows the generation rule only', () => {
    expect(rowActions('boleto', parcela(notIssued))).toEqual({
      copyLine: false,
      pix: false,
      notIssued: true,
    });
  });

  it("a PIX agreement's rows have the PIX button only; while not issued, its notice instead of the button", () => {
    expect(rowActions('pix', parcela({ pdf: PIX, linha_digitavel: null }))).toEqual({
      copyLine: false,
      pix: true,
      notIssued: false,
    });
    expect(rowActions('pix', parcela({ ...notIssued, pdf: 'pix_vai_ser_gerado' }))).toEqual({
      copyLine: false,
      pix: false,
      notIssued: true,
    });
  });

  it('paid rows offer nothing', () => {
    expect(rowActions('boleto', parcela(paid))).toEqual({ copyLine: false, pix: false, notIssued: false });
    expect(rowActions('pix', parcela({ ...paid, status: 'B' }))).toEqual({
      copyLine: false,
      pix: false,
      notIssued: false,
    });
  });
});

describe('the boletos PDF', () => {
  const rows = [parcela({ aci_codigo: 7 }), parcela({ aci_codigo: 3 }), parcela({ aci_codigo: 12 })];

  it('ticks go in the agreement order, whatever order they were ticked in', () => {
    expect(tickedInOrder('boleto', rows, new Set([12, 7]))).toEqual([7, 12]);
    expect(tickedInOrder('boleto', rows, new Set())).toEqual([]);
  });

  it('a ticked row that can no longer be ticked (paid meanwhile, its PIX) is not asked for', () => {
    const now = [
      parcela({ aci_codigo: 7, ...paid }),
      parcela({ aci_codigo: 3 }),
      parcela({ aci_codigo: 12 }),
    ];
    expect(tickedInOrder('boleto', now, new Set([7, 12]))).toEqual([12]);
    expect(tickedInOrder('boleto', now, new Set([7]))).toEqual([]);
  });

  it("an agreement's instalments or a Meus Boletos card's second copies; inline, or an attachment", () => {
    expect(boletosPath('acordo', [7, 12], false)).toBe('/api/acordos/boletos.pdf?parcelas=7,12');
    expect(boletosPath('acordo', [7, 12], true)).toBe('/api/acordos/boletos.pdf?parcelas=7,12&download=1');
    expect(boletosPath('boletos', [30], true)).toBe('/api/acordos/boletos.pdf?segundas_vias=30&download=1');
  });

  it("a Meus Boletos row ticks by its second copy's code", () => {
    const copies = [parcela({ aci_codigo: null, codigo: 30 }), parcela({ aci_codigo: null, codigo: 31 })];
    expect(documentCode(copies[1]!)).toBe(31);
    expect(canTick('boleto', copies[0]!)).toBe(true);
    expect(tickedInOrder('boleto', copies, new Set([31]))).toEqual([31]);
    expect(canTick('boleto', parcela({ aci_codigo: null }))).toBe(false);
  });
});

describe('pagination (spec 001 §2, §9)', () => {
  it("reads 'Página X de Y'", () => {
    expect(pageText({ pagina_atual: 2, quantidade_de_paginas: 3 })).toBe('Página 2 de 3');
  });

  it('no move before the first page nor after the last', () => {
    expect(pageMoves({ pagina_atual: 1, quantidade_de_paginas: 3 })).toEqual({
      PRI: false,
      ANT: false,
      PRO: true,
      ULT: true,
    });
    expect(pageMoves({ pagina_atual: 2, quantidade_de_paginas: 3 })).toEqual({
      PRI: true,
      ANT: true,
      PRO: true,
      ULT: true,
    });
    expect(pageMoves({ pagina_atual: 3, quantidade_de_paginas: 3 })).toEqual({
      PRI: true,
      ANT: true,
      PRO: false,
      ULT: false,
    });
    expect(pageMoves({ pagina_atual: 1, quantidade_de_paginas: 1 })).toEqual({
      PRI: false,
      ANT: false,
      PRO: false,
      ULT: false,
    });
  });

  it('passo_5 sends the page, the move and 5 per page only when paginating', () => {
    expect(agreementsRequest(false, { paginaAtual: 1, pagina: 'PRI' })).toEqual({});
    expect(agreementsRequest(true, { paginaAtual: 2, pagina: 'PRO' })).toEqual({
      paginaAtual: 2,
      pagina: 'PRO',
      itensPorPagina: 5,
    });
  });
});
