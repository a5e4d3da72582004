import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../src/db/schema';
import { demoIds, leadRow, SPEC_LEAD_COLUMNS, staffGet, staffToken } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// ListLeads of the back office (spec 002 §2 "Admin ListLeads", §3 "Lead", §8; issue 5 item 5): the list by
// Brasília days and the XLSX spreadsheet, staff only.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await staffToken(t);
  const { demo, acme } = await demoIds(t);
  // Around 1 March 2026 in Brasília (UTC-3): 00:00 there is 03:00 UTC.
  await t.database.db.insert(leads).values([
    leadRow(demo, 'Antes Meia-Noite', new Date('2026-03-01T02:59:59Z')),
    leadRow(demo, 'Ana Primeira', new Date('2026-03-01T03:00:00Z')),
    leadRow(acme, 'Bruno Empresa', new Date('2026-03-01T15:30:00Z'), {
      cpfCnpj: '12ABC34501DE35',
      phone: '',
      mobile: '11912345678',
      paymentForm: 'P',
      amountCents: 1_234_567,
      affordableCents: 99,
      notes: '',
    }),
    leadRow(demo, 'Carla Ultima', new Date('2026-03-02T02:59:59Z')),
    leadRow(demo, 'Depois Meia-Noite', new Date('2026-03-02T03:00:00Z')),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The 'Leads' sheet of a downloaded file, read back with exceljs. */
async function leadsSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as its own Buffer interface; a Node Buffer is what it reads.
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook.getWorksheet('Leads')!;
}

const MARCH_1 = 'data_inicial=2026-03-01&data_final=2026-03-01';

describe('GET /api/leads', () => {
  it('refuses a call without a staff token, or with an unknown one', async () => {
    for (const url of [`/api/leads?${MARCH_1}`, `/api/leads/planilha?${MARCH_1}`]) {
      for (const bearer of [null, 'x'.repeat(43)]) {
        const res = await staffGet(t, url, bearer);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ message: 'Unauthenticated' });
        expect(res.headers['content-disposition']).toBeUndefined();
      }
    }
  });

  it('lists the leads of the Brasília days asked, both ends included, oldest first, every partner', async () => {
    const res = await staffGet(t, `/api/leads?${MARCH_1}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { leads: listed, planilha } = res.json().data;
    expect(listed.map((l: { led_nome: string }) => l.led_nome)).toEqual([
      'Ana Primeira',
      'Bruno Empresa',
      'Carla Ultima',
    ]);
    expect(listed[0]).toEqual({
      led_codigo: expect.any(Number),
      led_nome: 'Ana Primeira',
      led_email: 'ana@example.com',
      led_fone: '4133334444',
      led_celular: '41987654321',
      led_loja: 'Alfa Eletro',
      led_cidade: 'Curitiba',
      led_data_cadastro: '2026-03-01 00:00:00',
      led_cpf_cnpj: '52998224725',
      led_obs: 'Prefiro pagar no dia 10.',
      led_valor: 150_000,
      led_forma_pagamento: 'A',
      led_valor_pode_pagar: 30_050,
    });
    expect(listed[2].led_data_cadastro).toBe('2026-03-01 23:59:59');
    expect(planilha).toBe(`/api/leads/planilha?${MARCH_1}`);

    const twoDays = await staffGet(t, '/api/leads?data_inicial=2026-02-28&data_final=2026-03-02', token);
    expect(twoDays.json().data.leads).toHaveLength(5);
    const none = await staffGet(t, '/api/leads?data_inicial=2026-03-03&data_final=2026-03-31', token);
    expect(none.json().data.leads).toEqual([]);
  });

  it.each([
    ['', 'data_inicial', 'Informe a data inicial.'],
    ['data_inicial=2026-03-01', 'data_final', 'Informe a data final.'],
    ['data_inicial=01/03/2026&data_final=2026-03-02', 'data_inicial', 'Data inicial inválida.'],
    [
      'data_inicial=2026-03-02&data_final=2026-03-01',
      'data_final',
      'A data final deve ser igual ou posterior à data inicial.',
    ],
    ['data_inicial=2025-01-01&data_final=2026-03-01', 'data_final', 'O período deve ter no máximo 366 dias.'],
  ])('refuses %j: %s', async (query, field, message) => {
    for (const path of ['/api/leads', '/api/leads/planilha']) {
      const res = await staffGet(t, `${path}?${query}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().dados).toEqual({ [field]: message });
    }
  });
});

describe('GET /api/leads/planilha', () => {
  it('is an XLSX attachment of the same leads: 13 columns in order, typed and formatted cells', async () => {
    const res = await staffGet(t, `/api/leads/planilha?${MARCH_1}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="leads-2026-03-01-a-2026-03-01.xlsx"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');

    const sheet = await leadsSheet(res.rawPayload);
    expect(sheet.rowCount).toBe(4);
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual(SPEC_LEAD_COLUMNS);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(2).width).toBeGreaterThan(20);

    const ana = sheet.getRow(2);
    expect(ana.getCell(1).value).toEqual(expect.any(Number));
    expect(ana.getCell(2).value).toBe('Ana Primeira');
    expect(ana.getCell(3).value).toBe('ana@example.com');
    expect(ana.getCell(4).value).toBe('(41) 3333-4444');
    expect(ana.getCell(5).value).toBe('(41) 98765-4321');
    expect(ana.getCell(6).value).toBe('Alfa Eletro');
    expect(ana.getCell(7).value).toBe('Curitiba');
    // The Brasília wall clock, as Excel shows it (no time zone in a spreadsheet).
    expect(ana.getCell(8).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(ana.getCell(8).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(ana.getCell(9).value).toBe('529.982.247-25');
    expect(ana.getCell(10).value).toBe('Prefiro pagar no dia 10.');
    expect(ana.getCell(11).value).toBe(1500);
    expect(ana.getCell(11).numFmt).toBe('"R$" #,##0.00');
    expect(ana.getCell(12).value).toBe('Boleto');
    expect(ana.getCell(13).value).toBe(300.5);

    const bruno = sheet.getRow(3);
    expect(bruno.getCell(4).value ?? '').toBe('');
    expect(bruno.getCell(5).value).toBe('(11) 91234-5678');
    expect(bruno.getCell(9).value).toBe('12.ABC.345/01DE-35');
    expect(bruno.getCell(11).value).toBe(12345.67);
    expect(bruno.getCell(12).value).toBe('Cartão de crédito');
    expect(bruno.getCell(13).value).toBe(0.99);
    expect(sheet.getRow(4).getCell(2).value).toBe('Carla Ultima');
  });

  it('has only the header when no lead was created in the period', async () => {
    const res = await staffGet(t, '/api/leads/planilha?data_inicial=2020-01-01&data_final=2020-01-31', token);
    expect((await leadsSheet(res.rawPayload)).rowCount).toBe(1);
  });
});
