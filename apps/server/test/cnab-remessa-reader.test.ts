import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../../packages/domain/src/cnab/nodejs-cnab.test-helpers';
import { openBoleto } from './cnab-helpers';
import { staffToken } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 17 item 2: the remessa the server really writes (admin route, generate-remessa use case) read by an
// independent CNAB 240 reader, @banco-br/nodejs-cnab with FEBRABAN's generic layouts and Banco do Brasil's.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await staffToken(t);
});
afterAll(async () => {
  await t?.close();
});

/** FEBRABAN DDMMAAAA of an ISO date. */
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('');

describe('the remessa of the admin route, read by @banco-br/nodejs-cnab', () => {
  it('holds every boleto with its our-number, due date and value, and the trailers count them', async () => {
    const auth = { authorization: `Bearer ${token}` };
    // Earlier boletos of the seed go in a first remessa; the one read here holds only these.
    await t.app.inject({ method: 'POST', url: '/api/cobranca/remessas', payload: {}, headers: auth });
    const charges = [
      (await openBoleto(t.database.db, '2026-12-10', 12_345)).charge,
      (await openBoleto(t.database.db, '2027-01-31', 1)).charge,
      // A payer with an alphanumeric CNPJ (Receita Federal, from July 2026) keeps its letters in segment Q.
      (await openBoleto(t.database.db, '2027-02-28', 9_876_543, '12ABC34501DE35')).charge,
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cobranca/remessas',
      payload: {},
      headers: auth,
    });
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/cobranca/remessas/${file.id}/arquivo`,
      headers: auth,
    });
    const lines = download.body.split('\r\n').slice(0, -1);
    expect(lines).toHaveLength(2 + 2 * charges.length + 2);

    expect(readRecord(['generic/header_arquivo', '001/header_arquivo'], lines[0])).toMatchObject({
      codigo_banco: '001',
      tipo_registro: '0',
      codigo_convenio: file.convenio.padStart(9, '0'),
      cobranca_cedente: '0014',
      codigo_remessa_retorno: '1',
      numero_sequencial_arquivo: String(file.nsa).padStart(6, '0'),
    });
    expect(readRecord(['generic/header_lote', '001/header_lote'], lines[1])).toMatchObject({
      tipo_registro: '1',
      tipo_operacao: 'R',
      tipo_servico: '01',
    });
    for (const [i, charge] of charges.entries()) {
      const p = readRecord(
        ['generic/remessa/detalhe_segmento_p', '001/remessa/detalhe_segmento_p'],
        lines[2 + 2 * i],
      );
      expect(p).toMatchObject({
        tipo_registro: '3',
        codigo_segmento: 'P',
        codigo_ocorrencia: '01',
        numero_sequencial_lote: String(2 * i + 1).padStart(5, '0'),
        vencimento: ddmmyyyy(charge.dueDate),
        valor_titulo: String(charge.amountCents).padStart(15, '0'),
      });
      expect(p.nosso_numero!.trimEnd()).toBe(charge.ourNumber);
      expect(
        readRecord(
          ['generic/remessa/detalhe_segmento_q', '001/remessa/detalhe_segmento_q'],
          lines[3 + 2 * i],
        ),
      ).toMatchObject({
        codigo_segmento: 'Q',
        numero_sequencial_lote: String(2 * i + 2).padStart(5, '0'),
        sacado_numero_inscricao: i === 2 ? '012ABC34501DE35' : '000039053344705',
      });
    }
    const sum = charges.reduce((total, c) => total + c.amountCents, 0);
    expect(readRecord(['generic/trailer_lote'], lines.at(-2))).toMatchObject({
      tipo_registro: '5',
      qtde_registro_lote: String(2 + 2 * charges.length).padStart(6, '0'),
      qtde_titulo_cobranca_simples: String(charges.length).padStart(6, '0'),
      valor_total_titulo_simples: String(sum).padStart(17, '0'),
    });
    expect(readRecord(['generic/trailer_arquivo'], lines.at(-1))).toMatchObject({
      tipo_registro: '9',
      qtde_lotes: '000001',
      qtde_registros: String(lines.length).padStart(6, '0'),
    });
  });
});
