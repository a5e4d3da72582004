import { addDays, todayInBrasilia } from '@portal/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreements,
  localPspWebhooks,
  paymentCharges,
  paymentEvents,
  unmatchedPixPayments,
} from '../src/db/schema';
import { loadEnv } from '../src/env';
import { type Cobv, type PixApiClient, PixApiError } from '../src/integrations/payments/pix-api/client';
import { createPixServices } from '../src/integrations/payments/pix-api/pix-services';
import { findStore } from '../src/repositories/debt-repository';
import { findOpenChargesOfCancelledAgreements } from '../src/repositories/lifecycle-repository';
import { insertCharge } from '../src/repositories/payment-repository';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runDueJobs } from '../src/scheduler/run-due-jobs';
import { chargeBeneficiary } from '../src/services/agreements/issue-due-charges';
import { cancelCharge } from '../src/services/payments/cancel-charge';
import { pixWebhookToken } from '../src/services/payments/pix-webhook-token';
import { reconcilePixCharges } from '../src/services/payments/reconcile-pix-charges';
import { recordInstalmentPayment } from '../src/services/payments/record-instalment-payment';
import { openBoleto } from './cnab-helpers';
import { call, hostOf, JOAO, login, MARIA } from './identification-helpers';
import { pixChargeAt } from './pix-helpers';
import { staffToken, unappliedReasonsListed } from './reports-helpers';
import { createTestApp, NO_CVS, type TestApp } from './test-app';

// Issue 17 items 1, 4 and 6 on the default provider: João's instalments get PIX charges with a due date at the local
// PSP the server hosts; its webhook is authenticated by the path's secret, records each payment once by endToEndId
// whatever the order or repetition; reconciliation catches a lost webhook once; the public location shows the payer
// masked.

const SECRET = 'segredo-dos-webhooks-de-teste';

interface Row {
  aci_codigo: number;
  status: string;
  vencimento: string;
  pix_copia_cola: string | null;
}

let t: TestApp;
let joao: string;
let rows: Row[];
let storeId: number;

const list = async (cookie = joao) =>
  (await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie })).json().dados.acordos as {
    loja: { loj_codigo: number };
    dadosAcordo: { parcelas: Row[] };
  }[];

const chargeOf = async (instalmentId: number) =>
  (
    await t.database.db.select().from(paymentCharges).where(eq(paymentCharges.instalmentId, instalmentId))
  )[0]!;

const eventsOf = (instalmentId: number) =>
  t.database.db.select().from(paymentEvents).where(eq(paymentEvents.instalmentId, instalmentId));

/** The local PSP pays `txid` as a payer's bank would, its webhook lost (sent to an address not the portal's). */
async function payWithWebhookLost(txid: string | null): Promise<{ endToEndId: string }> {
  await t.database.db.update(localPspWebhooks).set({ url: 'http://localhost/perdido' });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/psp-local/sandbox/pay/${txid}`,
    headers: { host: 'localhost' },
  });
  expect(paid.statusCode).toBe(200);
  return (paid.json() as { pix: { endToEndId: string } }).pix;
}

const notify = (token: string, pix: unknown[]) =>
  t.app.inject({ method: 'POST', url: `/webhooks/pix/${token}/pix`, payload: { pix } });

const pixOf = (txid: string, endToEndId: string, valor: string) => ({
  endToEndId,
  txid,
  valor,
  // 01:30 UTC on the 26th is still the 25th in Brasília.
  horario: '2026-11-26T01:30:00.000Z',
});

const reais = (cents: number) => (cents / 100).toFixed(2);

/** The same books seen from another process (the CLI's): its own in-process PSP over the same database. */
const anotherProcessPix = () =>
  createPixServices({
    db: t.database.db,
    env: loadEnv({ NODE_ENV: 'test', PIX_WEBHOOK_SECRET: SECRET }),
    log: t.app.log,
  });

/** Reconciliation of every open charge of the default providers, a minute from now, through `services`' PSP. */
const reconcileEveryCharge = (services: Awaited<ReturnType<typeof anotherProcessPix>>) => ({
  providers: ['local', 'pix-api'],
  gatewayFor: services.gatewayFor,
  afterMinutes: 0,
  now: new Date(Date.now() + 60_000),
});

beforeAll(async () => {
  t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  joao = await login(t, JOAO);
  const [agreement] = await list();
  storeId = agreement!.loja.loj_codigo;
  rows = agreement!.dadosAcordo.parcelas.filter((p) => p.status !== 'P' && p.pix_copia_cola);
  expect(rows.length).toBeGreaterThanOrEqual(1);
});
afterAll(async () => {
  await t?.close();
});

describe('the default provider gives every issued instalment a PIX charge with its due date', () => {
  it('a dynamic BR Code whose location holds the amount, the due date and the masked payer', async () => {
    for (const row of rows) {
      const charge = await chargeOf(row.aci_codigo);
      const { payload, header } = await pixChargeAt(t.app, row.pix_copia_cola!);
      expect(header.alg).toBe('ES256');
      expect(payload).toMatchObject({
        txid: charge.txid,
        valor: { original: reais(charge.amountCents) },
        calendario: { dataDeVencimento: row.vencimento },
        status: 'ATIVA',
        // BCB practice: the payer's CPF shows its 6 middle digits only, the name its first name and an initial.
        devedor: { nome: 'João L.', cpf: '***.533.447-**' },
      });
      expect(JSON.stringify(payload)).not.toContain('39053344705');
    }
  });

  it('the location is not a way into another charge: an unknown or guessed id is 404, the txid is not an id', async () => {
    const charge = await chargeOf(rows[0]!.aci_codigo);
    for (const id of ['0', '1', charge.txid!, 'ffffffffffffffffffffffffffffffff'])
      expect((await t.app.inject({ method: 'GET', url: `/psp-local/qr/v2/cobv/${id}` })).statusCode).toBe(
        404,
      );
  });
});

describe('POST /webhooks/pix/{token}/pix', () => {
  it('refuses a bad secret with 401 and records nothing', async () => {
    const charge = await chargeOf(rows[0]!.aci_codigo);
    const good = pixWebhookToken(SECRET, storeId);
    for (const token of [
      pixWebhookToken('outro-segredo-qualquer-1234', storeId),
      `${storeId}.${'A'.repeat(43)}`,
      String(storeId),
      `${good}x`,
    ]) {
      const res = await notify(token, [
        pixOf(charge.txid!, 'E99999999202611260130BADSECRET01', reais(charge.amountCents)),
      ]);
      expect(res.statusCode).toBe(401);
    }
    expect(await eventsOf(rows[0]!.aci_codigo)).toEqual([]);
  });

  it('answers 200 to an unknown txid, kept once as money of no charge; one of another store pays nothing', async () => {
    const charge = await chargeOf(rows[0]!.aci_codigo);
    const token = pixWebhookToken(SECRET, storeId);
    const unknownPix = pixOf('TXIDQUENAOEXISTENOPORTAL0000000', 'E99999999202611260130UNKNOWN0001', '1.00');
    const unreadable = { txid: 'TXIDQUENAOEXISTENOPORTAL0000000', valor: 'muito', horario: 'ontem' };
    for (let i = 0; i < 2; i++) expect((await notify(token, [unknownPix, unreadable])).statusCode).toBe(200);
    // A path of another store: its PSP cannot pay this store's charge.
    const other = await notify(pixWebhookToken(SECRET, storeId + 1000), [
      pixOf(charge.txid!, 'E99999999202611260130OTHERSTORE1', reais(charge.amountCents)),
    ]);
    expect(other.statusCode).toBe(200);
    const recorded = await t.database.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(paymentEvents.cause, [
          'pix:E99999999202611260130UNKNOWN0001',
          'pix:E99999999202611260130OTHERSTORE1',
        ]),
      );
    expect(recorded).toEqual([]);
    const kept = await t.database.db.select().from(unmatchedPixPayments).orderBy(unmatchedPixPayments.id);
    expect(kept).toEqual([
      expect.objectContaining({
        storeId,
        endToEndId: 'E99999999202611260130UNKNOWN0001',
        txid: 'TXIDQUENAOEXISTENOPORTAL0000000',
        amountCents: 100,
        paidAt: new Date('2026-11-26T01:30:00.000Z'),
        reason: 'unknown_txid',
        item: unknownPix,
      }),
      // Without an endToEndId it cannot be told apart from a retry: each delivery is kept.
      expect.objectContaining({
        storeId,
        endToEndId: null,
        amountCents: null,
        paidAt: null,
        reason: 'unreadable',
      }),
      expect.objectContaining({ storeId, endToEndId: null, reason: 'unreadable' }),
    ]);
  });

  it('refuses a body that is not a notification', async () => {
    for (const payload of [{}, { pix: 'x' }, { pix: [1] }])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/webhooks/pix/${pixWebhookToken(SECRET, storeId)}/pix`,
            payload,
          })
        ).statusCode,
      ).toBe(400);
  });

  it('the same payment 5 times, and out of order with an underpayment and a second payment: one payment', async () => {
    const row = rows[0]!;
    const charge = await chargeOf(row.aci_codigo);
    const token = pixWebhookToken(SECRET, storeId);
    const payment = pixOf(charge.txid!, 'E99999999202611260130PAYMENT0001', reais(charge.amountCents));
    const under = pixOf(charge.txid!, 'E99999999202611260130UNDERPAID01', reais(charge.amountCents - 1));
    const second = pixOf(charge.txid!, 'E99999999202611260130SECONDPAY01', reais(charge.amountCents));
    // The underpayment first, then the payment five times at once, then a batch in reverse order.
    expect((await notify(token, [under])).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(token, [payment])));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await notify(token, [second, payment, under])).statusCode).toBe(200);

    const events = await eventsOf(row.aci_codigo);
    const byKind = (kind: string) => events.filter((e) => e.kind === kind);
    expect(byKind('paid')).toEqual([
      expect.objectContaining({
        chargeId: charge.id,
        amountCents: charge.amountCents,
        cause: 'pix:E99999999202611260130PAYMENT0001',
        occurredOn: '2026-11-25',
      }),
    ]);
    // Money that did not pay the instalment is kept, each PIX once.
    expect(
      byKind('unapplied')
        .map((e) => e.cause)
        .sort(),
    ).toEqual(['pix:E99999999202611260130SECONDPAY01', 'pix:E99999999202611260130UNDERPAID01']);
    // The back office's list says why each paid nothing (decision 064).
    const reasons = await unappliedReasonsListed(t, await staffToken(t), '2026-11-25');
    expect(Object.fromEntries(byKind('unapplied').map((e) => [e.cause.slice(-11), reasons[e.id]]))).toEqual({
      UNDERPAID01: 'underpaid',
      SECONDPAY01: 'already_paid',
    });
    const shown = (await list())[0]!.dadosAcordo.parcelas.find((p) => p.aci_codigo === row.aci_codigo)!;
    expect(shown.status).toBe('P');
  });

  it('another source paying the instalment again (a boleto after the PIX, a card) is kept as unapplied, once', async () => {
    const row = rows[0]!;
    const charge = await chargeOf(row.aci_codigo);
    const boleto = {
      instalmentId: row.aci_codigo,
      chargeId: charge.id,
      kind: 'paid' as const,
      amountCents: charge.amountCents,
      occurredOn: '2026-11-27',
      cause: 'cnab:9999:3',
    };
    const card = { ...boleto, chargeId: null, kind: 'settled' as const, cause: 'card:ch_teste_repetido' };
    // As the CNAB retorno and the card outcome record theirs; each told twice, the liquidation again in another file
    // too (a bank liquidates a boleto once).
    for (const cause of ['cnab:9999:3', 'cnab:9999:3', 'cnab:10000:5']) {
      expect(await recordInstalmentPayment(t.database.db, { ...boleto, cause })).toBe(false);
      expect(await recordInstalmentPayment(t.database.db, card)).toBe(false);
    }
    const events = await eventsOf(row.aci_codigo);
    expect(events.filter((e) => e.kind === 'paid' || e.kind === 'settled')).toHaveLength(1);
    expect(
      events
        .filter((e) => e.cause === boleto.cause || e.cause === card.cause)
        .map((e) => [e.kind, e.chargeId, e.amountCents, e.occurredOn, e.cause]),
    ).toEqual([
      ['unapplied', charge.id, charge.amountCents, '2026-11-27', 'cnab:9999:3'],
      ['unapplied', null, charge.amountCents, '2026-11-27', 'card:ch_teste_repetido'],
    ]);
  });

  it('is not a way to pay someone else: Maria sees nothing of João’s payments', async () => {
    const maria = await login(t, MARIA);
    const mine = (await list(maria)).flatMap((a) => a.dadosAcordo.parcelas.map((p) => p.aci_codigo));
    expect(mine).not.toContain(rows[0]!.aci_codigo);
  });
});

describe('reconciliation', () => {
  it('catches a lost webhook exactly once, and the late webhook adds nothing', async () => {
    // The instalment after the one paid above: its PIX is issued now that the one before it is paid (spec 001 §4).
    const row = (await list())[0]!.dadosAcordo.parcelas.find((p) => p.status !== 'P' && p.pix_copia_cola)!;
    const charge = await chargeOf(row.aci_codigo);
    // The webhook is lost: the PSP notifies an address that is not the portal's.
    const pix = await payWithWebhookLost(charge.txid);
    expect(await eventsOf(row.aci_codigo)).toEqual([]);

    const services = await anotherProcessPix();
    const options = reconcileEveryCharge(services);
    try {
      // The scheduled job every server process runs asks the PSP and records the payment.
      const reconcileJob = SCHEDULED_JOBS.filter((job) => job.name === 'reconcile-pix');
      const deps = {
        database: t.database,
        providers: services.providers,
        pix: { gatewayFor: services.gatewayFor, afterMinutes: 0 },
        log: t.app.log,
        cvDir: NO_CVS,
      };
      expect(await runDueJobs(deps, reconcileJob, options.now)).toMatchObject([
        { name: 'reconcile-pix', busy: false },
      ]);
      expect(await eventsOf(row.aci_codigo)).toEqual([expect.objectContaining({ kind: 'paid' })]);
      const second = await reconcilePixCharges(t.database.db, options, t.app.log);
      expect(second.paid).toBe(0);
    } finally {
      await services.close();
    }
    const late = await notify(pixWebhookToken(SECRET, storeId), [
      pixOf(charge.txid!, pix.endToEndId, reais(charge.amountCents)),
    ]);
    expect(late.statusCode).toBe(200);
    expect(await eventsOf(row.aci_codigo)).toEqual([
      expect.objectContaining({
        kind: 'paid',
        cause: `pix:${pix.endToEndId}`,
        amountCents: charge.amountCents,
      }),
    ]);
  });

  it('a PIX paid after its agreement was cancelled, its webhook lost: kept once, then asked about no more', async () => {
    const { agreement, instalment, charge } = await openBoleto(
      t.database.db,
      addDays(todayInBrasilia(), 3),
      10_000,
    );
    const pix = await payWithWebhookLost(charge.txid);
    await t.database.db
      .update(agreements)
      .set({ status: 'cancelled' })
      .where(eq(agreements.id, agreement.id));
    const services = await anotherProcessPix();
    const options = reconcileEveryCharge(services);
    try {
      expect(await reconcilePixCharges(t.database.db, options, t.app.log)).toMatchObject({ unapplied: 1 });
      expect((await eventsOf(instalment.id)).map((e) => [e.kind, e.cause, e.unappliedReason])).toEqual([
        ['unapplied', `pix:${pix.endToEndId}`, 'agreement_cancelled'],
        ['charge_cancelled', `pix-cancelled:${pix.endToEndId}`, null],
      ]);
      // Its cobv is concluded: neither reconciliation nor the cancellation of open charges asks the PSP again.
      const again = await reconcilePixCharges(t.database.db, options, t.app.log);
      expect(again.checked).toBe(0);
      expect(
        (await findOpenChargesOfCancelledAgreements(t.database.db, agreement.id)).map((c) => c.id),
      ).toEqual([]);
    } finally {
      await services.close();
    }
  });

  it('a PIX left open after its instalment was paid another way: removed at the PSP, or its money kept', async () => {
    // Two instalments of their own, each with a PIX at the local PSP, then paid another way: one by its boleto (a
    // retorno's liquidation of the same charge), one by a card.
    const [template] = await t.database.db.select().from(agreementInstalments).limit(1);
    const services = await anotherProcessPix();
    try {
      const provider = services.providers.get('local')!;
      const beneficiary = chargeBeneficiary((await findStore(t.database.db, storeId))!, 'Portal Demo');
      const paidElsewhere = async (number: number, payment: { kind: 'paid' | 'settled'; cause: string }) => {
        const [instalment] = await t.database.db
          .insert(agreementInstalments)
          .values({
            agreementId: template!.agreementId,
            number,
            dueDate: rows[0]!.vencimento,
            amountCents: 1000,
          })
          .returning();
        const charge = (await insertCharge(t.database.db, {
          instalmentId: instalment!.id,
          storeId,
          dueDate: instalment!.dueDate,
          amountCents: 1000,
          ...(await provider.issuePix({
            reference: `teste-pago-por-outro-meio-${number}`,
            storeId,
            dueDate: instalment!.dueDate,
            amountCents: 1000,
            beneficiary,
            payer: { name: 'João da Silva Lima', document: '390.533.447-05' },
          })),
        }))!;
        expect(
          await recordInstalmentPayment(t.database.db, {
            instalmentId: instalment!.id,
            chargeId: payment.kind === 'paid' ? charge.id : null,
            amountCents: 1000,
            occurredOn: '2026-11-24',
            ...payment,
          }),
        ).toBe(true);
        return charge;
      };
      const byBoleto = await paidElsewhere(901, { kind: 'paid', cause: 'cnab:9998:3' });
      const byCard = await paidElsewhere(902, { kind: 'settled', cause: 'card:ch_teste_pix_aberto' });

      // The boleto's PIX is paid too, and its webhook is lost.
      const pix = await payWithWebhookLost(byBoleto.txid);

      const reconcile = () =>
        reconcilePixCharges(
          t.database.db,
          {
            providers: ['local'],
            gatewayFor: services.gatewayFor,
            afterMinutes: 0,
            now: new Date(Date.now() + 60_000),
          },
          t.app.log,
        );
      await reconcile();
      const eventsOfCharge = (chargeId: number) =>
        t.database.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, chargeId));
      // The money is seen: kept as unapplied (the instalment was paid already), never dropped.
      expect(
        (await eventsOf(byBoleto.instalmentId)).map((e) => [e.kind, e.chargeId, e.amountCents, e.cause]),
      ).toEqual([
        ['paid', byBoleto.id, 1000, 'cnab:9998:3'],
        ['unapplied', byBoleto.id, 1000, `pix:${pix.endToEndId}`],
      ]);
      // The card-paid instalment's PIX is removed at the PSP, so it can no longer be paid, with the event saying why.
      const { client } = await services.gatewayFor(storeId);
      expect((await client.getCobv(byCard.txid!)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect((await eventsOfCharge(byCard.id)).map((e) => [e.kind, e.cause])).toEqual([
        ['charge_cancelled', 'reconcile:instalment-paid'],
      ]);
      // Neither is asked about again, and nothing more is recorded.
      await reconcile();
      expect(await eventsOf(byBoleto.instalmentId)).toHaveLength(2);
      expect(await eventsOfCharge(byCard.id)).toHaveLength(1);
    } finally {
      await services.close();
    }
  });

  it('the sandbox payment is not served to a request from elsewhere', async () => {
    const charge = await chargeOf(rows[0]!.aci_codigo);
    const res = await t.app.inject({
      method: 'POST',
      url: `/psp-local/sandbox/pay/${charge.txid}`,
      headers: { host: 'localhost' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the cobv provider', () => {
  it('reads a charge open at the PSP, cancels it there (PATCH) with an event, then reads it cancelled', async () => {
    const services = await anotherProcessPix();
    try {
      const provider = services.providers.get('local')!;
      const instalment = rows[0]!;
      const issued = await provider.issuePix({
        reference: 'teste-cancelamento',
        storeId,
        dueDate: instalment.vencimento,
        amountCents: 1000,
        beneficiary: chargeBeneficiary((await findStore(t.database.db, storeId))!, 'Portal Demo'),
        payer: { name: 'João da Silva Lima', document: '390.533.447-05' },
      });
      const charge = (await insertCharge(t.database.db, {
        instalmentId: instalment.aci_codigo,
        storeId,
        dueDate: instalment.vencimento,
        amountCents: 1000,
        ...issued,
      }))!;
      const ref = { chargeId: charge.id, txid: charge.txid! };
      expect(await provider.status(ref)).toBe('open');
      await cancelCharge(t.database.db, services.providers, charge, 'teste: acordo cancelado');
      // Cancelled again (a retry): the PSP's charge is removed already, and the event is not recorded twice.
      await cancelCharge(t.database.db, services.providers, charge, 'teste: de novo');
      expect(await provider.status(ref)).toBe('cancelled');
      const { client } = await services.gatewayFor(storeId);
      expect((await client.getCobv(ref.txid)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      const events = await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.chargeId, charge.id));
      expect(events).toEqual([
        expect.objectContaining({ kind: 'charge_cancelled', cause: 'teste: acordo cancelado' }),
      ]);

      // A charge the PSP never had (a static code from before the cobv path): the cancellation is only recorded.
      const [legacy] = await t.database.db
        .insert(paymentCharges)
        .values({
          ...charge,
          id: undefined,
          issue: 2,
          txid: 'CODIGOESTATICOANTIGO0000',
          createdAt: undefined,
        })
        .returning();
      await cancelCharge(t.database.db, services.providers, legacy!, 'teste: código estático');
      expect(await provider.status({ chargeId: legacy!.id, txid: legacy!.txid! })).toBe('cancelled');
    } finally {
      await services.close();
    }
  });
});

describe('reconciliation asks about every open charge, within a bounded time', () => {
  // Charges of a provider name of their own, so each test sees only its charges; the PSP is a stand-in that says
  // which txids it was asked about.
  const NOW = new Date('2030-06-15T12:00:00Z');
  let nextIssue = 100;

  /** An instalment of its own, never paid: its charges are the open ones. */
  async function openInstalment() {
    const [instalment] = await t.database.db.select().from(agreementInstalments).limit(1);
    const [row] = await t.database.db
      .insert(agreementInstalments)
      .values({
        agreementId: instalment!.agreementId,
        number: nextIssue++,
        dueDate: '2030-06-01',
        amountCents: 1000,
      })
      .returning();
    return row!.id;
  }

  async function chargesOf(provider: string, specs: { dueDate: string; createdAt: string }[]) {
    const instalmentId = await openInstalment();
    const inserted = [];
    for (const spec of specs) {
      const issue = nextIssue++;
      const [row] = await t.database.db
        .insert(paymentCharges)
        .values({
          instalmentId,
          storeId,
          provider,
          kind: 'pix',
          issue,
          dueDate: spec.dueDate,
          amountCents: 1000,
          txid: `RECONCILIACAOTESTE${String(issue).padStart(8, '0')}`,
          pixCode: 'x',
          createdAt: new Date(spec.createdAt),
        })
        .returning();
      inserted.push(row!);
    }
    return inserted;
  }

  /** The store's key as these PSPs have it. */
  const PSP_KEY = 'cobranca@loja.com.br';

  /**
   * A PSP where every charge is still ATIVA under the store's key, or `answer` decides; `asked` lists the txids asked,
   * in order.
   */
  function psp(
    answer: (txid: string) => Promise<Cobv> = async (txid) =>
      ({ txid, status: 'ATIVA', chave: PSP_KEY }) as Cobv,
  ) {
    const asked: string[] = [];
    const client = {
      getCobv: (txid: string) => {
        asked.push(txid);
        return answer(txid);
      },
    } as PixApiClient;
    return { asked, gatewayFor: async () => ({ client, key: PSP_KEY, registerWebhook: async () => {} }) };
  }

  const reconcile = (provider: string, gateway: ReturnType<typeof psp>, extra = {}) =>
    reconcilePixCharges(
      t.database.db,
      { providers: [provider], gatewayFor: gateway.gatewayFor, afterMinutes: 60, now: NOW, ...extra },
      t.app.log,
    );

  const past = { dueDate: '2030-06-01', createdAt: '2030-05-20T12:00:00Z' };

  it('asks about a charge past due, or issued long enough ago, and leaves one due today or issued moments ago', async () => {
    // 12:00 UTC pinned: "issued long enough ago" is before 11:00 UTC; "past due" is before 2030-06-15 in Brasília.
    const [dueYesterday, dueToday, oldEnough, recent] = await chargesOf('teste-filtro', [
      { dueDate: '2030-06-14', createdAt: '2030-06-15T11:30:00Z' },
      { dueDate: '2030-06-15', createdAt: '2030-06-15T11:30:00Z' },
      { dueDate: '2030-06-20', createdAt: '2030-06-15T10:59:00Z' },
      { dueDate: '2030-06-20', createdAt: '2030-06-15T11:01:00Z' },
    ]);
    const gateway = psp();
    expect(await reconcile('teste-filtro', gateway)).toMatchObject({ checked: 2, resumeAfter: null });
    expect(gateway.asked).toEqual([dueYesterday!.txid, oldEnough!.txid]);
    expect(gateway.asked).not.toContain(dueToday!.txid);
    expect(gateway.asked).not.toContain(recent!.txid);
  });

  it('pages through more open charges than one page, each asked once, newest too', async () => {
    const charges = await chargesOf(
      'teste-paginas',
      Array.from({ length: 5 }, () => past),
    );
    const gateway = psp();
    expect(await reconcile('teste-paginas', gateway, { pageSize: 2 })).toMatchObject({
      checked: 5,
      failed: 0,
      resumeAfter: null,
    });
    expect(gateway.asked).toEqual(charges.map((c) => c.txid));
  });

  it('a charge the PSP does not know (404) or removed is recorded cancelled once, and not asked about again', async () => {
    const [unknown, removed, open] = await chargesOf('teste-removidas', [past, past, past]);
    const gateway = psp(async (txid) => {
      if (txid === unknown!.txid) throw new PixApiError(404, '{"title":"Cobrança não encontrada"}');
      return { txid, status: txid === removed!.txid ? 'REMOVIDA_PELO_PSP' : 'ATIVA', chave: PSP_KEY } as Cobv;
    });
    expect(await reconcile('teste-removidas', gateway)).toMatchObject({ checked: 3, closed: 2, failed: 0 });
    const cancelled = await t.database.db
      .select()
      .from(paymentEvents)
      .where(inArray(paymentEvents.chargeId, [unknown!.id, removed!.id, open!.id]));
    expect(cancelled.map((e) => [e.chargeId, e.kind, e.cause])).toEqual([
      [unknown!.id, 'charge_cancelled', 'reconcile:psp:404'],
      [removed!.id, 'charge_cancelled', 'reconcile:psp:REMOVIDA_PELO_PSP'],
    ]);
    gateway.asked.length = 0;
    expect(await reconcile('teste-removidas', gateway)).toMatchObject({ checked: 1, closed: 0, failed: 0 });
    expect(gateway.asked).toEqual([open!.txid]);
  });

  it('the real local PSP answers 404 for a charge it never had: the command does not fail on it', async () => {
    const [never] = await chargesOf('teste-psp-local', [past]);
    const services = await anotherProcessPix();
    try {
      const run = () =>
        reconcilePixCharges(
          t.database.db,
          { providers: ['teste-psp-local'], gatewayFor: services.gatewayFor, afterMinutes: 60, now: NOW },
          t.app.log,
        );
      expect(await run()).toMatchObject({ checked: 1, closed: 1, failed: 0 });
      expect(await run()).toMatchObject({ checked: 0, failed: 0 });
      expect(
        (await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, never!.id)))
          .length,
      ).toBe(1);
    } finally {
      await services.close();
    }
  });

  it('a PSP that fails is asked once per run, not once per charge', async () => {
    await chargesOf('teste-psp-fora', [past, past, past]);
    const gateway = psp(async () => {
      throw new Error('PSP did not answer within 10000 ms');
    });
    expect(await reconcile('teste-psp-fora', gateway)).toMatchObject({ checked: 1, failed: 1, skipped: 2 });
    expect(gateway.asked).toHaveLength(1);
  });

  it('stops at its time limit and the next run goes on where it stopped', async () => {
    const charges = await chargesOf('teste-prazo', [past, past, past]);
    // Each look at the clock takes 1 s: the start, then one look before each charge.
    let ms = 0;
    const clock = () => (ms += 1000);
    const gateway = psp();
    const first = await reconcile('teste-prazo', gateway, { maxRunMs: 2500, clock });
    expect(first).toMatchObject({ checked: 2, resumeAfter: { source: 'charges', afterId: charges[1]!.id } });
    const second = await reconcile('teste-prazo', gateway, { startAfter: first.resumeAfter! });
    expect(second).toMatchObject({ checked: 1, resumeAfter: null });
    expect(gateway.asked).toEqual(charges.map((c) => c.txid));
  });
});

describe('the webhook secret', () => {
  it('is required in production, so no process signs paths of its own', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PIX_WEBHOOK_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', PIX_WEBHOOK_SECRET: SECRET }).PIX_WEBHOOK_SECRET).toBe(SECRET);
    expect(loadEnv({ NODE_ENV: 'development' }).PIX_WEBHOOK_SECRET).toBeUndefined();
  });

  it('never reaches the request log: the path token is written as ***', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { PIX_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const good = pixWebhookToken(SECRET, storeId);
      const bad = pixWebhookToken('outro-segredo-qualquer-1234', storeId);
      for (const token of [good, bad])
        await logged.app.inject({ method: 'POST', url: `/webhooks/pix/${token}/pix`, payload: { pix: [] } });
      // A path the router does not know is logged too (404).
      await logged.app.inject({ method: 'GET', url: `/webhooks/pix/${good}` });
      const log = lines.join('');
      expect(log).toContain('/webhooks/pix/***/pix');
      for (const token of [good, bad]) {
        expect(log).not.toContain(token);
        expect(log).not.toContain(token.split('.')[1]);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('a PIX that concludes its charge with less than its value', () => {
  it('after its instalment was paid, is money paid again: it ends nothing (decision 078)', async () => {
    const { agreement, instalment, charge } = await openBoleto(
      t.database.db,
      addDays(todayInBrasilia(), 3),
      10_000,
    );
    try {
      const token = pixWebhookToken(SECRET, charge.storeId);
      const full = pixOf(charge.txid!, 'E99999999202611260130PAIDFIRST01', reais(10_000));
      const short = pixOf(charge.txid!, 'E99999999202611260130SHORTAFTER1', reais(9_000));
      expect((await notify(token, [full])).statusCode).toBe(200);
      expect((await notify(token, [short])).statusCode).toBe(200);
      const events = await eventsOf(instalment.id);
      expect(events.map((e) => [e.kind, e.cause])).toEqual([
        ['paid', `pix:${full.endToEndId}`],
        ['unapplied', `pix:${short.endToEndId}`],
      ]);
      const reasons = await unappliedReasonsListed(t, await staffToken(t), '2026-11-25');
      expect(reasons[events[1]!.id]).toBe('already_paid');
    } finally {
      await t.database.db
        .update(agreements)
        .set({ status: 'cancelled' })
        .where(eq(agreements.id, agreement.id));
    }
  });

  it('after its agreement was cancelled, is money paid after the cancellation, and ends its charge', async () => {
    const { agreement, instalment, charge } = await openBoleto(
      t.database.db,
      addDays(todayInBrasilia(), 3),
      10_000,
    );
    await t.database.db
      .update(agreements)
      .set({ status: 'cancelled' })
      .where(eq(agreements.id, agreement.id));
    const short = pixOf(charge.txid!, 'E99999999202611260130SHORTCANCEL', reais(9_000));
    expect((await notify(pixWebhookToken(SECRET, charge.storeId), [short])).statusCode).toBe(200);
    const events = await eventsOf(instalment.id);
    expect(events.map((e) => [e.kind, e.cause])).toEqual([
      ['unapplied', `pix:${short.endToEndId}`],
      ['charge_cancelled', `pix-cancelled:${short.endToEndId}`],
    ]);
    const reasons = await unappliedReasonsListed(t, await staffToken(t), '2026-11-25');
    expect(reasons[events[0]!.id]).toBe('agreement_cancelled');
  });

  it('keeps the money unapplied and ends the charge: Meus Acordos offers a new one for the whole value', async () => {
    const { agreement, instalment, charge } = await openBoleto(
      t.database.db,
      addDays(todayInBrasilia(), 3),
      10_000,
    );
    try {
      const short = pixOf(charge.txid!, 'E99999999202611260130SHORTPIX001', reais(9_000));
      expect((await notify(pixWebhookToken(SECRET, charge.storeId), [short])).statusCode).toBe(200);
      // A cobv takes one payment: the PSP has it CONCLUIDA, its code can no longer be paid.
      expect(
        (await eventsOf(instalment.id)).map((e) => [e.kind, e.chargeId, e.amountCents, e.cause]),
      ).toEqual([
        ['unapplied', charge.id, 9_000, `pix:${short.endToEndId}`],
        ['charge_cancelled', charge.id, null, `pix-short:${short.endToEndId}`],
      ]);
      const shown = (await list())
        .flatMap((a) => a.dadosAcordo.parcelas)
        .find((p) => p.aci_codigo === instalment.id)!;
      expect(shown.status).not.toBe('P');
      expect(shown.pix_copia_cola).not.toBeNull();
      expect(shown.pix_copia_cola).not.toBe(charge.pixCode);
      const [latest] = await t.database.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.instalmentId, instalment.id))
        .orderBy(desc(paymentCharges.issue))
        .limit(1);
      expect(latest).toMatchObject({ issue: 2, amountCents: 10_000, pixCode: shown.pix_copia_cola });
    } finally {
      await t.database.db
        .update(agreements)
        .set({ status: 'cancelled' })
        .where(eq(agreements.id, agreement.id));
    }
  });
});
