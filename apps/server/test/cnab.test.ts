import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  bancoDoBrasilAgreementField,
  type RetornoTitle,
  readRemessa,
  todayInBrasilia,
  writeRetorno,
} from '@portal/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CNAB_COMMANDS } from '../src/cli/cnab-commands';
import {
  agreementInstalments,
  agreementStatusEvents,
  agreements,
  cnabFiles,
  outboundMessages,
  paymentCharges,
  paymentEvents,
  persons,
  remessaCharges,
  retornoResults,
  stores,
} from '../src/db/schema';
import { loadEnv } from '../src/env';
import { createPixServices } from '../src/integrations/payments/pix-api/pix-services';
import { findPaymentsAfterCancellation } from '../src/repositories/lifecycle-repository';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { cnabBeneficiary } from '../src/services/payments/cnab-files';
import { recordInstalmentPayment } from '../src/services/payments/record-instalment-payment';
import { recordPixPayments } from '../src/services/payments/record-pix-payments';
import { reissueRefusedBoletos } from '../src/services/payments/reissue-refused-boletos';
import { captureStream } from './capture-stream';
import { issueBoleto, openBoleto } from './cnab-helpers';
import { call, hostOf, JOAO, login } from './identification-helpers';
import { staffToken, unappliedReasonsListed } from './reports-helpers';
import { createTestApp, NO_CVS, type TestApp } from './test-app';

// Boletos registered with the bank through CNAB 240 and settled by its retorno (issue 17 item 2), through the
// admin API: the remessa, the retorno's all-or-nothing import, idempotency, and the staff guard.

interface Instalment {
  aci_codigo: number;
  campo_parcela: string;
  status: string;
  linha_digitavel: string | null;
}

let t: TestApp;
let token: string;
let joao: string;
beforeAll(async () => {
  t = await createTestApp();
  [token, joao] = await Promise.all([staffToken(t), login(t, JOAO)]);
});
afterAll(async () => {
  await t?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const generate = () =>
  t.app.inject({ method: 'POST', url: '/api/cobranca/remessas', payload: {}, headers: auth() });

async function joaoInstalments(): Promise<Instalment[]> {
  const res = await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie: joao });
  expect(res.json().retorno).toBe(true);
  return res.json().dados.acordos[0].dadosAcordo.parcelas;
}

const chargeOf = async (instalmentId: number) =>
  (
    await t.database.db.select().from(paymentCharges).where(eq(paymentCharges.instalmentId, instalmentId))
  )[0]!;

async function retornoOf(charge: { storeId: number }, titles: RetornoTitle[], sequence: number) {
  const [store] = await t.database.db.select().from(stores).where(eq(stores.id, charge.storeId));
  return writeRetorno(
    { beneficiary: cnabBeneficiary(store!), sequence, generatedOn: '2026-11-26', generatedAt: '070000' },
    titles,
  );
}

const liquidation = (charge: typeof paymentCharges.$inferSelect, paidCents: number): RetornoTitle => ({
  movement: '06',
  ourNumber: charge.ourNumber!,
  documentNumber: String(charge.id),
  dueDate: charge.dueDate,
  amountCents: charge.amountCents,
  feeCents: 180,
  reasons: [],
  payer: { document: '39053344705', name: 'JOAO' },
  interestCents: Math.max(0, paidCents - charge.amountCents),
  discountCents: 0,
  rebateCents: 0,
  iofCents: 0,
  paidCents,
  netCents: Math.max(0, paidCents - 180),
  occurredOn: '2026-11-25',
  creditOn: '2026-11-26',
});

const upload = (content: string, contentType = 'text/plain') =>
  t.app.inject({
    method: 'POST',
    url: '/api/cobranca/retornos?nome=CBR_RETORNO.ret',
    payload: content,
    headers: { ...auth(), 'content-type': contentType },
  });

const eventRows = () => t.database.db.select().from(paymentEvents).orderBy(paymentEvents.id);
const fileCount = async () => (await t.database.db.select().from(cnabFiles)).length;

/**
 * A retorno liquidating `opened`'s boleto for 40.00 of its 100.00: reported `resultado` (counted under `total`, not
 * under `a_menor`), its money one unapplied event the back office lists with `motivo` (decisions 049, 078).
 */
async function expectShortLiquidationKept(
  { instalment, charge }: Awaited<ReturnType<typeof openBoleto>>,
  sequence: number,
  told: { resultado: string; total: string; motivo: string },
) {
  const before = await eventRows();
  const report = (await upload(await retornoOf(charge, [liquidation(charge, 4_000)], sequence))).json().data;
  expect(report.totais).toMatchObject({ a_menor: 0, [told.total]: 1 });
  expect(report.linhas).toMatchObject([{ resultado: told.resultado, valor_pago: 4_000 }]);
  const added = (await eventRows()).slice(before.length);
  expect(added.map((e) => [e.instalmentId, e.kind, e.amountCents])).toEqual([
    [instalment.id, 'unapplied', 4_000],
  ]);
  expect((await unappliedReasonsListed(t, token, '2026-11-25'))[added[0]!.id]).toBe(told.motivo);
}

describe('the admin API refuses without a staff token', () => {
  it.each([
    ['GET', '/api/cobranca/remessas'],
    ['POST', '/api/cobranca/remessas'],
    ['GET', '/api/cobranca/remessas/1/arquivo'],
    ['POST', '/api/cobranca/retornos'],
  ] as const)('%s %s: 401', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'POST' ? 'x' : undefined,
      headers: { 'content-type': 'text/plain', authorization: 'Bearer not-a-token-of-anyone-here' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthenticated');
  });
});

describe('remessa', () => {
  it('registers every boleto once: the file reads back with their our-numbers; a second run writes nothing', async () => {
    const [entry, first, second] = await joaoInstalments();
    expect([entry!.status, first!.status, second!.status]).toEqual(['P', 'AA', 'A']);
    const charge = await chargeOf(first!.aci_codigo);
    // A boleto of an instalment already paid has nothing to collect: no remessa sends it.
    const ofPaid = await issueBoleto(t.database.db, entry!.aci_codigo);

    // Two runs at once (two staff, two processes): one writes the remessa, the other finds nothing new.
    const runs = await Promise.all([generate(), generate()]);
    expect(runs.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const res = runs.find((r) => r.statusCode === 201)!;
    expect(res.json().data).toHaveLength(1);
    const [file] = res.json().data;
    expect(file).toMatchObject({
      nsa: 1,
      convenio: expect.stringMatching(/^\d{7}$/),
      titulos: null,
      criado_por: 'staff:admin',
    });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/cobranca/remessas/${file.id}/arquivo`,
      headers: auth(),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${file.nome_arquivo}"`);
    const read = readRemessa(download.body);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.header.sequence).toBe(1);
    expect(read.titles.map((t) => [t.ourNumber, t.dueDate, t.amountCents, t.payer.document])).toContainEqual([
      charge.ourNumber,
      charge.dueDate,
      charge.amountCents,
      '39053344705',
    ]);
    const linked = await t.database.db
      .select()
      .from(remessaCharges)
      .where(eq(remessaCharges.fileId, file.id));
    expect(read.titles.map((t) => t.ourNumber)).not.toContain(ofPaid.ourNumber);
    // The overdue instalment's boleto was issued after its due date; the remessa never dates it after the due date.
    for (const title of read.titles) expect(title.issueDate <= title.dueDate).toBe(true);
    expect(linked.map((r) => r.chargeId)).toContain(charge.id);

    const wrongStore = await t.app.inject({
      method: 'POST',
      url: '/api/cobranca/remessas',
      payload: { loja: 'abc' },
      headers: auth(),
    });
    expect(wrongStore.statusCode).toBe(400);
    const again = await generate();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Nenhum boleto novo para registrar.', data: [] });

    // A boleto issued later goes in the next remessa, numbered after the first.
    await issueBoleto(t.database.db, second!.aci_codigo);
    const next = await generate();
    expect(next.json().data).toMatchObject([{ nsa: 2 }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/cobranca/remessas', headers: auth() });
    expect(list.json().data.map((f: { nsa: number; titulos: number }) => [f.nsa, f.titulos])).toEqual([
      [2, 1],
      [1, linked.length],
    ]);
  });
});

describe('retorno', () => {
  it('a bad line or wrong totals change nothing and list the errors by line', async () => {
    const [, first] = await joaoInstalments();
    const charge = await chargeOf(first!.aci_codigo);
    const good = (await retornoOf(charge, [liquidation(charge, charge.amountCents)], 900)).split('\r\n');
    const before = { events: await eventRows(), files: await fileCount() };
    good[3] = good[3]!.slice(0, 200);
    good[4] = `${good[4]!.slice(0, 29)}00000000000099999${good[4]!.slice(46)}`;
    const res = await upload(good.join('\r\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'O arquivo de retorno tem erros e nada foi importado. Corrija as linhas indicadas.',
    );
    // Every bad line is listed, the short one and the trailer's wrong sum.
    expect(res.json().dados.erros).toEqual([
      { linha: 4, mensagem: 'tamanho 200, esperado 240 posições' },
      {
        linha: 5,
        mensagem: `valor total dos títulos 99999 centavos, o lote soma ${charge.amountCents}`,
      },
    ]);
    const totals = (await retornoOf(charge, [liquidation(charge, charge.amountCents)], 900)).split('\r\n');
    totals[4] = `${totals[4]!.slice(0, 29)}00000000000000001${totals[4]!.slice(46)}`;
    const wrong = await upload(totals.join('\r\n'));
    expect(wrong.json().dados.erros).toEqual([
      { linha: 5, mensagem: `valor total dos títulos 1 centavos, o lote soma ${charge.amountCents}` },
    ]);
    expect({ events: await eventRows(), files: await fileCount() }).toEqual(before);
  });

  it('a file over 5 MB is refused with its own message, also past the body limit and sent chunked', async () => {
    const before = await fileCount();
    const over = 'x'.repeat(6 * 1024 * 1024);
    for (const payload of [over, Readable.from([Buffer.from(over)])]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cobranca/retornos?nome=CBR_GRANDE.ret',
        payload,
        headers: { ...auth(), 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('O arquivo de retorno é maior que 5 MB.');
    }
    expect(await fileCount()).toBe(before);
  });

  it('a file of a convênio, agency or account of no store is refused whole', async () => {
    const [, first] = await joaoInstalments();
    const charge = await chargeOf(first!.aci_codigo);
    const [store] = await t.database.db.select().from(stores).where(eq(stores.id, charge.storeId));
    const before = { events: await eventRows(), files: await fileCount() };
    const ours = cnabBeneficiary(store!);
    for (const beneficiary of [
      { ...ours, agreementField: bancoDoBrasilAgreementField('7654321', '17', '019') },
      { ...ours, account: '99999' },
      { ...ours, agency: '9999' },
    ]) {
      const content = writeRetorno(
        { beneficiary, sequence: 903, generatedOn: '2026-11-26', generatedAt: '070000' },
        [liquidation(charge, charge.amountCents)],
      );
      const res = await upload(content);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'O arquivo de retorno é de um convênio, agência ou conta que não está cadastrado em nenhuma loja. Nada foi importado.',
      );
    }
    expect({ events: await eventRows(), files: await fileCount() }).toEqual(before);
  });

  it('two liquidations, a rejection and an unknown our-number: only the two instalments are paid', async () => {
    const [entry, first, second] = await joaoInstalments();
    const [a, b] = [await chargeOf(first!.aci_codigo), await chargeOf(second!.aci_codigo)];
    const rejected = await chargeOf(entry!.aci_codigo);
    const before = await eventRows();
    const content = await retornoOf(
      a,
      [
        liquidation(a, a.amountCents + 1_234),
        {
          ...liquidation(rejected, 0),
          movement: '03',
          reasons: ['08', '48'],
          occurredOn: '2026-11-25',
          creditOn: null,
        },
        liquidation(b, b.amountCents),
        { ...liquidation(b, 5_000), ourNumber: '99999990000000001' },
      ],
      901,
    );
    const res = await upload(content);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      ja_importado: false,
      totais: { aplicados: 2, rejeitados: 1, desconhecidos: 1, duplicados: 0 },
      linhas: [
        {
          linha: 3,
          resultado: 'applied',
          movimento: '06',
          movimento_texto: 'Liquidação',
          valor_pago: a.amountCents + 1_234,
          tarifa: 180,
        },
        {
          linha: 5,
          resultado: 'rejected',
          motivos: [
            { codigo: '08', texto: 'Nosso número inválido' },
            { codigo: '48', texto: 'CEP inválido' },
          ],
        },
        { linha: 7, resultado: 'applied', nosso_numero: b.ourNumber },
        { linha: 9, resultado: 'unknown', nosso_numero: '99999990000000001' },
      ],
    });
    // The file is the store's whose convênio, agency and account its header names.
    expect(
      (await t.database.db.select().from(cnabFiles).where(eq(cnabFiles.id, report.arquivo_id)))[0],
    ).toMatchObject({ kind: 'retorno', storeId: a.storeId });
    const added = (await eventRows()).slice(before.length);
    expect(
      added.map((e) => [e.instalmentId, e.chargeId, e.kind, e.amountCents, e.occurredOn, e.cause]),
    ).toEqual([
      [first!.aci_codigo, a.id, 'paid', a.amountCents + 1_234, '2026-11-25', `cnab:${report.arquivo_id}:3`],
      [second!.aci_codigo, b.id, 'paid', b.amountCents, '2026-11-25', `cnab:${report.arquivo_id}:7`],
    ]);
    // The last instalment paid settles the agreement, with the payment as the cause, and e-mails the discharge letter.
    const agreementId = (
      await t.database.db
        .select({ id: agreementInstalments.agreementId })
        .from(agreementInstalments)
        .where(eq(agreementInstalments.id, second!.aci_codigo))
    )[0]!.id;
    expect(
      (
        await t.database.db
          .select()
          .from(agreementStatusEvents)
          .where(eq(agreementStatusEvents.agreementId, agreementId))
      ).map((e) => [e.from, e.to, e.cause]),
    ).toEqual([['active', 'settled', `payment:cnab:${report.arquivo_id}:7`]]);
    const letters = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'discharge-letter'));
    expect(letters).toHaveLength(1);

    // The same file again changes nothing and answers the first report.
    const again = await upload(content);
    expect(again.json()).toMatchObject({
      message: 'Este retorno já foi importado; nada foi alterado.',
      data: { ja_importado: true, arquivo_id: report.arquivo_id, totais: report.totais },
    });
    // The bank's fee of each title round-trips: stored with the line's result, read back in the report.
    expect(again.json().data.linhas.map((l: { tarifa: number }) => l.tarifa)).toEqual([180, 180, 180, 180]);
    expect(
      (
        await t.database.db
          .select({ fee: retornoResults.feeCents })
          .from(retornoResults)
          .where(eq(retornoResults.fileId, report.arquivo_id))
      ).map((r) => r.fee),
    ).toEqual([180, 180, 180, 180]);
    // Another file telling the same liquidation (sent as the file's bytes) records no second payment.
    const resent = await upload(
      await retornoOf(a, [liquidation(a, a.amountCents)], 902),
      'application/octet-stream',
    );
    expect(resent.json().data.linhas).toMatchObject([{ resultado: 'duplicate' }]);
    expect((await eventRows()).length).toBe(before.length + 2);
  });
});

/** What the staff payments list shows received on the liquidations' day (2026-11-25): boleto and unapplied. */
const moneyListed = async (): Promise<{ boleto: number; unapplied: number }> => {
  const { boleto, unapplied } = (
    await t.app.inject({
      method: 'GET',
      url: '/api/gestao/pagamentos?data_inicial=2026-11-25&data_final=2026-11-25',
      headers: auth(),
    })
  ).json().totais;
  return { boleto, unapplied };
};

describe('a liquidation paying less than the boleto', () => {
  it('keeps the money as unapplied, which staff see; the instalment stays open until paid in full', async () => {
    const { instalment, charge } = await openBoleto(t.database.db, '2026-12-05', 10_000);
    const before = await eventRows();
    const listedBefore = await moneyListed();
    const res = await upload(
      await retornoOf(charge, [liquidation(charge, 9_999), { ...liquidation(charge, 0), reasons: [] }], 950),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    // The bank liquidates a boleto once: its second liquidation in the file is the first told again.
    expect(report.totais).toMatchObject({ aplicados: 0, a_menor: 1, duplicados: 1 });
    expect(report.linhas).toMatchObject([
      { linha: 3, resultado: 'underpaid', valor: 10_000, valor_pago: 9_999 },
      { linha: 5, resultado: 'duplicate', valor: 10_000, valor_pago: 0 },
    ]);
    // The money is an unapplied payment event of the instalment (staff refund or apply it), on the payments list
    // apart from the boletos that paid their instalment (decision 053).
    expect(
      (await eventRows())
        .slice(before.length)
        .map((e) => [e.instalmentId, e.chargeId, e.kind, e.amountCents, e.occurredOn, e.cause]),
    ).toEqual([[instalment.id, charge.id, 'unapplied', 9_999, '2026-11-25', `cnab:${report.arquivo_id}:3`]]);
    // The back office's list says why it paid nothing (decision 064).
    const [kept] = (await eventRows()).slice(before.length);
    expect((await unappliedReasonsListed(t, token, '2026-11-25'))[kept!.id]).toBe('underpaid');
    expect(await moneyListed()).toEqual({
      boleto: listedBefore.boleto,
      unapplied: listedBefore.unapplied + 9_999,
    });
    const results = await t.database.db
      .select()
      .from(retornoResults)
      .where(eq(retornoResults.fileId, report.arquivo_id));
    expect(results.map((r) => [r.chargeId, r.outcome, r.paidCents])).toEqual([
      [charge.id, 'underpaid', 9_999],
      [charge.id, 'duplicate', 0],
    ]);
    // The full value later pays it (the short-paid boleto's end, decision 049, is no money: not looked at here).
    const paid = await upload(await retornoOf(charge, [liquidation(charge, 10_000)], 951));
    expect(paid.json().data.linhas).toMatchObject([{ resultado: 'applied' }]);
    const money = (await eventRows()).slice(before.length).filter((e) => e.kind !== 'charge_cancelled');
    expect(money.map((e) => [e.instalmentId, e.kind])).toEqual([
      [instalment.id, 'unapplied'],
      [instalment.id, 'paid'],
    ]);
  });
});

describe('a liquidation after the write-off (FEBRABAN C044 17)', () => {
  it('pays the instalment as a liquidation does: a boleto written off at the bank is still paid at a counter', async () => {
    const { instalment, charge } = await openBoleto(t.database.db, '2026-12-08', 10_000);
    const before = await eventRows();
    const res = await upload(
      await retornoOf(charge, [{ ...liquidation(charge, 10_000), movement: '17' }], 980),
    );
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.totais).toMatchObject({ aplicados: 1 });
    expect(report.linhas).toMatchObject([
      {
        movimento: '17',
        movimento_texto: 'Liquidação após baixa ou liquidação título não registrado',
        resultado: 'applied',
        valor_pago: 10_000,
      },
    ]);
    expect(
      (await eventRows())
        .slice(before.length)
        .map((e) => [e.instalmentId, e.chargeId, e.kind, e.amountCents]),
    ).toEqual([[instalment.id, charge.id, 'paid', 10_000]]);
    // The same money told again as a plain liquidation (06) in another file records nothing more.
    const resent = await upload(await retornoOf(charge, [liquidation(charge, 10_000)], 981));
    expect(resent.json().data.linhas).toMatchObject([{ resultado: 'duplicate' }]);
    expect(await eventRows()).toHaveLength(before.length + 1);
  });
});

describe('a liquidation of a boleto whose agreement was cancelled', () => {
  it('is reported so and kept as unapplied money for staff to refund or apply; the agreement stays cancelled', async () => {
    const { agreement, instalment, charge } = await openBoleto(t.database.db, '2026-12-07', 10_000);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/gestao/acordos/${agreement.id}/cancelar`,
      headers: auth(),
      payload: { motivo: 'Devedor desistiu do acordo' },
    });
    expect(cancelled.statusCode).toBe(200);
    const before = await eventRows();
    const res = await upload(await retornoOf(charge, [liquidation(charge, 10_000)], 970));
    const report = res.json().data;
    expect(report.totais).toMatchObject({ aplicados: 0, nao_aplicados: 0, de_acordo_cancelado: 1 });
    expect(report.linhas).toMatchObject([{ resultado: 'agreement_cancelled', valor_pago: 10_000 }]);
    expect(
      (await eventRows()).slice(before.length).map((e) => [e.instalmentId, e.kind, e.amountCents, e.cause]),
    ).toEqual([[instalment.id, 'unapplied', 10_000, `cnab:${report.arquivo_id}:3`]]);
    const [kept] = (await eventRows()).slice(before.length);
    expect((await unappliedReasonsListed(t, token, '2026-11-25'))[kept!.id]).toBe('agreement_cancelled');
    expect(await findPaymentsAfterCancellation(t.database.db)).toContainEqual(
      expect.objectContaining({ agreementId: agreement.id, amountCents: 10_000, kind: 'unapplied' }),
    );
    const [after] = await t.database.db.select().from(agreements).where(eq(agreements.id, agreement.id));
    expect(after!.status).toBe('cancelled');
    // Another file telling the same liquidation records nothing more.
    const resent = await upload(await retornoOf(charge, [liquidation(charge, 10_000)], 971));
    expect(resent.json().data.linhas).toMatchObject([{ resultado: 'duplicate' }]);
    expect(await eventRows()).toHaveLength(before.length + 1);
  });

  it('for less than its value is told as money after the cancellation, not as short of an open instalment', async () => {
    const opened = await openBoleto(t.database.db, '2026-12-07', 10_000);
    await t.database.db
      .update(agreements)
      .set({ status: 'cancelled' })
      .where(eq(agreements.id, opened.agreement.id));
    await expectShortLiquidationKept(opened, 972, {
      resultado: 'agreement_cancelled',
      total: 'de_acordo_cancelado',
      motivo: 'agreement_cancelled',
    });
  });
});

describe('a liquidation of an instalment already paid by PIX', () => {
  it('keeps the money as unapplied and pays nothing twice; the same file again adds nothing', async () => {
    const { instalment, charge } = await openBoleto(t.database.db, '2026-12-06', 10_000);
    // The PIX of the hybrid boleto was paid first (as its webhook records it).
    expect(
      await recordInstalmentPayment(t.database.db, {
        instalmentId: instalment.id,
        chargeId: charge.id,
        kind: 'paid',
        amountCents: 10_000,
        occurredOn: '2026-12-01',
        cause: 'pix:E00000000202612011200aaaaaaaaaaa',
      }),
    ).toBe(true);
    const before = await eventRows();
    const res = await upload(await retornoOf(charge, [liquidation(charge, 10_000)], 960));
    expect(res.json().data.totais).toMatchObject({ aplicados: 0, duplicados: 0, nao_aplicados: 1 });
    expect(res.json().data.linhas).toMatchObject([{ resultado: 'unapplied', valor_pago: 10_000 }]);
    const added = (await eventRows()).slice(before.length);
    expect(added.map((e) => [e.instalmentId, e.kind, e.amountCents])).toEqual([
      [instalment.id, 'unapplied', 10_000],
    ]);
    expect((await unappliedReasonsListed(t, token, '2026-11-25'))[added[0]!.id]).toBe('already_paid');
    // Another file telling the same liquidation records nothing more.
    const resent = await upload(await retornoOf(charge, [liquidation(charge, 10_000)], 961));
    expect(resent.json().data.linhas).toMatchObject([{ resultado: 'duplicate' }]);
    expect(await eventRows()).toHaveLength(before.length + 1);
  });

  it('for less than its value is money paid again, not short of an open instalment (decision 078)', async () => {
    const opened = await openBoleto(t.database.db, '2026-12-06', 10_000);
    await recordInstalmentPayment(t.database.db, {
      instalmentId: opened.instalment.id,
      chargeId: opened.charge.id,
      kind: 'paid',
      amountCents: 10_000,
      occurredOn: '2026-12-01',
      cause: 'pix:E00000000202612011200bbbbbbbbbbb',
    });
    await expectShortLiquidationKept(opened, 962, {
      resultado: 'unapplied',
      total: 'nao_aplicados',
      motivo: 'already_paid',
    });
  });
});

describe('the daily remessa job', () => {
  it('writes the remessa of boletos issued since the last one, once a day, by the scheduler', async () => {
    // An open instalment of a new agreement of João's (the demo one is paid by now), with its boleto issued.
    const { charge } = await openBoleto(t.database.db, '2026-12-10', 12_345);
    const remessaJob = SCHEDULED_JOBS.filter((job) => job.name === 'remessa');
    const deps = {
      database: t.database,
      providers: new Map(),
      pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      cvDir: NO_CVS,
    };
    const before = await fileCount();
    const [report] = await runDueJobs(deps, remessaJob, new Date('2026-11-27T12:00:00-03:00'), '2026-11-27');
    expect(report).toMatchObject({ name: 'remessa', busy: false });
    const files = await t.database.db.select().from(cnabFiles).orderBy(cnabFiles.id);
    expect(files).toHaveLength(before + 1);
    const read = readRemessa(files.at(-1)!.content);
    expect(read.ok && read.titles.map((title) => title.ourNumber)).toEqual([charge.ourNumber]);
    expect(files.at(-1)).toMatchObject({ kind: 'remessa', createdBy: 'job:remessa' });
    // The same day again: nothing due.
    const [again] = await runDueJobs(deps, remessaJob, new Date('2026-11-27T18:00:00-03:00'), '2026-11-27');
    expect(again!.dates).toEqual([]);
    expect(await fileCount()).toBe(before + 1);
  });
});

describe('write-off requests (FEBRABAN C004 02 "Pedido de baixa")', () => {
  it('a registered boleto that no longer collects is asked to be written off once; a cancelled agreement registers nothing', async () => {
    const db = t.database.db;
    const cancelled = await openBoleto(db, '2027-03-10', 5_000);
    const paidElsewhere = await openBoleto(db, '2027-03-11', 6_000);
    const open = await openBoleto(db, '2027-03-12', 7_000);
    expect((await generate()).statusCode).toBe(201);

    // After the remessa: one agreement broken, another instalment paid by PIX; a new boleto of a broken agreement.
    await db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.id, cancelled.agreement.id));
    await db.insert(paymentEvents).values({
      instalmentId: paidElsewhere.instalment.id,
      kind: 'paid',
      amountCents: 6_000,
      occurredOn: '2026-11-27',
      cause: 'pix:E0000000020261127000000000000001',
    });
    const neverSent = await openBoleto(db, '2027-03-13', 8_000);
    await db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.id, neverSent.agreement.id));

    const res = await generate();
    expect(res.statusCode).toBe(201);
    const [file] = await db.select().from(cnabFiles).where(eq(cnabFiles.id, res.json().data[0].id));
    const read = readRemessa(file!.content);
    expect(
      read.ok && read.titles.map((title) => [title.movement, title.ourNumber, title.amountCents]),
    ).toEqual([
      ['02', cancelled.charge.ourNumber, 5_000],
      ['02', paidElsewhere.charge.ourNumber, 6_000],
    ]);
    expect(read.ok && read.titles.map((title) => title.ourNumber)).not.toContain(open.charge.ourNumber);
    // Once: the next run has nothing to send.
    expect((await generate()).json()).toMatchObject({ data: [] });
  });
});

describe('a registered boleto whose instalment its own PIX paid', () => {
  it('is asked to be written off: the bank, which never saw the PIX, would still take the boleto', async () => {
    const db = t.database.db;
    const { agreement, charge } = await openBoleto(db, '2027-03-14', 9_000);
    // A second instalment keeps the agreement active once the first is paid.
    await db.insert(agreementInstalments).values({
      agreementId: agreement.id,
      number: 1,
      dueDate: '2027-04-14',
      amountCents: 9_000,
    });
    expect((await generate()).statusCode).toBe(201);
    // The hybrid boleto's PIX (the same charge, at the PSP) is paid, as the webhook records it.
    expect(
      await recordPixPayments(
        db,
        charge.storeId,
        [
          {
            endToEndId: 'E00000000202703141200pixdoboleto',
            txid: charge.txid!,
            valor: '90.00',
            horario: '2027-03-14T15:00:00Z',
          },
        ],
        { warn: () => undefined, error: () => undefined },
      ),
    ).toEqual(['paid']);
    const res = await generate();
    expect(res.statusCode).toBe(201);
    const [file] = await db
      .select()
      .from(cnabFiles)
      .where(eq(cnabFiles.id, res.json().data[0]?.id ?? 0));
    const read = readRemessa(file!.content);
    expect(read.ok && read.titles.map((title) => [title.movement, title.ourNumber])).toEqual([
      ['02', charge.ourNumber],
    ]);
  });
});

describe('one retorno file, from the CLI and from the back office', () => {
  it('is the same content: the second load answers "já importado", even with a non-ASCII byte', async () => {
    const { charge } = await openBoleto(t.database.db, '2027-04-10', 4_000);
    const text = await retornoOf(
      charge,
      [{ ...liquidation(charge, 4_000), payer: { document: '39053344705', name: 'JOAO X' } }],
      960,
    );
    // A bank's latin1 'Ç' (one byte, 0xC7) in the payer's name: the record stays 240 positions long.
    const bytes = Buffer.from(text.replace('JOAO X', 'JOAO \u00c7'), 'latin1');
    const path = join(mkdtempSync(join(tmpdir(), 'portal-retorno-')), 'CBR_BYTES.ret');
    writeFileSync(path, bytes);

    const [stdout, stderr] = [captureStream(), captureStream()];
    const retornoCommand = CNAB_COMMANDS.retorno!;
    if (retornoCommand.target === 'server') throw new Error('retorno runs on the database');
    const code = await retornoCommand.run([path], {
      db: t.database.db,
      database: t.database,
      env: loadEnv({ NODE_ENV: 'test' }),
      io: { stdout: stdout.stream, stderr: stderr.stream, env: {} },
      now: new Date('2026-11-27T12:00:00-03:00'),
    });
    expect(code).toBe(0);
    expect(stdout.text()).toContain('Pago');
    expect(stdout.text()).not.toContain('já foi importado');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cobranca/retornos?nome=CBR_BYTES.ret',
      payload: bytes,
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
    });
    expect(res.json()).toMatchObject({
      message: 'Este retorno já foi importado; nada foi alterado.',
      data: { ja_importado: true, nome_arquivo: 'CBR_BYTES.ret', linhas: [{ resultado: 'applied' }] },
    });
  });
});

/** João's instalments as Meus Acordos (`passo_5`) answers them, in every agreement. */
const shownInstalments = async (): Promise<Instalment[]> =>
  (await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie: joao }))
    .json()
    .dados.acordos.flatMap((a: { dadosAcordo: { parcelas: Instalment[] } }) => a.dadosAcordo.parcelas);

/**
 * Meus Acordos once each of `charges`' instalments has its next boleto: the import runs the `reissue-boletos` job's
 * work itself after its answer (decision 065), nobody runs it here. The charges are polled (Meus Acordos has a per-minute
 * limit), then Meus Acordos is asked once.
 */
async function renewedInstalments(...charges: (typeof paymentCharges.$inferSelect)[]): Promise<Instalment[]> {
  await vi.waitFor(
    async () => {
      for (const charge of charges) {
        const issues = await t.database.db
          .select({ id: paymentCharges.id })
          .from(paymentCharges)
          .where(eq(paymentCharges.instalmentId, charge.instalmentId));
        expect(issues.length).toBeGreaterThan(1);
      }
    },
    { timeout: 10_000, interval: 50 },
  );
  const shown = await shownInstalments();
  for (const charge of charges) {
    const line = shown.find((p) => p.aci_codigo === charge.instalmentId)?.linha_digitavel;
    expect(line).toBeTruthy();
    expect(line).not.toBe(charge.digitableLine);
  }
  return shown;
}

describe('a boleto the bank rejected (03) or wrote off (09) is re-issued (decision 021)', () => {
  it('right after the import: its PIX is cancelled at the PSP with the retorno line as cause, then a new boleto goes to the next remessa', async () => {
    const db = t.database.db;
    const today = todayInBrasilia();
    const rejected = await openBoleto(db, '2027-05-10', 11_000);
    // Due in the past: its new boleto falls due today.
    const writtenOff = await openBoleto(db, '2026-10-01', 12_000);
    expect((await generate()).statusCode).toBe(201);
    const refusals = [
      { ...liquidation(rejected.charge, 0), movement: '03', reasons: ['48'], creditOn: null },
      { ...liquidation(writtenOff.charge, 0), movement: '09', creditOn: null },
    ];
    const content = await retornoOf(rejected.charge, refusals, 970);
    const imported = await upload(content);
    expect(imported.json().data).toMatchObject({
      linhas: [{ resultado: 'rejected' }, { resultado: 'written_off' }],
    });
    const fileId = imported.json().data.arquivo_id;

    const shown = await renewedInstalments(rejected.charge, writtenOff.charge);

    const renewed: (typeof paymentCharges.$inferSelect)[] = [];
    const pix = await createPixServices({ db, env: loadEnv({ NODE_ENV: 'test' }), log: t.app.log });
    try {
      const { client } = await pix.gatewayFor(rejected.charge.storeId);
      for (const [{ charge, instalment }, line, movement, dueDate] of [
        [rejected, 3, '03', '2027-05-10'],
        [writtenOff, 5, '09', today],
      ] as const) {
        const charges = await db
          .select()
          .from(paymentCharges)
          .where(eq(paymentCharges.instalmentId, instalment.id))
          .orderBy(paymentCharges.issue);
        expect(charges.map((c) => c.issue)).toEqual([1, 2]);
        const fresh = charges[1]!;
        renewed.push(fresh);
        expect(fresh).toMatchObject({ kind: 'boleto', dueDate, amountCents: charge.amountCents });
        expect(fresh.ourNumber).not.toBe(charge.ourNumber);
        expect(fresh.txid).not.toBe(charge.txid);
        // The old boleto's PIX no longer takes payment; the new one's does.
        expect((await client.getCobv(charge.txid!)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
        expect((await client.getCobv(fresh.txid!)).status).toBe('ATIVA');
        expect(
          (await db.select().from(paymentEvents).where(eq(paymentEvents.instalmentId, instalment.id))).map(
            (e) => [e.chargeId, e.kind, e.cause],
          ),
        ).toEqual([[charge.id, 'charge_cancelled', `retorno:${fileId}:${line}:${movement}`]]);
        // Meus Acordos shows the new boleto.
        expect(shown.find((p: Instalment) => p.aci_codigo === instalment.id)).toMatchObject({
          linha_digitavel: fresh.digitableLine,
        });
      }

      // The same retorno again, and the job again: nothing more.
      expect((await upload(content)).json().data).toMatchObject({ ja_importado: true });
      expect(await reissueRefusedBoletos(db, pix.providers, new Date(), t.app.log)).toBe(0);
      for (const { instalment } of [rejected, writtenOff])
        expect(
          await db.select().from(paymentCharges).where(eq(paymentCharges.instalmentId, instalment.id)),
        ).toHaveLength(2);
    } finally {
      await pix.close();
    }

    // The next remessa registers the new boletos (movement 01), and asks no write-off of the refused ones.
    const res = await generate();
    expect(res.statusCode).toBe(201);
    const [file] = await db.select().from(cnabFiles).where(eq(cnabFiles.id, res.json().data[0].id));
    const read = readRemessa(file!.content);
    const titles = read.ok ? read.titles.map((title) => [title.movement, title.ourNumber]) : [];
    expect(titles).toEqual(expect.arrayContaining(renewed.map((charge) => ['01', charge.ourNumber])));
    for (const { charge } of [rejected, writtenOff])
      expect(titles.map(([, ourNumber]) => ourNumber)).not.toContain(charge.ourNumber);
  });
});

describe('a boleto liquidated for less than its value ends (decision 049)', () => {
  it('right after the import: its PIX is removed at the PSP and Meus Acordos offers a new document for the whole value, once', async () => {
    const db = t.database.db;
    const { agreement, instalment, charge } = await openBoleto(db, '2027-05-12', 10_000);
    const content = await retornoOf(charge, [liquidation(charge, 9_000)], 980);
    const imported = await upload(content);
    expect(imported.json().data.linhas).toMatchObject([{ resultado: 'underpaid' }]);
    const fileId = imported.json().data.arquivo_id;
    const shownOf = async () =>
      (await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie: joao }))
        .json()
        .dados.acordos.flatMap((a: { dadosAcordo: { parcelas: Instalment[] } }) => a.dadosAcordo.parcelas)
        .find((p: Instalment) => p.aci_codigo === instalment.id) as Instalment & { pix_copia_cola: string };
    // The boletos a retorno ended are replaced by the reissue job's work, as refused ones are.
    await renewedInstalments(charge);
    const pix = await createPixServices({ db, env: loadEnv({ NODE_ENV: 'test' }), log: t.app.log });
    try {
      const charges = await db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.instalmentId, instalment.id))
        .orderBy(paymentCharges.issue);
      expect(charges.map((c) => [c.issue, c.amountCents])).toEqual([
        [1, 10_000],
        [2, 10_000],
      ]);
      const fresh = charges[1]!;
      // The bank took the old boleto once and its PIX no longer takes payment: one document, one state.
      const { client } = await pix.gatewayFor(charge.storeId);
      expect((await client.getCobv(charge.txid!)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect((await client.getCobv(fresh.txid!)).status).toBe('ATIVA');
      expect(
        (await db.select().from(paymentEvents).where(eq(paymentEvents.instalmentId, instalment.id))).map(
          (e) => [e.chargeId, e.kind, e.amountCents, e.cause],
        ),
      ).toEqual([
        [charge.id, 'unapplied', 9_000, `cnab:${fileId}:3`],
        [charge.id, 'charge_cancelled', null, `cnab-short:${fileId}:3`],
      ]);
      const shown = await shownOf();
      expect(shown).toMatchObject({ linha_digitavel: fresh.digitableLine, pix_copia_cola: fresh.pixCode });
      expect(shown.linha_digitavel).not.toBe(charge.digitableLine);

      // The same file again, another file telling the same liquidation, and the job again: nothing more.
      expect((await upload(content)).json().data).toMatchObject({ ja_importado: true });
      const resent = await upload(await retornoOf(charge, [liquidation(charge, 9_000)], 981));
      expect(resent.json().data.linhas).toMatchObject([{ resultado: 'duplicate' }]);
      expect(await reissueRefusedBoletos(db, pix.providers, new Date(), t.app.log)).toBe(0);
      expect(
        await db.select().from(paymentCharges).where(eq(paymentCharges.instalmentId, instalment.id)),
      ).toHaveLength(2);
      expect(await shownOf()).toMatchObject({ linha_digitavel: fresh.digitableLine });
    } finally {
      await pix.close();
      await db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.id, agreement.id));
    }
  });
});

describe('two retorno files imported at once', () => {
  it('paying instalments of the same persons in opposite orders: both are imported, each payment recorded once', async () => {
    // Each title settles its agreement, which raises its person's debts_version (migration 0008's trigger): on
    // PostgreSQL the two uploads run on two pooled connections, and files paying the same persons in opposite
    // orders must not lock those rows in a cycle (a deadlock failed one import with a 500).
    const db = t.database.db;
    const people = await db.select({ cpfCnpj: persons.cpfCnpj }).from(persons).orderBy(persons.id).limit(6);
    const forward: (typeof paymentCharges.$inferSelect)[] = [];
    const backward: (typeof paymentCharges.$inferSelect)[] = [];
    for (const [i, { cpfCnpj }] of people.entries()) {
      forward.push((await openBoleto(db, '2027-06-10', 1_000 + i, cpfCnpj)).charge);
      backward.unshift((await openBoleto(db, '2027-06-11', 2_000 + i, cpfCnpj)).charge);
    }
    const files = [
      await retornoOf(
        forward[0]!,
        forward.map((charge) => liquidation(charge, charge.amountCents)),
        980,
      ),
      await retornoOf(
        backward[0]!,
        backward.map((charge) => liquidation(charge, charge.amountCents)),
        981,
      ),
    ];

    const answers = await Promise.all(files.map((content) => upload(content)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    // Each report lists its lines in the file's order.
    for (const [res, charges] of [
      [answers[0]!, forward],
      [answers[1]!, backward],
    ] as const)
      expect(
        res
          .json()
          .data.linhas.map((l: { linha: number; nosso_numero: string; resultado: string }) => [
            l.linha,
            l.nosso_numero,
            l.resultado,
          ]),
      ).toEqual(charges.map((charge, i) => [3 + 2 * i, charge.ourNumber, 'applied']));
    const charges = [...forward, ...backward];
    const events = await db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.chargeId,
          charges.map((charge) => charge.id),
        ),
      );
    expect(events.map((e) => [e.chargeId, e.kind]).sort()).toEqual(
      charges.map((charge) => [charge.id, 'paid']).sort(),
    );
  });
  it('telling the same short liquidation: the money is kept as unapplied once', async () => {
    // A short liquidation locks no agreement (it pays nothing): the convênio's lock keeps a second file's import
    // waiting until the first has recorded it, so the second reads it as told already.
    const { charge } = await openBoleto(t.database.db, '2027-06-12', 10_000);
    const files = [
      await retornoOf(charge, [liquidation(charge, 9_000)], 990),
      await retornoOf(charge, [{ ...liquidation(charge, 9_000), feeCents: 190 }], 991),
    ];
    const answers = await Promise.all(files.map((content) => upload(content)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().data.linhas[0].resultado).sort()).toEqual([
      'duplicate',
      'underpaid',
    ]);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.chargeId, charge.id));
    // The short-paid boleto's end (decision 049) may already be recorded by the work the upload runs after answering.
    const money = events.filter((e) => e.kind !== 'charge_cancelled');
    expect(money.map((e) => [e.kind, e.amountCents])).toEqual([['unapplied', 9_000]]);
  });
});

describe('unapplied money recorded before events said why (migration 0045, decision 064)', () => {
  it('gets the reason its retorno line tells, or its PIX below the charge; other money stays unknown', async () => {
    const db = t.database.db;
    const { instalment, charge } = await openBoleto(db, '2026-12-09', 10_000);
    const older = (cause: string, amountCents: number) => ({
      instalmentId: instalment.id,
      chargeId: charge.id,
      kind: 'unapplied' as const,
      amountCents,
      occurredOn: '2026-11-25',
      cause,
    });
    const [short, again] = await db
      .insert(paymentEvents)
      .values([older('pix:E0045SHORT', 9_000), older('pix:E0045AGAIN', 10_000)])
      .returning();
    const unappliedReasons = async () =>
      Object.fromEntries(
        (await db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'unapplied'))).map((e) => [
          e.id,
          e.unappliedReason,
        ]),
      );
    // The retorno liquidations of the tests above, each recorded with its reason.
    const recorded = await unappliedReasons();
    expect(Object.values(recorded)).toEqual(
      expect.arrayContaining(['underpaid', 'agreement_cancelled', 'already_paid']),
    );
    await db.update(paymentEvents).set({ unappliedReason: null }).where(eq(paymentEvents.kind, 'unapplied'));
    const migration = readFileSync(
      new URL('../src/db/migrations/0045_unapplied_reason.sql', import.meta.url),
      'utf8',
    );
    // Its statements after the column's, as the migrator runs them: in one transaction.
    await db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint').slice(1))
        await tx.execute(sql.raw(statement));
    });
    expect(await unappliedReasons()).toEqual({ ...recorded, [short!.id]: 'underpaid', [again!.id]: null });
  });
});
