import {
  barcodeFromDigitableLine,
  type DividasResposta,
  dueDateFactor,
  formatBrDate,
  hasValidPixCrc,
  type PlanosResposta,
  type SegundaVia,
  todayInBrasilia,
} from '@portal/domain';
import { and, eq, isNotNull, like, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  localPspWebhooks,
  scheduledJobRuns,
  secondCopies,
  secondCopyCancellations,
  secondCopyPayments,
  stores,
  unmatchedPixPayments,
} from '../src/db/schema';
import { loadEnv } from '../src/env';
import type { Cobv, PixApiClient } from '../src/integrations/payments/pix-api/client';
import { COBV_PROVIDERS, createPixServices } from '../src/integrations/payments/pix-api/pix-services';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { chargeBeneficiary } from '../src/services/agreements/issue-due-charges';
import { pixWebhookToken } from '../src/services/payments/pix-webhook-token';
import { reconcilePixCharges } from '../src/services/payments/reconcile-pix-charges';
import { liquidateCopy } from './cnab-helpers';
import { call, hostOf, JOAO, lastMessage, login, MARIA, stepsLogged } from './identification-helpers';
import { clearOfMidnight } from './pinned-clock';
import { pixChargeAt } from './pix-helpers';
import { createTestApp, NO_CVS, type TestApp } from './test-app';

// Second copies (spec 001 §2 details PDF icon, §7 second-copy calls, §8 messages; issue 4 §3).

const SECRET = 'segredo-dos-webhooks-de-teste';

/** Longer than this file takes on a loaded machine. */
const FILE_MINUTES = 5;

let t: TestApp;
let maria: string;
let cards: DividasResposta['dividas'];
let today: string;
beforeAll(
  async () => {
    // The real date, as the database's now() takes part (the reconciliation windows): one day's for the whole file.
    await clearOfMidnight(FILE_MINUTES * 60_000);
    today = todayInBrasilia();
    t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
    maria = await login(t, MARIA);
    cards = (
      await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria })
    ).json().dados.dividas;
  },
  (FILE_MINUTES + 1) * 60_000,
);
afterAll(async () => {
  await t?.close();
});

const demo = (action: string, body: Record<string, unknown>, cookie = maria) =>
  call(t, `negociacao_robo/${action}`, body, { host: hostOf('demo'), cookie });
const card = (store: string) => cards.find((c) => c.loja.loj_fantasia === store)!;
const pdf = (path: string, cookie = maria) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: hostOf('demo'), cookie } });

describe('emitir_segunda_via_boleto: the PDF icon of the details table', () => {
  it('marks the stores that issue second copies', () => {
    expect(card('Alfa Eletro').loja.loj_emite_segunda_via_boleto_recupera).toBe('S');
    expect(card('Banco Horizonte').loja.loj_emite_segunda_via_boleto_recupera).toBe('N');
  });

  it('issues an overdue instalment due today for its updated value, with a valid line and PIX code', async () => {
    const alfa = card('Alfa Eletro');
    const overdue = alfa.contratos[0]!.parcelas[0]!;
    expect(overdue.fase).toBeGreaterThan(0);
    const res = await demo('emitir_segunda_via_boleto', {
      par_codigo: overdue.par_codigo,
      loj_codigo: alfa.loj_codigo,
    });
    const item = res.json().dados;
    expect(res.json().retorno).toBe(true);
    expect(item).toMatchObject({
      par_codigo: overdue.par_codigo,
      par_prestacao: overdue.par_prestacao,
      par_vencimento: today,
      par_valor: overdue.corrigido,
      contrato: alfa.contratos[0]!.con_contrato,
    });
    // The line decodes to a barcode of Banco do Brasil, in reais, due today, for the updated value.
    const barcode = barcodeFromDigitableLine(item.linha_digitavel_segunda_via)!;
    expect(barcode.slice(0, 4)).toBe('0019');
    expect(barcode.slice(5, 9)).toBe(dueDateFactor(today));
    expect(Number(barcode.slice(9, 19))).toBe(overdue.corrigido);
    // The nosso número carries the store's convênio (first 7 digits of its CNPJ in the demo).
    expect(barcode.slice(25, 32)).toBe(alfa.loja.loj_cpf_cnpj.replace(/\D/g, '').slice(0, 7));
    expect(hasValidPixCrc(item.pix_copia_cola_segunda_via)).toBe(true);
    // Its PIX is a charge with the due date at the PSP (dynamic BR Code): the same amount, due the same day.
    const { payload } = await pixChargeAt(t.app, item.pix_copia_cola_segunda_via);
    expect(payload.valor.original).toBe((overdue.corrigido / 100).toFixed(2));
    expect(payload.calendario.dataDeVencimento).toBe(today);

    // Asking again the same day gives the same boleto.
    const again = await demo('emitir_segunda_via_boleto', {
      par_codigo: overdue.par_codigo,
      loj_codigo: alfa.loj_codigo,
    });
    expect(again.json().dados.codigo).toBe(item.codigo);
  });

  it('serves the PDF to the session that owns it only', async () => {
    const alfa = card('Alfa Eletro');
    const parcela = alfa.contratos[0]!.parcelas[0]!;
    const { caminho_completo_boleto: path } = (
      await demo('emitir_segunda_via_boleto', { par_codigo: parcela.par_codigo, loj_codigo: alfa.loj_codigo })
    ).json().dados;
    const own = await pdf(path);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(own.rawPayload.length).toBeGreaterThan(5_000);

    expect((await pdf(path, '')).statusCode).toBe(401);
    const joao = await login(t, JOAO);
    // Another person's code is a file that does not exist for them: 404, never a 200 with an error body.
    const other = await pdf(path, joao);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).not.toBe('application/pdf');
    expect(other.json()).toMatchObject({ retorno: false, mensagem: 'Arquivo não encontrado.' });
  });

  it('is the same copy on another partner serving its store, whose PDF that partner serves; not on one that does not', async () => {
    const alfa = card('Alfa Eletro');
    const body = { par_codigo: alfa.contratos[0]!.parcelas[0]!.par_codigo, loj_codigo: alfa.loj_codigo };
    const issued = (await demo('emitir_segunda_via_boleto', body)).json().dados;
    // negocie serves Alfa Eletro too (seed): the person's copy of the day is handed out there as well.
    const negocie = await login(t, MARIA, 'negocie');
    const there = await call(t, 'negociacao_robo/emitir_segunda_via_boleto', body, {
      host: hostOf('negocie'),
      cookie: negocie,
    });
    expect(there.json().dados.codigo).toBe(issued.codigo);
    const file = (host: string, cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: issued.caminho_completo_boleto,
        headers: { host: hostOf(host), cookie },
      });
    const served = await file('negocie', negocie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    // acme does not serve Alfa Eletro: the same person's copy is no file there.
    expect((await file('acme', await login(t, MARIA, 'acme'))).statusCode).toBe(404);
  });

  it("refuses a store that issues none, and another person's instalment", async () => {
    const banco = card('Banco Horizonte');
    expect(
      (
        await demo('emitir_segunda_via_boleto', {
          par_codigo: banco.contratos[0]!.parcelas[0]!.par_codigo,
          loj_codigo: banco.loj_codigo,
        })
      ).json(),
    ).toMatchObject({ retorno: false, mensagem: 'Esta loja não emite 2ª via de boleto pelo portal.' });
    const alfa = card('Alfa Eletro');
    const joao = await login(t, JOAO);
    const res = await demo(
      'emitir_segunda_via_boleto',
      { par_codigo: alfa.contratos[0]!.parcelas[0]!.par_codigo, loj_codigo: alfa.loj_codigo },
      joao,
    );
    expect(res.json().retorno).toBe(false);
    expect(res.json().mensagem).toMatch(/^(Parcela|Contrato) não encontrad[ao]\.$/);
  });
});

describe('emitir_segunda_via_boleto_recupera_sysopen: the second copies of a card', () => {
  it('lists every open instalment of the contracts; those not yet due keep their date and value', async () => {
    const alfa = card('Alfa Eletro');
    const res = await demo('emitir_segunda_via_boleto_recupera_sysopen', {
      loj_codigo: alfa.loj_codigo,
      con_codigos: alfa.contratos.map((c) => c.con_codigo).join(','),
    });
    const items = res.json().dados.segundas_vias;
    const parcelas = alfa.contratos.flatMap((c) => c.parcelas);
    expect(items).toHaveLength(parcelas.length);
    for (const [index, parcela] of parcelas.entries()) {
      expect(items[index]).toMatchObject({
        par_codigo: parcela.par_codigo,
        par_valor: parcela.corrigido,
        par_vencimento: parcela.fase > 0 ? today : parcela.par_vencimento,
      });
    }
  });

  it('answers an empty list for a store that issues none', async () => {
    const banco = card('Banco Horizonte');
    const res = await demo('emitir_segunda_via_boleto_recupera_sysopen', {
      loj_codigo: banco.loj_codigo,
      con_codigos: banco.contratos[0]!.con_codigo,
    });
    expect(res.json()).toMatchObject({ retorno: true, dados: { segundas_vias: [] } });
  });
});

const MARIA_DIGITS = '52998224725';

describe('enviar_email_sms: the second copy by SMS or e-mail', () => {
  let codigo: number;
  let line: string;
  beforeAll(async () => {
    const alfa = card('Alfa Eletro');
    const item = (
      await demo('emitir_segunda_via_boleto', {
        par_codigo: alfa.contratos[0]!.parcelas[0]!.par_codigo,
        loj_codigo: alfa.loj_codigo,
      })
    ).json().dados;
    codigo = item.codigo;
    line = item.linha_digitavel_segunda_via;
  });
  const send = (tipoEnvio: string, enderecoEnvio: string, cookie = maria) =>
    demo('enviar_email_sms', { codigo, tipoEnvio, enderecoEnvio }, cookie);

  it('sends the stored line and PIX code by SMS to an 11-digit phone', async () => {
    expect((await send('sms', '(11) 9876-5432')).json()).toMatchObject({
      retorno: false,
      mensagem: 'Digite um celular válido',
    });
    // Step 100 (spec 001 §4) counts a sent copy: the refused one logs nothing.
    expect(await stepsLogged(t, 100, MARIA_DIGITS)).toBe(0);
    expect((await send('sms', '(11) 91234-5678')).json()).toMatchObject({
      retorno: true,
      mensagem: 'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
    });
    expect(await stepsLogged(t, 100, MARIA_DIGITS)).toBe(1);
    const sms = await lastMessage(t, 'sms');
    expect(sms).toMatchObject({ recipient: '11912345678', template: 'second-copy' });
    expect(sms!.bodyText).toContain(line);
  });

  it('sends it by e-mail to a valid address', async () => {
    expect((await send('email', 'maria@exemplo')).json()).toMatchObject({
      retorno: false,
      mensagem: 'Erro ao enviar o e-mail. Verifique se o seu e-mail está correto e tente novamente.',
    });
    expect(await stepsLogged(t, 101, MARIA_DIGITS)).toBe(0);
    expect((await send('email', 'maria@exemplo.com.br')).json()).toMatchObject({
      retorno: true,
      mensagem: 'E-mail enviado com sucesso.',
    });
    expect(await stepsLogged(t, 101, MARIA_DIGITS)).toBe(1);
    const email = await lastMessage(t, 'email');
    expect(email).toMatchObject({ recipient: 'maria@exemplo.com.br', template: 'second-copy' });
    expect(email!.bodyText).toContain(line);
    expect(email!.bodyHtml).toContain('2ª via');
  });

  it("cannot send another person's second copy", async () => {
    const joao = await login(t, JOAO);
    expect((await send('email', 'joao@exemplo.com', joao)).json()).toMatchObject({
      retorno: false,
      mensagem: 'Parcela não encontrada.',
    });
  });
});

/** Imports a retorno (its NSA `sequence`) whose one title liquidates the copy's boleto for `paidCents`. */
const liquidate = (copy: typeof secondCopies.$inferSelect, sequence: number, paidCents: number) =>
  liquidateCopy(t.database.db, copy, sequence, paidCents);

describe('a paid second copy (issue 17): its PIX or boleto is its payment, shown PAGO, with no new copy', () => {
  const alfa = () => card('Alfa Eletro');
  const panel = async () =>
    (
      await demo('emitir_segunda_via_boleto_recupera_sysopen', {
        loj_codigo: alfa().loj_codigo,
        con_codigos: alfa().contratos[0]!.con_codigo,
      })
    ).json().dados.segundas_vias as SegundaVia[];
  const issue = async (parcela: { par_codigo: number }) => {
    const res = await demo('emitir_segunda_via_boleto', {
      par_codigo: parcela.par_codigo,
      loj_codigo: alfa().loj_codigo,
    });
    const [copy] = await t.database.db
      .select()
      .from(secondCopies)
      .where(eq(secondCopies.id, res.json().dados.codigo));
    return { item: res.json().dados as SegundaVia, copy: copy! };
  };
  const paymentsOf = (copyId: number) =>
    t.database.db.select().from(secondCopyPayments).where(eq(secondCopyPayments.secondCopyId, copyId));
  const copiesOf = async (instalmentId: number) =>
    (await t.database.db.select().from(secondCopies).where(eq(secondCopies.instalmentId, instalmentId)))
      .length;

  it('keeps the txid of its PIX; the PIX notified 5 times is one payment, never unmatched', async () => {
    const parcela = alfa().contratos[0]!.parcelas[0]!;
    const { item, copy } = await issue(parcela);
    const { payload } = await pixChargeAt(t.app, item.pix_copia_cola_segunda_via!);
    expect(copy.txid).toBe(payload.txid);

    const pix = {
      endToEndId: 'E99999999202611260130SEGVIA0001',
      txid: copy.txid,
      valor: (copy.amountCents / 100).toFixed(2),
      // 01:30 UTC on the 26th is still the 25th in Brasília.
      horario: '2026-11-26T01:30:00.000Z',
    };
    const url = `/webhooks/pix/${pixWebhookToken(SECRET, copy.storeId)}/pix`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url, payload: { pix: [pix] } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await paymentsOf(copy.id)).toEqual([
      expect.objectContaining({
        amountCents: copy.amountCents,
        occurredOn: '2026-11-25',
        cause: `pix:${pix.endToEndId}`,
      }),
    ]);
    expect(
      await t.database.db
        .select()
        .from(unmatchedPixPayments)
        .where(eq(unmatchedPixPayments.endToEndId, pix.endToEndId)),
    ).toEqual([]);

    // The panel shows it PAGO with nothing to pay again; the PDF icon issues no new copy.
    const copies = await copiesOf(parcela.par_codigo);
    expect((await panel()).find((i) => i.par_codigo === parcela.par_codigo)).toMatchObject({
      codigo: copy.id,
      status: 'P',
      linha_digitavel_segunda_via: null,
      pix_copia_cola_segunda_via: null,
      caminho_completo_boleto: null,
    });
    const again = await demo('emitir_segunda_via_boleto', {
      par_codigo: parcela.par_codigo,
      loj_codigo: alfa().loj_codigo,
    });
    expect(again.json()).toMatchObject({ retorno: false, mensagem: 'Esta parcela já foi paga.' });
    expect(await copiesOf(parcela.par_codigo)).toBe(copies);
    expect((await pdf(item.caminho_completo_boleto!)).json()).toMatchObject({
      retorno: false,
      mensagem: 'Esta parcela já foi paga.',
    });

    // The person's data export carries the payment.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/meus-dados.json',
      headers: { host: hostOf('demo'), cookie: maria },
    });
    const copyOut = (exported.json().segundasVias as { nossoNumero: string; pagamentos: unknown[] }[]).find(
      (c) => c.nossoNumero === copy.ourNumber,
    );
    expect(copyOut?.pagamentos).toEqual([
      { valorCentavos: copy.amountCents, data: '2026-11-25', meio: 'PIX' },
    ]);

    // Its boleto liquidated too: money received all the same, beyond the copy's value, so it paid nothing.
    const report = await liquidate(copy, 699, copy.amountCents);
    expect(report.lines.map((l) => l.outcome)).toEqual(['unapplied']);
    expect(await paymentsOf(copy.id)).toHaveLength(2);
  });

  it("applies a retorno's liquidation of its our-number as its payment, once", async () => {
    const parcela = (await panel()).find((i) => i.status !== 'P')!;
    const { copy } = await issue(parcela);
    const first = await liquidate(copy, 700, copy.amountCents);
    expect(first.lines.map((l) => l.outcome)).toEqual(['applied']);
    // Another file telling the same liquidation again pays nothing more.
    expect((await liquidate(copy, 701, copy.amountCents)).lines.map((l) => l.outcome)).toEqual(['duplicate']);
    expect(await paymentsOf(copy.id)).toEqual([
      expect.objectContaining({
        amountCents: copy.amountCents,
        occurredOn: '2026-11-25',
        cause: `cnab:${first.fileId}:${first.lines[0]!.line}`,
      }),
    ]);
    expect((await panel()).find((i) => i.par_codigo === parcela.par_codigo)?.status).toBe('P');
  });

  it('a copy whose PIX was paid short is not handed out again: its code pays nothing more', async () => {
    const parcela = (await panel()).find((i) => i.status !== 'P')!;
    const { copy } = await issue(parcela);
    const short = {
      endToEndId: 'E99999999202611260130SEGVIASHORT1',
      txid: copy.txid,
      valor: ((copy.amountCents - 100) / 100).toFixed(2),
      horario: '2026-11-26T01:30:00.000Z',
    };
    const url = `/webhooks/pix/${pixWebhookToken(SECRET, copy.storeId)}/pix`;
    expect((await t.app.inject({ method: 'POST', url, payload: { pix: [short] } })).statusCode).toBe(200);
    expect(await paymentsOf(copy.id)).toMatchObject([{ amountCents: copy.amountCents - 100 }]);
    // The cobv is concluded at the PSP: asked again, the instalment gets its next copy, for its whole value.
    const { item, copy: next } = await issue(parcela);
    expect(next.id).not.toBe(copy.id);
    expect(next.amountCents).toBe(copy.amountCents);
    expect(item.pix_copia_cola_segunda_via).not.toBe(copy.pixCode);
  });

  it('keeps a liquidation paying less than the copy as its money, and ends the copy: the next request issues the next one', async () => {
    const parcela = (await panel()).find((i) => i.status !== 'P')!;
    const { copy } = await issue(parcela);
    const report = await liquidate(copy, 702, copy.amountCents - 1);
    expect(report.lines.map((l) => l.outcome)).toEqual(['underpaid']);
    expect(await paymentsOf(copy.id)).toEqual([
      expect.objectContaining({
        amountCents: copy.amountCents - 1,
        cause: `cnab:${report.fileId}:${report.lines[0]!.line}`,
      }),
    ]);
    expect((await panel()).find((i) => i.par_codigo === parcela.par_codigo)?.status).not.toBe('P');
    const services = await createPixServices({
      db: t.database.db,
      env: loadEnv({ NODE_ENV: 'test', PIX_WEBHOOK_SECRET: SECRET }),
      log: t.app.log,
    });
    const cancellations = () =>
      t.database.db
        .select()
        .from(secondCopyCancellations)
        .where(eq(secondCopyCancellations.secondCopyId, copy.id));
    try {
      const deps = {
        database: t.database,
        providers: services.providers,
        pix: { gatewayFor: services.gatewayFor, afterMinutes: 30 },
        log: t.app.log,
        cvDir: NO_CVS,
      };
      const reissueJob = SCHEDULED_JOBS.filter((job) => job.name === 'reissue-boletos');
      expect(await runDueJobs(deps, reissueJob)).toMatchObject([{ name: 'reissue-boletos', busy: false }]);
      // The bank took the copy's boleto once; its PIX no longer takes payment either: one document, one state.
      const { client } = await services.gatewayFor(copy.storeId);
      expect((await client.getCobv(copy.txid!)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(await cancellations()).toMatchObject([
        { cause: `cnab-short:${report.fileId}:${report.lines[0]!.line}` },
      ]);
      const { item, copy: next } = await issue(parcela);
      expect(next.id).not.toBe(copy.id);
      expect(next.amountCents).toBe(copy.amountCents);
      expect(item.linha_digitavel_segunda_via).not.toBe(copy.digitableLine);
      expect(item.pix_copia_cola_segunda_via).not.toBe(copy.pixCode);
      // The same file again, another file telling the same liquidation, and the job again: nothing more.
      expect((await liquidate(copy, 702, copy.amountCents - 1)).alreadyImported).toBe(true);
      expect((await liquidate(copy, 703, copy.amountCents - 1)).lines.map((l) => l.outcome)).toEqual([
        'duplicate',
      ]);
      expect(await runDueJobs(deps, reissueJob, new Date(Date.now() + 10 * 60_000))).toMatchObject([
        { name: 'reissue-boletos', busy: false },
      ]);
      expect(await cancellations()).toHaveLength(1);
      expect((await issue(parcela)).copy.id).toBe(next.id);
    } finally {
      await services.close();
    }
  });
});

describe('a second copy superseded by a newer one, and reconciliation of second copies (decision 025)', () => {
  const alfa = () => card('Alfa Eletro');
  const copyRow = async (id: number) =>
    (await t.database.db.select().from(secondCopies).where(eq(secondCopies.id, id)))[0]!;
  const cancellationsOf = (id: number) =>
    t.database.db.select().from(secondCopyCancellations).where(eq(secondCopyCancellations.secondCopyId, id));
  const paymentsOf = (id: number) =>
    t.database.db.select().from(secondCopyPayments).where(eq(secondCopyPayments.secondCopyId, id));
  /** The PSP's books as another process sees them (its own in-process PSP over the same database). */
  const pixServices = () =>
    createPixServices({
      db: t.database.db,
      env: loadEnv({ NODE_ENV: 'test', PIX_WEBHOOK_SECRET: SECRET }),
      log: t.app.log,
    });
  const reconcileJob = SCHEDULED_JOBS.filter((job) => job.name === 'reconcile-pix');

  let older: typeof secondCopies.$inferSelect;
  let newer: typeof secondCopies.$inferSelect;
  let contractId: number;

  it("a new copy of the instalment removes the older copy's PIX at the PSP and records why", async () => {
    // The second-copy panel of Alfa's first contract (copies of all its open instalments), then an instalment of
    // Alfa with no copy yet.
    await demo('emitir_segunda_via_boleto_recupera_sysopen', {
      loj_codigo: alfa().loj_codigo,
      con_codigos: alfa().contratos[0]!.con_codigo,
    });
    const copied = new Set((await t.database.db.select().from(secondCopies)).map((c) => c.instalmentId));
    const contract = cards
      .filter((c) => c.loja.loj_fantasia === 'Alfa Eletro')
      .flatMap((c) => c.contratos)
      .find((c) => c.parcelas.some((p) => !copied.has(p.par_codigo)))!;
    const parcela = contract.parcelas.find((p) => !copied.has(p.par_codigo))!;
    contractId = contract.con_codigo;
    const [anyCopy] = await t.database.db.select().from(secondCopies).limit(1);
    const services = await pixServices();
    try {
      // Yesterday's copy of the same instalment, issued as the provider issues one (a real cobv at the local PSP).
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const store = (await t.database.db.select().from(stores).where(eq(stores.id, alfa().loj_codigo)))[0]!;
      const issued = await services.providers.get('local')!.issueBoleto({
        reference: `sv:${parcela.par_codigo}:${yesterday}:1000`,
        storeId: store.id,
        dueDate: yesterday,
        amountCents: 1_000,
        beneficiary: chargeBeneficiary(store, 'Demo'),
        payer: { name: 'Maria da Silva Santos', document: '52998224725' },
      });
      older = (
        await t.database.db
          .insert(secondCopies)
          .values({
            partnerId: anyCopy!.partnerId,
            personId: anyCopy!.personId,
            storeId: store.id,
            instalmentId: parcela.par_codigo,
            dueDate: yesterday,
            amountCents: 1_000,
            ourNumber: issued.ourNumber!,
            barcode: issued.barcode!,
            digitableLine: issued.digitableLine!,
            pixCode: issued.pixCode,
            txid: issued.txid,
          })
          .returning()
      )[0]!;
      const { client } = await services.gatewayFor(store.id);
      expect((await client.getCobv(older!.txid!)).status).toBe('ATIVA');

      const res = await demo('emitir_segunda_via_boleto', {
        par_codigo: parcela.par_codigo,
        loj_codigo: alfa().loj_codigo,
      });
      newer = await copyRow(res.json().dados.codigo);
      expect(newer.id).toBeGreaterThan(older!.id);
      expect((await client.getCobv(older!.txid!)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect((await client.getCobv(newer.txid!)).status).toBe('ATIVA');
      expect(await cancellationsOf(older!.id)).toEqual([
        expect.objectContaining({ cause: `superseded:${newer.id}` }),
      ]);
      expect(await cancellationsOf(newer.id)).toEqual([]);
    } finally {
      await services.close();
    }
  });

  it("catches a second copy's lost PIX webhook in one run, once; the late webhook adds nothing", async () => {
    const saved = await t.database.db.select().from(localPspWebhooks);
    await t.database.db.update(localPspWebhooks).set({ url: 'http://localhost/perdido' });
    const services = await pixServices();
    try {
      const paid = await t.app.inject({
        method: 'POST',
        url: `/psp-local/sandbox/pay/${newer.txid}`,
        headers: { host: 'localhost' },
      });
      expect(paid.statusCode).toBe(200);
      const { pix } = paid.json() as { pix: { endToEndId: string; valor: string; horario: string } };
      expect(await paymentsOf(newer.id)).toEqual([]);

      // The scheduled job every server process runs: the copy's payment through the webhook's own path.
      const now = new Date(Date.now() + 60_000);
      const asked: string[] = [];
      const deps = {
        database: t.database,
        providers: services.providers,
        pix: {
          afterMinutes: 0,
          // The real local PSP, noting which txids it is asked about.
          gatewayFor: async (storeId: number) => {
            const gateway = await services.gatewayFor(storeId);
            const getCobv = (txid: string) => {
              asked.push(txid);
              return gateway.client.getCobv(txid);
            };
            return { ...gateway, client: { ...gateway.client, getCobv } };
          },
        },
        log: t.app.log,
        cvDir: NO_CVS,
      };
      expect(await runDueJobs(deps, reconcileJob, now)).toMatchObject([
        { name: 'reconcile-pix', busy: false },
      ]);
      expect(await paymentsOf(newer.id)).toEqual([
        expect.objectContaining({ amountCents: newer.amountCents, cause: `pix:${pix.endToEndId}` }),
      ]);
      // The superseded copy is cancelled: never asked about.
      expect(asked).toContain(newer.txid);
      expect(asked).not.toContain(older.txid);

      const again = await reconcilePixCharges(
        t.database.db,
        { providers: COBV_PROVIDERS, gatewayFor: services.gatewayFor, afterMinutes: 0, now },
        t.app.log,
      );
      expect(again.paid).toBe(0);
      const late = await t.app.inject({
        method: 'POST',
        url: `/webhooks/pix/${pixWebhookToken(SECRET, newer.storeId)}/pix`,
        payload: { pix: [{ ...pix, txid: newer.txid }] },
      });
      expect(late.statusCode).toBe(200);
      expect(await paymentsOf(newer.id)).toHaveLength(1);
      // The person sees it PAGO.
      const panel = await demo('emitir_segunda_via_boleto_recupera_sysopen', {
        loj_codigo: alfa().loj_codigo,
        con_codigos: contractId,
      });
      expect(
        (panel.json().dados.segundas_vias as SegundaVia[]).find((i) => i.codigo === newer.id),
      ).toMatchObject({ status: 'P' });
      // The debts' details table marks it paid (par_paga), and only it.
      const debts = (await demo('passo_2_novo', {})).json().dados as DividasResposta;
      const parcelas = debts.dividas.flatMap((d) => d.contratos.flatMap((c) => c.parcelas));
      expect(parcelas.find((p) => p.par_codigo === newer.instalmentId)?.par_paga).toBe(1);
      expect(parcelas.filter((p) => p.par_paga === 1).length).toBeLessThan(parcelas.length);
    } finally {
      await services.close();
      for (const row of saved)
        await t.database.db
          .update(localPspWebhooks)
          .set({ url: row.url })
          .where(eq(localPspWebhooks.key, row.key));
    }
  });

  /** Copies of open instalments of Alfa's first contract, issued through the panel (today's, one per instalment). */
  const openCopies = async (count: number) => {
    const panel = await demo('emitir_segunda_via_boleto_recupera_sysopen', {
      loj_codigo: alfa().loj_codigo,
      con_codigos: alfa().contratos[0]!.con_codigo,
    });
    const open = (panel.json().dados.segundas_vias as SegundaVia[]).filter((i) => i.status !== 'P');
    expect(open.length).toBeGreaterThanOrEqual(count);
    return Promise.all(open.slice(0, count).map((i) => copyRow(i.codigo)));
  };
  /** The reconcile-pix job on the real local PSP, asking (afterMinutes 30) only about what needs no waiting. */
  const reconcileWith = async (services: Awaited<ReturnType<typeof pixServices>>, asked: string[] = []) => {
    const deps = {
      database: t.database,
      providers: services.providers,
      pix: {
        afterMinutes: 30,
        gatewayFor: async (storeId: number) => {
          const gateway = await services.gatewayFor(storeId);
          const getCobv = (txid: string) => {
            asked.push(txid);
            return gateway.client.getCobv(txid);
          };
          return { ...gateway, client: { ...gateway.client, getCobv } };
        },
      },
      log: t.app.log,
      cvDir: NO_CVS,
    };
    // Due now whenever it last ran.
    await t.database.db
      .update(scheduledJobRuns)
      .set({ lastRunAt: new Date(0) })
      .where(eq(scheduledJobRuns.name, 'reconcile-pix'));
    expect(await runDueJobs(deps, reconcileJob, new Date(Date.now() + 60_000))).toMatchObject([
      { name: 'reconcile-pix', busy: false },
    ]);
    return asked;
  };

  it('a copy paid in full by its boleto: reconciliation removes its PIX at the PSP, once (decision 020)', async () => {
    const [copy] = await openCopies(1);
    expect((await liquidate(copy!, 710, copy!.amountCents)).lines.map((l) => l.outcome)).toEqual(['applied']);
    const services = await pixServices();
    try {
      const { client } = await services.gatewayFor(copy!.storeId);
      expect((await client.getCobv(copy!.txid!)).status).toBe('ATIVA');
      // Issued minutes ago, due today: asked about all the same, as its instalment is paid.
      expect(await reconcileWith(services)).toContain(copy!.txid);
      expect((await client.getCobv(copy!.txid!)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(await cancellationsOf(copy!.id)).toMatchObject([{ cause: 'reconcile:instalment-paid' }]);
      // Its boleto stays its payment; the next run does not ask about it again.
      expect(await paymentsOf(copy!.id)).toHaveLength(1);
      expect(await reconcileWith(services)).not.toContain(copy!.txid);
    } finally {
      await services.close();
    }
  });

  it('a copy paid by boleto, in full or short, whose PIX was paid too with its webhook lost: reconciliation records that PIX once', async () => {
    const [full, short] = await openCopies(2);
    await liquidate(full!, 711, full!.amountCents);
    // Short by boleto: the reissue-boletos job has not ended it yet when its PIX is paid.
    await liquidate(short!, 712, short!.amountCents - 1);
    const saved = await t.database.db.select().from(localPspWebhooks);
    await t.database.db.update(localPspWebhooks).set({ url: 'http://localhost/perdido' });
    const services = await pixServices();
    try {
      const pay = async (copy: typeof secondCopies.$inferSelect) => {
        const paid = await t.app.inject({
          method: 'POST',
          url: `/psp-local/sandbox/pay/${copy.txid}`,
          headers: { host: 'localhost' },
        });
        expect(paid.statusCode).toBe(200);
        return (paid.json() as { pix: { endToEndId: string; valor: string; horario: string } }).pix;
      };
      const copies = [full!, short!];
      const pixes = [await pay(full!), await pay(short!)];
      const recorded = (i: number) =>
        expect(paymentsOf(copies[i]!.id)).resolves.toEqual([
          expect.objectContaining({ cause: expect.stringMatching(/^cnab:/) }),
          expect.objectContaining({
            amountCents: copies[i]!.amountCents,
            cause: `pix:${pixes[i]!.endToEndId}`,
          }),
        ]);
      await reconcileWith(services);
      for (const i of [0, 1]) await recorded(i);
      // Asked no more, and the late webhooks add nothing.
      const asked = await reconcileWith(services);
      for (const [i, copy] of copies.entries()) {
        expect(asked).not.toContain(copy.txid);
        const late = await t.app.inject({
          method: 'POST',
          url: `/webhooks/pix/${pixWebhookToken(SECRET, copy.storeId)}/pix`,
          payload: { pix: [{ ...pixes[i], txid: copy.txid }] },
        });
        expect(late.statusCode).toBe(200);
        await recorded(i);
        // Concluded at the PSP, not removed: nothing to cancel there.
        expect(await cancellationsOf(copy.id)).toEqual([]);
      }
    } finally {
      await services.close();
      for (const row of saved)
        await t.database.db
          .update(localPspWebhooks)
          .set({ url: row.url })
          .where(eq(localPspWebhooks.key, row.key));
    }
  });

  it('pages charges, then copies, with a two-part cursor the scheduler keeps in the database', async () => {
    const now = new Date(Date.now() + 60_000);
    const open = await t.database.db
      .select()
      .from(secondCopies)
      .where(
        and(
          isNotNull(secondCopies.txid),
          notExists(
            t.database.db
              .select()
              .from(secondCopyCancellations)
              .where(eq(secondCopyCancellations.secondCopyId, secondCopies.id)),
          ),
          // A payment of its boleto leaves its PIX open at the PSP; one of its PIX closes it.
          notExists(
            t.database.db
              .select()
              .from(secondCopyPayments)
              .where(
                and(
                  eq(secondCopyPayments.secondCopyId, secondCopies.id),
                  like(secondCopyPayments.cause, 'pix:%'),
                ),
              ),
          ),
        ),
      )
      .orderBy(secondCopies.id);
    expect(open.length).toBeGreaterThanOrEqual(3);
    const asked: string[] = [];
    const client = {
      getCobv: async (txid: string) => {
        asked.push(txid);
        return { txid, status: 'ATIVA', chave: 'cobranca@loja.com.br' } as Cobv;
      },
    } as PixApiClient;
    const gatewayFor = async () => ({ client, key: 'cobranca@loja.com.br', registerWebhook: async () => {} });
    const base = { providers: COBV_PROVIDERS, gatewayFor, afterMinutes: 0, now };
    // A clock that moves 1 s at each look: the start, then one look before each PIX; so 2 are asked in 2.5 s.
    let ms = 0;
    const first = await reconcilePixCharges(
      t.database.db,
      { ...base, startAfter: { source: 'copies', afterId: 0 }, maxRunMs: 2_500, clock: () => (ms += 1000) },
      t.app.log,
    );
    expect(first).toMatchObject({ checked: 2, resumeAfter: { source: 'copies', afterId: open[1]!.id } });
    const rest = await reconcilePixCharges(
      t.database.db,
      { ...base, startAfter: first.resumeAfter! },
      t.app.log,
    );
    expect(rest).toMatchObject({ checked: open.length - 2, resumeAfter: null });
    expect(asked).toEqual(open.map((c) => c.txid));

    // The scheduler's job goes on from where the last run (on any process) stopped, kept in scheduled_job_runs.
    await t.database.db
      .insert(scheduledJobRuns)
      .values({
        name: 'reconcile-pix',
        lastRunAt: new Date(0),
        resumeAt: { source: 'copies', afterId: open.at(-2)!.id },
      })
      .onConflictDoUpdate({
        target: scheduledJobRuns.name,
        set: { lastRunAt: new Date(0), resumeAt: { source: 'copies', afterId: open.at(-2)!.id } },
      });
    asked.length = 0;
    const deps = {
      database: t.database,
      providers: new Map(),
      pix: { gatewayFor, afterMinutes: 0 },
      log: t.app.log,
      cvDir: NO_CVS,
    };
    await runDueJobs(deps, reconcileJob, now);
    expect(asked).toEqual([open.at(-1)!.txid]);
    // It finished: the next run starts from the beginning.
    const [run] = await t.database.db
      .select()
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.name, 'reconcile-pix'));
    expect(run!.resumeAt).toBeNull();
  });
});

/** An agreement paying the card's debt in full by boleto, first due today (passo_3_novo, then passo_4_novo). */
async function agreeInFull(debt: DividasResposta['dividas'][number]) {
  const [plan] = (
    (
      await demo('passo_3_novo', {
        lojCodigo: debt.loj_codigo,
        preCodigo: debt.pre_codigos.join(','),
        primeiroVencimento: formatBrDate(today),
        pagamentoAvistaPrazo: 'A',
        metodoPagamento: 'boleto',
      })
    ).json().dados as PlanosResposta
  ).pre_acordo;
  return demo('passo_4_novo', {
    praCodigo: plan!.pra_codigo,
    formaDePagamento: 'boleto',
    primeiroVencimento: formatBrDate(today),
  });
}

describe('an agreement closes the second copies of its contracts', () => {
  it('refuses a second copy of an instalment under an active agreement', async () => {
    const alfa = card('Alfa Eletro');
    const saved = await agreeInFull(alfa);
    expect(saved.json().retorno).toBe(true);
    try {
      const res = await demo('emitir_segunda_via_boleto', {
        par_codigo: alfa.contratos[0]!.parcelas[0]!.par_codigo,
        loj_codigo: alfa.loj_codigo,
      });
      expect(res.json()).toMatchObject({
        retorno: false,
        mensagem: 'Esta dívida já está em um acordo. Pague pelos boletos do acordo em Meus Acordos.',
      });
    } finally {
      await t.database.db
        .update(agreements)
        .set({ status: 'cancelled' })
        .where(eq(agreements.id, saved.json().dados.aco_codigo));
    }
    expect((await t.database.db.select().from(secondCopies)).length).toBeGreaterThan(0);
  });
});

describe('an agreement removes the PIX of its contracts’ second copies (helper-found: paid twice)', () => {
  it('cancels each open copy’s PIX at the PSP with the agreement as cause, so the copy can no longer be paid', async () => {
    // Bela Casa: the tests above made (and ended) agreements on Alfa, which already removed its copies.
    const bela = card('Bela Casa');
    await demo('emitir_segunda_via_boleto_recupera_sysopen', {
      loj_codigo: bela.loj_codigo,
      con_codigos: bela.contratos.map((c) => c.con_codigo).join(','),
    });
    const covered = new Set(bela.contratos.flatMap((c) => c.parcelas.map((p) => p.par_codigo)));
    const copies = async () =>
      (await t.database.db.select().from(secondCopies)).filter((c) => covered.has(c.instalmentId) && c.txid);
    const services = await createPixServices({
      db: t.database.db,
      env: loadEnv({ NODE_ENV: 'test', PIX_WEBHOOK_SECRET: SECRET }),
      log: t.app.log,
    });
    const { client } = await services.gatewayFor(bela.loj_codigo);
    const statusOf = async (txid: string) => (await client.getCobv(txid)).status;
    // Those that can still take a payment: ATIVA at the PSP, and no payment seen (a paid one is left as it is).
    const paid = new Set((await t.database.db.select().from(secondCopyPayments)).map((p) => p.secondCopyId));
    const open: (typeof secondCopies.$inferSelect)[] = [];
    for (const copy of await copies())
      if (!paid.has(copy.id) && (await statusOf(copy.txid!)) === 'ATIVA') open.push(copy);
    expect(open.length).toBeGreaterThan(0);

    const saved = await agreeInFull(bela);
    expect(saved.json().retorno).toBe(true);
    const agreementId = saved.json().dados.aco_codigo as number;
    try {
      for (const copy of open) {
        expect(await statusOf(copy.txid!)).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
        expect(
          await t.database.db
            .select()
            .from(secondCopyCancellations)
            .where(eq(secondCopyCancellations.secondCopyId, copy.id)),
        ).toEqual([expect.objectContaining({ cause: `agreement:${agreementId}` })]);
      }

      // A copy whose removal failed then (its PSP was away) is removed by reconciliation: the agreement supersedes it.
      const store = (await t.database.db.select().from(stores).where(eq(stores.id, bela.loj_codigo)))[0]!;
      const instalmentId = open[0]!.instalmentId;
      const issued = await services.providers.get('local')!.issueBoleto({
        reference: `sv:${instalmentId}:${today}:1234`,
        storeId: store.id,
        dueDate: today,
        amountCents: 1_234,
        beneficiary: chargeBeneficiary(store, 'Demo'),
        payer: { name: 'Maria da Silva Santos', document: '52998224725' },
      });
      const [missed] = await t.database.db
        .insert(secondCopies)
        .values({
          ...open[0]!,
          id: undefined,
          createdAt: undefined,
          amountCents: 1_234,
          ourNumber: issued.ourNumber!,
          barcode: issued.barcode!,
          digitableLine: issued.digitableLine!,
          pixCode: issued.pixCode,
          txid: issued.txid,
        })
        .returning();
      await reconcilePixCharges(
        t.database.db,
        {
          providers: COBV_PROVIDERS,
          gatewayFor: services.gatewayFor,
          afterMinutes: 0,
          now: new Date(Date.now() + 60_000),
        },
        t.app.log,
      );
      expect(await statusOf(missed!.txid!)).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(
        await t.database.db
          .select()
          .from(secondCopyCancellations)
          .where(eq(secondCopyCancellations.secondCopyId, missed!.id)),
      ).toEqual([expect.objectContaining({ cause: 'reconcile:superseded' })]);

      // The agreement ends the same day (a card declined, say): asked again, each copy is a new charge that takes
      // payment, never the one whose PIX the agreement removed (same instalment, date and value).
      await t.database.db
        .update(agreements)
        .set({ status: 'cancelled' })
        .where(eq(agreements.id, agreementId));
      const again = (
        await demo('emitir_segunda_via_boleto_recupera_sysopen', {
          loj_codigo: bela.loj_codigo,
          con_codigos: bela.contratos.map((c) => c.con_codigo).join(','),
        })
      ).json().dados.segundas_vias as SegundaVia[];
      const removed = new Set(open.map((c) => c.id));
      const reissued = again.filter((item) => open.some((c) => c.instalmentId === item.par_codigo));
      expect(reissued.length).toBeGreaterThan(0);
      for (const item of reissued) {
        expect(removed.has(item.codigo)).toBe(false);
        const [copy] = await t.database.db
          .select()
          .from(secondCopies)
          .where(eq(secondCopies.id, item.codigo));
        expect(copy!.issue).toBe(2);
        expect(item.pix_copia_cola_segunda_via).toBe(copy!.pixCode);
        expect(await statusOf(copy!.txid!)).toBe('ATIVA');
      }
    } finally {
      await services.close();
      await t.database.db
        .update(agreements)
        .set({ status: 'cancelled' })
        .where(eq(agreements.id, agreementId));
    }
  });
});
