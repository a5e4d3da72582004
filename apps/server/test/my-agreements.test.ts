import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import {
  addDays,
  barcodeFromDigitableLine,
  CHARGE_DAYS_PAYABLE_AFTER_DUE,
  type DividasResposta,
  formatBrDate,
  hasValidPixCrc,
  type PlanosResposta,
  todayInBrasilia,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreements,
  instalments,
  localPspCharges,
  paymentCharges,
  paymentEvents,
  secondCopies,
  stepLogs,
  stores,
} from '../src/db/schema';
import { planOfCode } from '../src/repositories/plan-repository';
import { recordSecondCopyPayment } from '../src/repositories/second-copy-repository';
import { type DebtCard, quotePlans } from './debt-helpers';
import { api, call, hostOf, JOAO, login, MARIA } from './identification-helpers';
import { pixChargeAt } from './pix-helpers';
import { createTestApp, type TestApp } from './test-app';

// Meus Acordos (issue 16): an agreement's instalments, their boletos and PIX codes, to their owner only.

type Plan = PlanosResposta['pre_acordo'][number];
interface Instalment {
  aci_codigo: number;
  campo_parcela: string;
  status: 'A' | 'P' | 'B' | 'AA';
  vencimento: string;
  valor: number;
  pdf: string | null;
  linha_digitavel: string | null;
  pix_copia_cola: string | null;
}
interface Agreement {
  dadosAcordo: {
    aco_codigo: number;
    forma_pagamento: string;
    valor_negociado: number;
    valor_restante: number;
    con_nome_loja: string;
    parcelas: Instalment[];
  };
  loja: { loj_codigo: number; loj_fantasia: string; loj_cpf_cnpj: string };
  detalhes: { con_contrato: string; parcelas: unknown[] }[];
}

// The confirmations below come from one address the limits skip.
const RACE_CLIENT = '10.2.0.21';

let t: TestApp;
let joao: string;
let maria: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_ALLOWLIST: RACE_CLIENT } });
  [joao, maria] = await Promise.all([login(t, JOAO), login(t, MARIA)]);
});
afterAll(async () => {
  await t?.close();
});
// Agreements a test makes end (cancelled, as every agreement ends: by status); the seeded one stays.
afterEach(async () => {
  await t.database.db
    .update(agreements)
    .set({ status: 'cancelled' })
    .where(and(eq(agreements.status, 'active'), sql`${agreements.preAgreementId} is not null`));
});

async function myAgreements(cookie: string, body: Record<string, unknown> = {}, partner = 'demo') {
  const res = await call(t, 'negociacao_robo/passo_5', body, { host: hostOf(partner), cookie });
  expect(res.statusCode).toBe(200);
  expect(res.json().retorno).toBe(true);
  return res.json().dados as {
    acordos: Agreement[];
    pessoa: { email_cadastrado: string | null };
    paginacao: { quantidade_de_paginas: number; pagina_atual: number } | null;
  };
}

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo'), cookie }, remoteAddress: RACE_CLIENT });

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

async function card(cookie: string, store: string): Promise<DebtCard> {
  const res = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie });
  return (res.json().dados as DividasResposta).dividas.find((d) => d.loja.loj_fantasia === store)!;
}

async function planOf(cookie: string, store: string, body: Record<string, unknown>): Promise<Plan> {
  const res = await quotePlans(t, await card(cookie, store), { cookie, partner: 'demo' }, body);
  expect(res.json().retorno).toBe(true);
  return (res.json().dados as PlanosResposta).pre_acordo.at(-1)!;
}

function confirm(
  cookie: string,
  plan: Plan,
  method: string,
  key?: string,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: api('negociacao_robo/passo_4_novo'),
    payload: {
      praCodigo: plan.pra_codigo,
      formaDePagamento: method,
      primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
      ...extra,
    },
    headers: { host: hostOf('demo'), cookie, ...(key ? { 'idempotency-key': key } : {}) },
    remoteAddress: RACE_CLIENT,
  });
}

describe('passo_5: the seeded agreement shows every state', () => {
  it('lists the paid entry, the overdue instalment with its boleto, and the open one still to be issued', async () => {
    const { acordos, pessoa, paginacao } = await myAgreements(joao);
    expect(acordos).toHaveLength(1);
    const [agreement] = acordos;
    expect(agreement!.dadosAcordo).toMatchObject({
      forma_pagamento: 'boleto',
      valor_negociado: 150_000,
      valor_restante: 120_000,
      con_nome_loja: 'Alfa Eletro',
    });
    expect(agreement!.loja.loj_cpf_cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    // The contract's six instalments less the one paid before the agreement.
    expect(agreement!.detalhes[0]!.parcelas).toHaveLength(5);
    const [entry, first, second] = agreement!.dadosAcordo.parcelas;
    expect(entry).toMatchObject({ campo_parcela: 'Entrada', status: 'P', pdf: null, linha_digitavel: null });
    expect(first).toMatchObject({ campo_parcela: '1/2', status: 'AA', valor: 60_000 });
    expect(first!.pdf).toBe(`/api/acordos/boletos.pdf?parcelas=${first!.aci_codigo}`);
    expect(second).toMatchObject({ campo_parcela: '2/2', status: 'A', pdf: 'boleto_vai_ser_gerado' });
    expect(first!.vencimento < todayInBrasilia() && todayInBrasilia() < second!.vencimento).toBe(true);
    // The demo partner paginates (myAgreements.flgPaginar).
    expect(paginacao).toEqual({ quantidade_de_paginas: 1, pagina_atual: 1 });
    expect(pessoa.email_cadastrado).toBe('jo***@example.com');
  });

  it('hands out a payable boleto: an independent decoder accepts its line, for the amount and due date', async () => {
    const [agreement] = (await myAgreements(joao)).acordos;
    const overdue = agreement!.dadosAcordo.parcelas[1]!;
    const line = overdue.linha_digitavel!;
    expect(isValidBoleto(line)).toBe(true);
    const barcode = barcodeFromDigitableLine(line)!;
    expect(barcode.slice(0, 3)).toBe('001');
    expect(Number(barcode.slice(9, 19))).toBe(60_000);
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, overdue.aci_codigo));
    expect(charge).toMatchObject({
      kind: 'boleto',
      dueDate: overdue.vencimento,
      amountCents: 60_000,
      barcode,
    });
    // The boleto carries the PIX code of the same charge (boleto híbrido), for the same amount.
    // A dynamic BR Code: its location holds the charge with the amount and due date (API Pix cobv).
    const { pix, payload } = await pixChargeAt(t.app, overdue.pix_copia_cola!);
    expect(hasValidPixCrc(overdue.pix_copia_cola!)).toBe(true);
    expect(pix).toMatchObject({ merchantName: 'Alfa Eletrodomesticos S.A' });
    expect(payload).toMatchObject({
      valor: { original: '600.00' },
      calendario: { dataDeVencimento: overdue.vencimento },
    });
    // The BR Code's 25-character name field holds the store's legal name, transliterated.
  });

  it('issues a document once however often the list is read', async () => {
    await Promise.all([myAgreements(joao), myAgreements(joao), myAgreements(joao)]);
    const [agreement] = (await myAgreements(joao)).acordos;
    const overdue = agreement!.dadosAcordo.parcelas[1]!;
    const charges = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, overdue.aci_codigo));
    expect(charges).toHaveLength(1);
  });

  it('logs no step when the agreements are listed: the page reads them again every 30 s while one is open', async () => {
    // Step 3 is the visit's, logged once by the page (spec 001 §4); a step per read made one visit of ten minutes
    // twenty 'agreements' steps.
    await myAgreements(joao);
    await myAgreements(joao);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stepLogs)
      .where(and(eq(stepLogs.stepCode, 3), eq(stepLogs.cpfCnpj, '39053344705')));
    expect(row!.n).toBe(0);
  });

  it('shows a person with no agreement an empty list', async () => {
    expect((await myAgreements(maria)).acordos).toEqual([]);
  });
});

describe('the boletos PDF', () => {
  it('gives the owner one PDF whose text holds the linha digitável, inline or as a download', async () => {
    const [agreement] = (await myAgreements(joao)).acordos;
    const overdue = agreement!.dadosAcordo.parcelas[1]!;
    const res = await get(overdue.pdf!, joao);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="boletos_${overdue.aci_codigo}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(overdue.linha_digitavel!);
    // Its document number is the one the remessa registers at the bank: the charge's.
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, overdue.aci_codigo));
    expect(text).toMatch(new RegExp(`Nº do documento\\s*${charge!.id}(?![/\\d])`));
    const download = await get(`${overdue.pdf!}&download=1`, joao);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it.each([
    ['a paid instalment', 0, 409, 'Esta parcela já foi paga.'],
    ['an instalment not issued yet', 2, 409, 'O boleto desta parcela ainda não foi gerado.'],
  ])('refuses %s with why', async (_case, index, status, message) => {
    const [agreement] = (await myAgreements(joao)).acordos;
    const instalment = agreement!.dadosAcordo.parcelas[index]!;
    const res = await get(`/api/acordos/boletos.pdf?parcelas=${instalment.aci_codigo}`, joao);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: message });
  });

  it("never serves another person's boleto, whatever code is sent", async () => {
    const [agreement] = (await myAgreements(joao)).acordos;
    const overdue = agreement!.dadosAcordo.parcelas[1]!;
    for (const cookie of [maria, '']) {
      const res = await get(overdue.pdf!, cookie);
      expect(res.statusCode).toBe(cookie ? 404 : 401);
      expect(res.headers['content-type']).not.toBe('application/pdf');
    }
    // Mixed with one of one's own, a foreign code still refuses the whole PDF.
    const res = await get(`/api/acordos/boletos.pdf?parcelas=${overdue.aci_codigo},999999`, joao);
    expect(res.statusCode).toBe(404);
  });

  it('refuses malformed lists in the envelope', async () => {
    for (const query of ['', 'abc', '1,,2', Array.from({ length: 25 }, (_, i) => i + 1).join(',')]) {
      const res = await get(`/api/acordos/boletos.pdf?parcelas=${query}`, joao);
      expect(res.statusCode).toBe(400);
      expect(res.json().retorno).toBe(false);
    }
  });
});

describe('passo_4_novo: the agreement and its instalments', () => {
  it('writes one row per payment that sums to the total, and Meus Acordos shows it first', async () => {
    const plan = await planOf(maria, 'Banco Horizonte', { pagamentoAvistaPrazo: 'P' });
    const res = await confirm(maria, plan, 'boleto');
    expect(res.json()).toMatchObject({ retorno: true, mensagem: 'Acordo realizado com sucesso!' });
    const saved = res.json().dados as {
      aco_codigo: number;
      parcelas: { valor: number; estado_da_transacao: null }[];
    };
    expect(saved.parcelas).toHaveLength(plan.pra_quantidade + (plan.pra_valor_entrada > 0 ? 1 : 0));
    expect(saved.parcelas[0]!.estado_da_transacao).toBeNull();
    const rows = await t.database.db
      .select()
      .from(agreementInstalments)
      .where(eq(agreementInstalments.agreementId, saved.aco_codigo));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(plan.valor_total_acordo);
    const [shown] = (await myAgreements(maria)).acordos;
    expect(shown!.dadosAcordo.aco_codigo).toBe(saved.aco_codigo);
    const [entry, ...rest] = shown!.dadosAcordo.parcelas;
    expect(entry!.pdf).toMatch(/^\/api\/acordos\/boletos\.pdf\?parcelas=\d+$/);
    expect(rest.every((i) => i.pdf === 'boleto_vai_ser_gerado')).toBe(true);
  });

  it('lists as original instalments those it settles: not the ones paid before, nor future entries left out', async () => {
    const alfa = await card(maria, 'Alfa Eletro');
    const held = await t.database.db
      .select()
      .from(instalments)
      .where(sql`${instalments.contractId} in ${alfa.pre_codigos}`);
    // The seed's contract holds both kinds the agreement must leave out.
    expect(held.some((i) => i.paid)).toBe(true);
    expect(held.some((i) => i.futureEntry)).toBe(true);
    const plan = await planOf(maria, 'Alfa Eletro', {});
    const saved = (await confirm(maria, plan, 'boleto')).json().dados as { aco_codigo: number };
    const shown = (await myAgreements(maria)).acordos.find(
      (a) => a.dadosAcordo.aco_codigo === saved.aco_codigo,
    )!;
    const listed = shown.detalhes.flatMap((d) =>
      (d.parcelas as { par_prestacao: number }[]).map((p) => `${d.con_contrato}/${p.par_prestacao}`),
    );
    const number = new Map(alfa.contratos.map((c) => [c.con_codigo, c.con_contrato]));
    const settled = held
      .filter((i) => !i.paid && !i.futureEntry)
      .map((i) => `${number.get(i.contractId)}/${i.number}`);
    expect(listed.sort()).toEqual(settled.sort());
  });

  it('gives a PIX agreement a PIX charge: a valid BR Code for the amount, and its QR to the owner only', async () => {
    const plan = await planOf(maria, 'Bela Casa', { metodoPagamento: 'pix' });
    expect((await confirm(maria, plan, 'pix')).json().retorno).toBe(true);
    const [shown] = (await myAgreements(maria)).acordos;
    const [only] = shown!.dadosAcordo.parcelas;
    expect(only!.campo_parcela).toBe('Parcela única');
    expect(only!.pdf).toBe(only!.pix_copia_cola);
    expect(only!.linha_digitavel).toBeNull();
    const { payload } = await pixChargeAt(t.app, only!.pdf!);
    expect(payload.valor.original).toBe((plan.valor_total_acordo / 100).toFixed(2));
    expect(hasValidPixCrc(only!.pdf!)).toBe(true);
    const qr = await get(`/api/acordos/pix/${only!.aci_codigo}.svg`, maria);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml');
    expect(qr.body).toContain('<svg');
    expect((await get(`/api/acordos/pix/${only!.aci_codigo}.svg`, joao)).statusCode).toBe(404);
    // A PIX agreement has no boleto to print.
    expect((await get(`/api/acordos/boletos.pdf?parcelas=${only!.aci_codigo}`, maria)).statusCode).toBe(404);
  });

  it("pays an alphanumeric store CNPJ as registered and names the partner where the store's name has no Latin letters", async () => {
    const [store] = await t.database.db.select().from(stores).where(eq(stores.tradeName, 'Bela Casa'));
    await t.database.db
      .update(stores)
      .set({ cpfCnpj: '12ABC34501DE35', pixKey: null, legalName: 'Магазин Бела', city: 'Москва' })
      .where(eq(stores.id, store!.id));
    try {
      const plan = await planOf(maria, 'Bela Casa', { metodoPagamento: 'pix' });
      expect((await confirm(maria, plan, 'pix')).json().retorno).toBe(true);
      const [shown] = (await myAgreements(maria)).acordos;
      const { pix, payload } = await pixChargeAt(t.app, shown!.dadosAcordo.parcelas[0]!.pdf!);
      expect(pix).toMatchObject({ merchantName: 'Portal Demo', merchantCity: 'BRASIL' });
      expect(payload.chave).toBe('12ABC34501DE35');
    } finally {
      await t.database.db.update(stores).set(store!).where(eq(stores.id, store!.id));
    }
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and refuses the key with another body', async () => {
    const plan = await planOf(maria, 'Banco Horizonte', {});
    const first = await confirm(maria, plan, 'boleto', 'retry-key-0001');
    const again = await confirm(maria, plan, 'boleto', 'retry-key-0001');
    expect(first.json().retorno).toBe(true);
    expect(again.json()).toEqual(first.json());
    const other = await confirm(maria, plan, 'pix', 'retry-key-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      retorno: false,
      mensagem: 'Esta chave de idempotência já foi usada em outro pedido.',
    });
    // Without the key, the used plan is simply gone.
    expect((await confirm(maria, plan, 'boleto')).json().retorno).toBe(false);
  });

  it('makes one agreement of 20 concurrent identical confirmations, all with the same answer', async () => {
    const plan = await planOf(maria, 'Banco Horizonte', { pagamentoAvistaPrazo: 'P' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => confirm(maria, plan, 'boleto', 'concurrent-key-01')),
    );
    const bodies = answers.map((a) => a.body);
    expect([...new Set(bodies)]).toEqual([bodies[0]]);
    expect(answers[0]!.json().retorno).toBe(true);
    const made = await t.database.db
      .select()
      .from(agreements)
      .where(and(eq(agreements.preAgreementId, planOfCode(plan.pra_codigo).searchId)));
    expect(made).toHaveLength(1);
  });

  it('refuses a malformed key with a 400', async () => {
    const plan = await planOf(maria, 'Banco Horizonte', {});
    const res = await confirm(maria, plan, 'boleto', 'bad key!');
    expect(res.statusCode).toBe(400);
    expect(res.json().retorno).toBe(false);
  });
});

describe('an instalment whose document can no longer be paid', () => {
  it('gets a new one due today once its PIX is past the days a cobv is paid after it falls due; the old one goes', async () => {
    const plan = await planOf(maria, 'Bela Casa', { metodoPagamento: 'pix' });
    expect((await confirm(maria, plan, 'pix')).json().retorno).toBe(true);
    const [only] = (await myAgreements(maria)).acordos[0]!.dadosAcordo.parcelas;
    const [first] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, only!.aci_codigo));
    // Thirty-one days after the instalment fell due (the fixture moves the dates back; money rows never change so).
    const today = todayInBrasilia();
    const dueDate = addDays(today, -(CHARGE_DAYS_PAYABLE_AFTER_DUE + 1));
    await t.database.db
      .update(agreementInstalments)
      .set({ dueDate })
      .where(eq(agreementInstalments.id, only!.aci_codigo));
    await t.database.db.update(paymentCharges).set({ dueDate }).where(eq(paymentCharges.id, first!.id));
    await t.database.db
      .update(localPspCharges)
      .set({
        charge: sql`jsonb_set(${localPspCharges.charge}, '{calendario,dataDeVencimento}', ${JSON.stringify(dueDate)}::jsonb)`,
      })
      .where(eq(localPspCharges.txid, first!.txid!));
    // The PSP no longer takes the old code, as a payer's bank would find.
    const payOld = await t.app.inject({ method: 'POST', url: `/psp-local/sandbox/pay/${first!.txid}` });
    expect(payOld.statusCode).toBe(400);
    expect(payOld.json().mensagem).toContain('Cobrança vencida');

    // Meus Acordos replaces it: a new cobv due today for the agreed value, its QR served, the old one removed.
    const [overdue] = (await myAgreements(maria)).acordos[0]!.dadosAcordo.parcelas;
    expect(overdue).toMatchObject({ aci_codigo: only!.aci_codigo, status: 'AA', vencimento: dueDate });
    expect(overdue!.pix_copia_cola).not.toBe(only!.pix_copia_cola);
    expect(overdue!.pdf).toBe(overdue!.pix_copia_cola);
    const { payload } = await pixChargeAt(t.app, overdue!.pix_copia_cola!);
    expect(payload).toMatchObject({
      valor: { original: (only!.valor / 100).toFixed(2) },
      calendario: { dataDeVencimento: today },
      status: 'ATIVA',
    });
    expect((await get(`/api/acordos/pix/${only!.aci_codigo}.svg`, maria)).statusCode).toBe(200);
    const charges = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, only!.aci_codigo))
      .orderBy(paymentCharges.issue);
    expect(charges.map((c) => [c.issue, c.dueDate])).toEqual([
      [1, dueDate],
      [2, today],
    ]);
    const [cancelled] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.chargeId, first!.id), eq(paymentEvents.kind, 'charge_cancelled')));
    expect(cancelled).toMatchObject({ cause: `expired:${today}` });
    const [removed] = await t.database.db
      .select()
      .from(localPspCharges)
      .where(eq(localPspCharges.txid, first!.txid!));
    expect(removed!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');

    // Read again, nothing more is issued; the new code is paid.
    await Promise.all([myAgreements(maria), myAgreements(maria)]);
    expect(
      await t.database.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.instalmentId, only!.aci_codigo)),
    ).toHaveLength(2);
    const payNew = await t.app.inject({ method: 'POST', url: `/psp-local/sandbox/pay/${charges[1]!.txid}` });
    expect(payNew.statusCode).toBe(200);
  });
});

describe('Meus Boletos: a partner whose stores only issue boletos', () => {
  it('lists a card per store with a payable boleto for each open instalment, and prints the ticked ones together', async () => {
    const mariaOnBoletos = await login(t, MARIA, 'boletos');
    const { acordos, paginacao } = await myAgreements(mariaOnBoletos, {}, 'boletos');
    expect(paginacao).toBeNull();
    expect(acordos.map((a) => a.loja.loj_fantasia).sort()).toEqual(['Energia Luz', 'Faculdade Saber']);
    const rows = acordos.flatMap((a) => a.dadosAcordo.parcelas) as (Instalment & { codigo: number })[];
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      expect(isValidBoleto(row.linha_digitavel!)).toBe(true);
      expect(row.pdf).toBe(`/api/segunda-via/${row.codigo}.pdf`);
      expect(['A', 'AA']).toContain(row.status);
      // An overdue instalment's boleto falls due today; its row says when the instalment itself fell due.
      const fellDue = /, vencida em (\d\d)\/(\d\d)\/(\d{4})$/.exec(row.campo_parcela);
      if (row.status === 'A') expect(fellDue).toBeNull();
      else expect(`${fellDue![3]}-${fellDue![2]}-${fellDue![1]}` < row.vencimento).toBe(true);
    }
    expect(rows.some((row) => row.status === 'AA')).toBe(true);
    const ticked = rows.slice(0, 2);
    const boletosHost = (url: string, cookie: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { host: hostOf('boletos'), cookie },
        remoteAddress: RACE_CLIENT,
      });
    const res = await boletosHost(
      `/api/acordos/boletos.pdf?segundas_vias=${ticked.map((r) => r.codigo).join(',')}`,
      mariaOnBoletos,
    );
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const row of ticked) expect(text).toContain(row.linha_digitavel!);
    // Another person's session, on whatever partner, never gets them.
    expect((await get(`/api/acordos/boletos.pdf?segundas_vias=${ticked[0]!.codigo}`, joao)).statusCode).toBe(
      404,
    );
  });

  it('shows a row whose second copy was paid as P, with nothing to pay or print, and issues no new copy', async () => {
    const mariaOnBoletos = await login(t, MARIA, 'boletos');
    const cards = async () => (await myAgreements(mariaOnBoletos, {}, 'boletos')).acordos;
    const [before] = await cards();
    const [row] = before!.dadosAcordo.parcelas as (Instalment & { codigo: number })[];
    const [copy] = await t.database.db.select().from(secondCopies).where(eq(secondCopies.id, row!.codigo));
    await recordSecondCopyPayment(t.database.db, {
      secondCopyId: copy!.id,
      amountCents: copy!.amountCents,
      occurredOn: '2026-11-25',
      cause: 'pix:E99999999202611260130BOLETOS01',
    });
    const [after] = await cards();
    expect(after!.dadosAcordo.parcelas[0]).toMatchObject({
      codigo: copy!.id,
      status: 'P',
      pdf: null,
      linha_digitavel: null,
      pix_copia_cola: null,
    });
    expect(after!.dadosAcordo.valor_restante).toBe(before!.dadosAcordo.valor_restante - copy!.amountCents);
    expect(
      (
        await t.database.db
          .select()
          .from(secondCopies)
          .where(eq(secondCopies.instalmentId, copy!.instalmentId))
      ).length,
    ).toBe(1);
    const print = await t.app.inject({
      method: 'GET',
      url: `/api/acordos/boletos.pdf?segundas_vias=${copy!.id}`,
      headers: { host: hostOf('boletos'), cookie: mariaOnBoletos },
    });
    expect(print.json()).toMatchObject({ retorno: false, mensagem: 'Esta parcela já foi paga.' });
  });
});
