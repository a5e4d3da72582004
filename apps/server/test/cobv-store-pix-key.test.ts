import { addDays, todayInBrasilia, txidFromSeed } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreements,
  localPspWebhooks,
  paymentCharges,
  paymentEvents,
  persons,
  stores,
  unmatchedPixPayments,
} from '../src/db/schema';
import { loadEnv } from '../src/env';
import type { PaymentProvider, PaymentProviders } from '../src/integrations/payments/payment-provider';
import { type Cobv, type PixApiClient, PixApiError } from '../src/integrations/payments/pix-api/client';
import { cobvPaymentProvider } from '../src/integrations/payments/pix-api/cobv-provider';
import {
  COBV_PROVIDERS,
  createPixServices,
  type PixServices,
} from '../src/integrations/payments/pix-api/pix-services';
import { storePixKey } from '../src/repositories/pix-charge-repository';
import { lockStore } from '../src/repositories/store-admin-repository';
import { withTransaction } from '../src/repositories/transaction';
import { chargeBeneficiary, issueInstalmentCharge } from '../src/services/agreements/issue-due-charges';
import { pixWebhookToken } from '../src/services/payments/pix-webhook-token';
import { reconcilePixCharges } from '../src/services/payments/reconcile-pix-charges';
import { issueSecondCopies } from '../src/services/second-copy/issue-second-copies';
import { mariaScope } from './debt-helpers';
import { pixChargeAt } from './pix-helpers';
import { staffToken } from './reports-helpers';
import { saveStoreForm, storeRow as storeRowOf } from './store-form-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 102: a PIX is a cobv at the store's PSP under the store's PIX key, and its txid comes from the charge's
// reference, so a charge issued again takes the cobv the PSP already has. When staff changed the store's key in
// between, that cobv carried the old key: the debtor paid into the old key's account while the portal recorded the
// charge as billed under the new one. A cobv handed to a debtor carries the store's key as it is now.

const SECRET = 'segredo-dos-webhooks-de-teste';
const JOAO = '39053344705';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let token: string;
/** The server's payment providers: boletos numbered locally, their PIX at the local PSP, webhooks to the portal. */
let pix: PixServices;

beforeAll(async () => {
  t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  token = await staffToken(t);
  pix = await createPixServices({
    db: t.database.db,
    env: loadEnv({ NODE_ENV: 'test', PIX_WEBHOOK_SECRET: SECRET }),
    log: silent,
    deliver: async (url, body) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object }))
        .statusCode,
  });
});
afterAll(async () => {
  await pix?.close();
  await t?.close();
});

const storeRow = (id: number) => storeRowOf(t, id);
/** Staff save the store's form with `changes`, and it is saved. */
async function save(id: number, changes: Record<string, unknown>) {
  const res = await saveStoreForm(t, token, id, changes);
  expect(res.statusCode, res.body).toBe(200);
}

const changeKey = (storeId: number, key: string) => save(storeId, { chave_pix: key });

/** The cobv with this txid at the local PSP. */
const cobvOf = async (storeId: number, txid: string) => (await pix.gatewayFor(storeId)).client.getCobv(txid);

/** Where the PSP sends the key's notifications. */
const webhookOf = async (key: string) =>
  (await t.database.db.select().from(localPspWebhooks).where(eq(localPspWebhooks.key, key)))[0]?.url;

/** The local PSP pays `txid` as a payer's bank would and notifies the webhook of the cobv's key. */
async function pay(txid: string) {
  const paid = await pix.localPsp.inject({ method: 'POST', url: `/sandbox/pay/${txid}` });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json() as { pix: { endToEndId: string }; webhook: number | null };
}

const eventsOf = async (instalmentId: number) =>
  (await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.instalmentId, instalmentId))).map(
    (e) => [e.kind, e.chargeId],
  );

/** A new instalment of an active agreement on João's terms (in his agreement's store, Alfa Eletro), no document yet. */
async function newInstalment(amountCents = 10_000) {
  const { db } = t.database;
  const [person] = await db.select().from(persons).where(eq(persons.cpfCnpj, JOAO));
  const [template] = await db.select().from(agreements).where(eq(agreements.personId, person!.id)).limit(1);
  const { id: _id, status: _status, createdAt: _createdAt, preAgreementId: _plan, ...terms } = template!;
  const [agreement] = await db.insert(agreements).values(terms).returning();
  const [instalment] = await db
    .insert(agreementInstalments)
    .values({ agreementId: agreement!.id, number: 0, dueDate: addDays(todayInBrasilia(), 10), amountCents })
    .returning();
  const store = await storeRow(agreement!.storeId);
  const target = (kind: 'boleto' | 'pix') => ({
    store,
    partnerName: 'Demo',
    payer: { name: 'João da Silva Lima', cpfCnpj: JOAO },
    instalmentId: instalment!.id,
    dueDate: instalment!.dueDate,
    amountCents,
    kind,
    issue: 1,
  });
  return { store, instalment: instalment!, target };
}

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

/** Ends the store's agreements (of the seed): their contracts take second copies, and no boleto of theirs is open. */
const endAgreements = (storeId: number) =>
  t.database.db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.storeId, storeId));

/**
 * The server's providers, whose 'local' one runs `between` once: after its first document's PIX is created at the
 * PSP, before the issuer records it (where a PSP call leaves room for a store's save).
 */
function providersRunning(between: () => Promise<void>): PaymentProviders {
  const local = pix.providers.get('local')!;
  let pending: (() => Promise<void>) | undefined = between;
  const once = async () => {
    const run = pending;
    pending = undefined;
    await run?.();
  };
  const provider: PaymentProvider = {
    ...local,
    async issueBoleto(request) {
      const issued = await local.issueBoleto(request);
      await once();
      return issued;
    },
    async issuePix(request) {
      const issued = await local.issuePix(request);
      await once();
      return issued;
    },
  };
  return new Map([['local', provider]]);
}

describe('a charge issued again after staff changed the store PIX key', () => {
  it('is the same cobv, revised at the PSP to the new key, and its payment goes to the new key', async () => {
    const { store, instalment, target } = await newInstalment();
    const oldKey = storePixKey(store);
    // Created at the PSP under the key of the moment, never recorded (the process stopped after the PSP's answer).
    const first = await pix.providers.get('local')!.issuePix({
      reference: `aci:${instalment.id}:pix:1`,
      storeId: store.id,
      dueDate: instalment.dueDate,
      amountCents: instalment.amountCents,
      beneficiary: chargeBeneficiary(store, 'Demo'),
      payer: { name: 'João da Silva Lima', document: JOAO },
    });
    expect((await cobvOf(store.id, first.txid)).chave).toBe(oldKey);

    const newKey = 'pix@chave-nova-um.com.br';
    await changeKey(store.id, newKey);
    // The old key's notifications go elsewhere now (another account): money paid to it is not this portal's.
    await t.database.db
      .update(localPspWebhooks)
      .set({ url: 'http://localhost/chave-antiga' })
      .where(eq(localPspWebhooks.key, oldKey));

    const charge = await issueInstalmentCharge(t.database.db, pix.providers, {
      ...target('pix'),
      store: await storeRow(store.id),
    });
    // The one cobv of its reference, now under the store's key: what the debtor's bank reads from the code.
    expect(charge.txid).toBe(first.txid);
    expect(await cobvOf(store.id, charge.txid!)).toMatchObject({
      status: 'ATIVA',
      chave: newKey,
      revisao: 1,
    });
    const { payload } = await pixChargeAt(t.app, charge.pixCode!);
    expect(payload).toMatchObject({ chave: newKey, txid: charge.txid, status: 'ATIVA' });

    // Paid: the money goes to the new key, whose notification reaches the store's path and pays the instalment.
    const { webhook } = await pay(charge.txid!);
    expect(webhook).toBe(200);
    expect(await cobvOf(store.id, charge.txid!)).toMatchObject({ status: 'CONCLUIDA', chave: newKey });
    expect(await eventsOf(instalment.id)).toEqual([['paid', charge.id]]);
  });

  it('is not handed out when the PSP does not revise its key: nothing is recorded', async () => {
    const { store, target } = await newInstalment();
    const newKey = 'pix@chave-nova-dois.com.br';
    await changeKey(store.id, newKey);
    const txid = txidFromSeed(`aci:${target('pix').instalmentId}:pix:1`);
    const existing = {
      txid,
      revisao: 0,
      status: 'ATIVA',
      chave: storePixKey(store),
      valor: { original: '100.00' },
      loc: { id: 'x', location: 'psp.example/qr/v2/cobv/x', tipoCob: 'cobv' },
    } as Cobv;
    // A PSP with the txid taken under the old key, that answers a revision with the charge unchanged.
    const client = {
      putCobv: async () => {
        throw new PixApiError(400, '{"title":"CobVOperacaoInvalida"}');
      },
      getCobv: async () => existing,
      reviseCobv: async () => existing,
    } as unknown as PixApiClient;
    const provider = cobvPaymentProvider({
      name: 'local',
      db: t.database.db,
      gatewayFor: async () => ({ client, key: newKey, registerWebhook: async () => {} }),
      issueBoleto: async () => ({ ourNumber: null, barcode: null, digitableLine: null }),
    });
    const issued = issueInstalmentCharge(t.database.db, new Map([['local', provider]]), {
      ...target('pix'),
      store: await storeRow(store.id),
    });
    await expect(issued).rejects.toThrow(/not revised/);
    expect(
      await t.database.db
        .select()
        .from(paymentCharges)
        .where(eq(paymentCharges.instalmentId, target('pix').instalmentId)),
    ).toEqual([]);
  });

  it('paid under the old key before it was issued again: the payment pays nothing, kept for staff', async () => {
    const { store, instalment, target } = await newInstalment();
    const first = await pix.providers.get('local')!.issuePix({
      reference: `aci:${instalment.id}:pix:1`,
      storeId: store.id,
      dueDate: instalment.dueDate,
      amountCents: instalment.amountCents,
      beneficiary: chargeBeneficiary(store, 'Demo'),
      payer: { name: 'João da Silva Lima', document: JOAO },
    });
    const { pix: paid } = await pay(first.txid);
    await changeKey(store.id, 'pix@chave-nova-tres.com.br');

    await expect(
      issueInstalmentCharge(t.database.db, pix.providers, {
        ...target('pix'),
        store: await storeRow(store.id),
      }),
    ).rejects.toThrow();
    expect(await eventsOf(instalment.id)).toEqual([]);
    const unmatched = await t.database.db
      .select()
      .from(unmatchedPixPayments)
      .where(eq(unmatchedPixPayments.endToEndId, paid.endToEndId));
    expect(unmatched.map((u) => u.txid)).toEqual([first.txid]);
  });
});

describe("a document issued across a save that changes the store's PIX key", () => {
  it('records an agreement boleto with its PIX under the new key', async () => {
    const { store, instalment, target } = await newInstalment();
    const newKey = 'pix@chave-nova-quatro.com.br';

    const charge = await issueInstalmentCharge(
      t.database.db,
      providersRunning(() => changeKey(store.id, newKey)),
      target('boleto'),
    );

    expect(charge.txid).toBe(txidFromSeed(`aci:${instalment.id}:boleto:1`));
    expect(await cobvOf(store.id, charge.txid!)).toMatchObject({ status: 'ATIVA', chave: newKey });
    expect((await pixChargeAt(t.app, charge.pixCode!)).payload.chave).toBe(newKey);
    // One boleto recorded for the instalment.
    const recorded = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, instalment.id));
    expect(recorded.map((c) => c.id)).toEqual([charge.id]);
  });

  // Two connections: the embedded database has one, so it never runs a save and an issue at once.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for a save under way when it records a PIX charge, and then records it under the key the save wrote',
    async () => {
      const { db } = t.database;
      const { store, target } = await newInstalment();
      const newKey = 'pix@chave-nova-sete.com.br';
      let saved!: Promise<void>;
      const during = async () => {
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // A save holding the store's lock (as updateStore does) until the issuer waits for it.
        saved = withTransaction(db, async (tx) => {
          await lockStore(tx, store.id);
          await tx.update(stores).set({ pixKey: newKey }).where(eq(stores.id, store.id));
          locked();
          await someoneWaitsForALock();
        });
        await isLocked;
      };

      const charge = await issueInstalmentCharge(db, providersRunning(during), target('pix'));
      await saved;

      expect(await cobvOf(store.id, charge.txid!)).toMatchObject({ status: 'ATIVA', chave: newKey });
    },
  );

  it('gives a second copy asked meanwhile (the convênio changed too) a PIX under the new key', async () => {
    const scope = await mariaScope(t);
    const [alfa] = await t.database.db.select().from(stores).where(eq(stores.tradeName, 'Alfa Eletro'));
    const newKey = 'pix@alfa-chave-nova.com.br';
    await endAgreements(alfa!.id);

    const issued = await issueSecondCopies(
      t.database.db,
      providersRunning(() => save(alfa!.id, { boleto_convenio: '1234522', chave_pix: newKey })),
      scope,
      { storeId: alfa!.id },
      silent,
    );

    const copies = issued.filter((i) => !i.paid);
    expect(copies.length).toBeGreaterThan(0);
    for (const { copy } of copies) {
      expect(copy.ourNumber).toMatch(/^1234522\d{10}$/);
      expect(await cobvOf(alfa!.id, copy.txid!)).toMatchObject({ status: 'ATIVA', chave: newKey });
      expect((await pixChargeAt(t.app, copy.pixCode)).payload.chave).toBe(newKey);
    }
  });
});

describe('a cobv issued before staff changed the store PIX key', () => {
  it('follows the key at the next reconciliation: a charge and a second copy, and a payment then goes to it', async () => {
    const { store, instalment, target } = await newInstalment();
    const charge = await issueInstalmentCharge(t.database.db, pix.providers, target('pix'));
    const scope = await mariaScope(t);
    // Maria's second copies in the same store.
    const copiesOf = async () =>
      (await issueSecondCopies(t.database.db, pix.providers, scope, { storeId: store.id }, silent)).filter(
        (i) => !i.paid,
      );
    const { copy } = (await copiesOf())[0]!;

    const newKey = 'pix@alfa-chave-seis.com.br';
    await changeKey(store.id, newKey);
    const reconcile = () =>
      reconcilePixCharges(
        t.database.db,
        {
          providers: COBV_PROVIDERS,
          gatewayFor: pix.gatewayFor,
          afterMinutes: 0,
          now: new Date(Date.now() + 60_000),
        },
        silent,
      );
    const report = await reconcile();

    expect(await cobvOf(store.id, charge.txid!)).toMatchObject({ status: 'ATIVA', chave: newKey });
    expect((await pixChargeAt(t.app, charge.pixCode!)).payload.chave).toBe(newKey);
    expect(await cobvOf(store.id, copy.txid!)).toMatchObject({ status: 'ATIVA', chave: newKey });
    expect(report.revised).toBeGreaterThanOrEqual(2);
    // Asked again, the copy is the same one, and its code now pays into the store's key.
    const again = (await copiesOf()).find((i) => i.copy.txid === copy.txid);
    expect(again).toBeDefined();
    expect((await pixChargeAt(t.app, again!.copy.pixCode)).payload.chave).toBe(newKey);

    // The new key's webhook was registered for the store's path before a charge was revised to it.
    expect(await webhookOf(newKey)).toContain(`/webhooks/pix/${pixWebhookToken(SECRET, store.id)}`);
    const { webhook } = await pay(charge.txid!);
    expect(webhook).toBe(200);
    expect(await eventsOf(instalment.id)).toEqual([['paid', charge.id]]);
    // The next run finds nothing left to revise.
    expect((await reconcile()).revised).toBe(0);
  });
});
