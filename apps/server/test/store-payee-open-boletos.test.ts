import { addDays, STORE_MESSAGES, todayInBrasilia, txidFromSeed } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, paymentCharges, paymentEvents, secondCopies, stores } from '../src/db/schema';
import { loadEnv } from '../src/env';
import type { PaymentProvider, PaymentProviders } from '../src/integrations/payments/payment-provider';
import { createPixServices, type PixServices } from '../src/integrations/payments/pix-api/pix-services';
import { recordChargeCancelled } from '../src/repositories/payment-repository';
import { lockStore } from '../src/repositories/store-admin-repository';
import { withTransaction } from '../src/repositories/transaction';
import { issueInstalmentCharge } from '../src/services/agreements/issue-due-charges';
import { issueSecondCopies } from '../src/services/second-copy/issue-second-copies';
import { insertSecondCopy, partyOf } from './agreement-admin-helpers';
import { liquidateCopy, openBoleto } from './cnab-helpers';
import { mariaScope } from './debt-helpers';
import { staffToken } from './reports-helpers';
import { saveStoreForm, storeRow as storeRowOf } from './store-form-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 086: a store's boleto identity (bank, convênio, wallet, agency, account) is kept while boletos issued
// under it may still be paid, since the bank's retorno of those names the old values and would match no store.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let token: string;
// The payment providers as the server builds them (boletos numbered locally, their PIX at the local PSP).
let pix: PixServices;
beforeAll(async () => {
  t = await createTestApp();
  token = await staffToken(t);
  pix = await createPixServices({ db: t.database.db, env: loadEnv({ NODE_ENV: 'test' }), log: silent });
});
afterAll(async () => {
  await pix?.close();
  await t?.close();
});

const storeRow = (id: number) => storeRowOf(t, id);
const save = (id: number, changes: Record<string, unknown>) => saveStoreForm(t, token, id, changes);

/** Ends the store's agreement boletos of the seed and the tests before: a clean slate for the next case. */
async function closeOpenCharges(storeId: number) {
  await t.database.db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.storeId, storeId));
}

describe('PUT /api/lojas/{id} with boletos open', () => {
  it('refuses while a registered boleto is open at the bank, a write-off only asked for too, until its 09', async () => {
    const { charge } = await openBoleto(t.database.db, '2026-12-04', 10_000);
    const remessa = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cobranca/remessas',
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await remessa()).statusCode).toBe(201);
    // Its agreement ended: the portal collects it no more, but the bank still takes it until it writes it off.
    await closeOpenCharges(charge.storeId);
    expect((await save(charge.storeId, { banco_carteira: '18' })).statusCode).toBe(409);
    expect((await remessa()).statusCode).toBe(201);
    expect((await save(charge.storeId, { banco_carteira: '18' })).statusCode).toBe(409);
    const report = await liquidateCopy(t.database.db, charge, 859, 0, '09');
    expect(report.lines.map((l) => l.outcome)).toEqual(['written_off']);
    const res = await save(charge.storeId, { banco_carteira: '18' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeRow(charge.storeId)).toMatchObject({ boletoWallet: '18' });
  });

  it('refuses a new convênio while an agreement boleto is open, saving nothing; its retorno is then applied', async () => {
    const { charge, instalment } = await openBoleto(t.database.db, '2026-12-05', 10_000);
    const before = await storeRow(charge.storeId);
    const res = await save(charge.storeId, { boleto_convenio: '7654321', cidade: 'Olinda' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: STORE_MESSAGES.payeeBoletosOpen,
      dados: { boleto_convenio: STORE_MESSAGES.payeeBoletosOpen },
    });
    // The whole save is refused: the other field too.
    expect(await storeRow(charge.storeId)).toEqual(before);
    // An agency change alone is refused the same way.
    expect((await save(charge.storeId, { banco_agencia: '9999-9' })).statusCode).toBe(409);

    // The bank's retorno names the store's account as the boleto was issued: the debtor's money is applied.
    const report = await liquidateCopy(t.database.db, charge, 860, 10_000);
    expect(report.lines.map((l) => l.outcome)).toEqual(['applied']);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.instalmentId, instalment.id));
    expect(events.map((e) => e.kind)).toContain('paid');
  });

  it('saves other fields while boletos are open', async () => {
    const { charge } = await openBoleto(t.database.db, '2026-12-06', 10_000);
    const res = await save(charge.storeId, { cidade: 'Olinda', beneficiario_nome: 'DEMO COBRANCAS LTDA' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeRow(charge.storeId)).toMatchObject({
      city: 'Olinda',
      beneficiaryName: 'DEMO COBRANCAS LTDA',
    });
  });

  it('refuses while a second copy boleto may still be paid, and saves once it is liquidated or past payment', async () => {
    const { charge, instalment } = await openBoleto(t.database.db, '2026-12-07', 10_000);
    const storeId = charge.storeId;
    await closeOpenCharges(storeId);
    const store = await storeRow(storeId);
    const party = { ...(await partyOf(t.database.db, 'demo', '39053344705')), storeId };
    const today = todayInBrasilia();
    const copy = await insertSecondCopy(t.database.db, party, {
      instalmentId: instalment.id,
      dueDate: today,
      amountCents: 5_000,
      ourNumber: `${store.boletoAgreement}0000086001`,
      txid: null,
      issue: 1,
    });
    // Due more than the payable days ago: no bank takes it any more.
    await insertSecondCopy(t.database.db, party, {
      instalmentId: instalment.id,
      dueDate: addDays(today, -31),
      amountCents: 5_000,
      ourNumber: `${store.boletoAgreement}0000086002`,
      txid: null,
      issue: 1,
    });
    expect((await save(storeId, { boleto_convenio: '7654321' })).statusCode).toBe(409);
    expect((await liquidateCopy(t.database.db, copy, 861, 5_000)).lines.map((l) => l.outcome)).toEqual([
      'applied',
    ]);
    const res = await save(storeId, { boleto_convenio: '7654321', banco_conta: '11111-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeRow(storeId)).toMatchObject({ boletoAgreement: '7654321', bankAccount: '11111-1' });
  });

  it('lets a store with no boletos open change its convênio, bank account and wallet', async () => {
    const [other] = await t.database.db.select().from(stores).where(eq(stores.tradeName, 'Faculdade Saber'));
    const res = await save(other!.id, {
      boleto_convenio: '1122334',
      banco_agencia: '4321-0',
      banco_conta: '98765-4',
      banco_carteira: '18',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storeRow(other!.id)).toMatchObject({
      boletoAgreement: '1122334',
      bankBranch: '4321-0',
      bankAccount: '98765-4',
      boletoWallet: '18',
    });
  });
});

/**
 * The server's providers, whose 'local' one runs `between` once: after its first boleto is numbered and its PIX
 * created at the PSP, before the issuer records it (where a PSP call leaves room for a store's save).
 */
function providersRunning(between: () => Promise<void>): PaymentProviders {
  const local = pix.providers.get('local')!;
  let pending: (() => Promise<void>) | undefined = between;
  const provider: PaymentProvider = {
    ...local,
    async issueBoleto(request) {
      const issued = await local.issueBoleto(request);
      const run = pending;
      pending = undefined;
      await run?.();
      return issued;
    },
  };
  return new Map([['local', provider]]);
}

/** A save of the store's convênio that must go through: no boleto of the store is open yet. */
const changeConvenio = (storeId: number, convenio: string) => async () => {
  const res = await save(storeId, { boleto_convenio: convenio });
  expect(res.statusCode, res.body).toBe(200);
};

/** Resolves once a session of the test database waits for a lock (or after 5 s, for the test to fail, not hang). */
async function someoneWaitsForALock(): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await t.database.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The PIX of a boleto at the local PSP. */
const cobvOf = async (storeId: number, txid: string) => (await pix.gatewayFor(storeId)).client.getCobv(txid);

/**
 * The next boleto of a new agreement instalment whose first one ended (its successor is due), in a store left with
 * no other open boleto: what the due-charges job and the refused boletos' re-issue give to issueInstalmentCharge.
 */
async function reissueTarget() {
  const dueDate = addDays(todayInBrasilia(), 10);
  const { agreement, instalment, charge: stale } = await openBoleto(t.database.db, dueDate, 10_000);
  await closeOpenCharges(stale.storeId);
  await recordChargeCancelled(t.database.db, stale.id, 'teste: substituído');
  await t.database.db.update(agreements).set({ status: 'active' }).where(eq(agreements.id, agreement.id));
  const store = await storeRow(stale.storeId);
  const target = {
    store,
    partnerName: 'Demo',
    payer: { name: 'João', cpfCnpj: '39053344705' },
    instalmentId: instalment.id,
    dueDate,
    amountCents: 10_000,
    kind: 'boleto' as const,
    issue: stale.issue + 1,
  };
  return { stale, target };
}

/** The convênios of the instalment's boletos, oldest first. */
const chargeConvenios = async (instalmentId: number) =>
  (
    await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, instalmentId))
      .orderBy(asc(paymentCharges.id))
  ).map((c) => c.ourNumber!.slice(0, 7));

describe('a boleto issued across a save that changes the store boleto identity', () => {
  it('records an agreement boleto under the new convênio, with the one PIX its reference names', async () => {
    const { stale, target } = await reissueTarget();
    const { store } = target;

    const charge = await issueInstalmentCharge(
      t.database.db,
      providersRunning(changeConvenio(store.id, '1234500')),
      target,
    );

    // Numbered under the convênio the store has now (our-number and the barcode's free field).
    expect(charge.ourNumber).toMatch(/^1234500\d{10}$/);
    expect(charge.barcode!.slice(25, 42)).toBe(charge.ourNumber);
    // Nothing was recorded under the old one: the instalment has its ended boleto and this one.
    expect(await chargeConvenios(target.instalmentId)).toEqual([store.boletoAgreement, '1234500']);
    expect(charge.issue).toBe(stale.issue + 1);
    // Its PIX is the one cobv of its reference, created before the save and taken again: no second charge.
    expect(charge.txid).toBe(txidFromSeed(`aci:${target.instalmentId}:boleto:${target.issue}`));
    expect(await cobvOf(store.id, charge.txid!)).toMatchObject({
      status: 'ATIVA',
      valor: { original: '100.00' },
    });
    // The boleto is open under the new identity, which is now kept.
    expect((await save(store.id, { boleto_convenio: store.boletoAgreement })).statusCode).toBe(409);
  });

  // Two connections: the embedded database has one, so it never runs a save and an issue at once.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for a save under way when it records, and then records the boleto under what the save wrote',
    async () => {
      const { db } = t.database;
      const { target } = await reissueTarget();
      let saved!: Promise<void>;
      const during = async () => {
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // A save holding the store's lock (as updateStore does) until the issuer waits for it.
        saved = withTransaction(db, async (tx) => {
          await lockStore(tx, target.store.id);
          await tx.update(stores).set({ boletoAgreement: '1234533' }).where(eq(stores.id, target.store.id));
          locked();
          await someoneWaitsForALock();
        });
        await isLocked;
      };

      const charge = await issueInstalmentCharge(db, providersRunning(during), target);
      await saved;

      expect(charge.ourNumber).toMatch(/^1234533\d{10}$/);
      expect((await chargeConvenios(target.instalmentId)).at(-1)).toBe('1234533');
    },
  );

  it('gives a second copy requested meanwhile a boleto under the new convênio', async () => {
    const scope = await mariaScope(t);
    const [alfa] = await t.database.db.select().from(stores).where(eq(stores.tradeName, 'Alfa Eletro'));
    await closeOpenCharges(alfa!.id);

    const issued = await issueSecondCopies(
      t.database.db,
      providersRunning(changeConvenio(alfa!.id, '1234511')),
      scope,
      { storeId: alfa!.id },
      silent,
    );

    // A copy the tests before recorded paid (another person's, of an instalment id shared by chance) is not issued.
    const copiesIssued = issued.filter((i) => !i.paid);
    expect(copiesIssued.length).toBeGreaterThan(0);
    for (const { copy } of copiesIssued) {
      expect(copy.ourNumber).toMatch(/^1234511\d{10}$/);
      expect(copy.barcode.slice(25, 42)).toBe(copy.ourNumber);
      expect(copy.txid).toBe(txidFromSeed(`sv:${copy.instalmentId}:${copy.dueDate}:${copy.amountCents}`));
      expect(await cobvOf(alfa!.id, copy.txid!)).toMatchObject({ status: 'ATIVA' });
    }
    // None of her copies was recorded under the old convênio.
    const copies = await t.database.db
      .select()
      .from(secondCopies)
      .where(eq(secondCopies.personId, scope.personId));
    expect(copies.map((c) => c.ourNumber.slice(0, 7))).toEqual(copiesIssued.map(() => '1234511'));
  });
});
