import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreements,
  instalments,
  localPspWebhooks,
  partners,
  paymentEvents,
  persons,
  secondCopies,
  secondCopyPayments,
  stores,
  unmatchedPixPayments,
} from '../src/db/schema';
import { loadEnv } from '../src/env';
import { createPixServices, type PixServices } from '../src/integrations/payments/pix-api/pix-services';
import { findStore } from '../src/repositories/debt-repository';
import { insertCharge } from '../src/repositories/payment-repository';
import { chargeBeneficiary } from '../src/services/agreements/issue-due-charges';
import { pixWebhookToken } from '../src/services/payments/pix-webhook-token';
import { createTestApp, type TestApp } from './test-app';

// Decision 089: a PSP keeps one webhook per PIX key, so stores sharing a key at one PSP share whichever store's path
// was registered last; a notification on it pays any of those stores' charges (never another receiver's), and a
// store whose key changes is registered again on its next charge, not only after a restart.

const SECRET = 'segredo-dos-webhooks-de-teste';
const SHARED_KEY = 'cobranca@rede-de-lojas.com.br';

let t: TestApp;
/** One process's PIX: the default provider's local PSP, delivering webhooks to the portal in-process. */
let services: PixServices;
let nextNumber = 1;
/** Stores made for these tests, by what sets them apart. */
const made: Record<'first' | 'second' | 'ownKey' | 'otherPsp', number> = {
  first: 0,
  second: 0,
  ownKey: 0,
  otherPsp: 0,
};

async function insertStore(cpfCnpj: string, values: Partial<typeof stores.$inferInsert>) {
  const [store] = await t.database.db
    .insert(stores)
    .values({ tradeName: `Loja ${cpfCnpj}`, legalName: `Loja ${cpfCnpj} Ltda`, cpfCnpj, ...values })
    .returning();
  return store!.id;
}

/** A PIX of `storeId` issued as its provider issues one: the key's webhook registered first in this process. */
async function issuePix(storeId: number, amountCents = 1000) {
  const store = (await findStore(t.database.db, storeId))!;
  const number = nextNumber++;
  return services.providers.get(store.paymentProvider)!.issuePix({
    reference: `teste-chave-compartilhada-${number}`,
    storeId,
    dueDate: '2030-06-01',
    amountCents,
    beneficiary: chargeBeneficiary(store, 'Portal Demo'),
    payer: { name: 'João da Silva Lima', document: '390.533.447-05' },
  });
}

/** An agreement of `storeId` (the demo agreement's terms) with one instalment and its PIX charge. */
async function pixCharge(storeId: number) {
  const [template] = await t.database.db.select().from(agreements).limit(1);
  const { id: _id, status: _status, createdAt: _createdAt, preAgreementId: _plan, ...terms } = template!;
  const [agreement] = await t.database.db
    .insert(agreements)
    .values({ ...terms, storeId })
    .returning();
  const [instalment] = await t.database.db
    .insert(agreementInstalments)
    .values({ agreementId: agreement!.id, number: 1, dueDate: '2030-06-01', amountCents: 1000 })
    .returning();
  return (await insertCharge(t.database.db, {
    instalmentId: instalment!.id,
    storeId,
    dueDate: instalment!.dueDate,
    amountCents: 1000,
    ...(await issuePix(storeId)),
  }))!;
}

/** Where the PSP sends the key's notifications now. */
const webhookOf = async (key: string) =>
  (await t.database.db.select().from(localPspWebhooks).where(eq(localPspWebhooks.key, key)))[0]?.url;

const pathOf = (storeId: number) => `/webhooks/pix/${pixWebhookToken(SECRET, storeId)}`;

/** The local PSP pays `txid` as a payer's bank would and notifies the key's webhook. */
async function pay(txid: string) {
  const paid = await services.localPsp.inject({ method: 'POST', url: `/sandbox/pay/${txid}` });
  expect(paid.statusCode).toBe(200);
  return paid.json() as { pix: { endToEndId: string }; webhook: number | null };
}

const notify = (storeId: number, pix: unknown[]) =>
  t.app.inject({ method: 'POST', url: `${pathOf(storeId)}/pix`, payload: { pix } });

const unmatchedOf = async (endToEndId: string) =>
  (
    await t.database.db
      .select()
      .from(unmatchedPixPayments)
      .where(eq(unmatchedPixPayments.endToEndId, endToEndId))
  ).map((u) => u.storeId);

beforeAll(async () => {
  t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  services = await createPixServices({
    db: t.database.db,
    env: loadEnv({ NODE_ENV: 'test', PIX_WEBHOOK_SECRET: SECRET }),
    log: t.app.log,
    deliver: async (url, body) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object }))
        .statusCode,
  });
  made.first = await insertStore('90765123000106', { pixKey: SHARED_KEY });
  // The same key typed with spaces around it: the DICT's key is the same.
  made.second = await insertStore('33885544000137', { pixKey: ` ${SHARED_KEY} ` });
  made.ownKey = await insertStore('48151623000191', {});
  made.otherPsp = await insertStore('27182818000129', {
    pixKey: SHARED_KEY,
    paymentProvider: 'pix-api',
    pixApi: {
      baseUrl: 'https://pix.outro-psp.example',
      clientId: 'portal',
      clientSecretEnv: 'NENHUM_SEGREDO',
      certPath: '/dev/null',
      keyPath: '/dev/null',
    },
  });
});
afterAll(async () => {
  await services?.close();
  await t?.close();
});

describe('stores sharing one PIX key at one PSP', () => {
  it("a payment of one store's charge, notified on the path of the store registered last, pays it", async () => {
    const first = await pixCharge(made.first);
    expect(await webhookOf(SHARED_KEY)).toContain(pathOf(made.first));
    // The second store's first charge registers the key again: the PSP now notifies the second store's path.
    await pixCharge(made.second);
    expect(await webhookOf(SHARED_KEY)).toContain(pathOf(made.second));

    const { pix, webhook } = await pay(first.txid!);
    expect(webhook).toBe(200);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.instalmentId, first.instalmentId));
    expect(events.map((e) => [e.kind, e.chargeId, e.amountCents, e.cause])).toEqual([
      ['paid', first.id, 1000, `pix:${pix.endToEndId}`],
    ]);
    expect(await unmatchedOf(pix.endToEndId)).toEqual([]);
  });

  it("a second copy's PIX of one store, notified on the other's path, pays the copy", async () => {
    const issued = await issuePix(made.first, 2500);
    const [partner] = await t.database.db.select().from(partners).limit(1);
    const [person] = await t.database.db.select().from(persons).limit(1);
    const [instalment] = await t.database.db.select().from(instalments).limit(1);
    const [copy] = await t.database.db
      .insert(secondCopies)
      .values({
        partnerId: partner!.id,
        personId: person!.id,
        storeId: made.first,
        instalmentId: instalment!.id,
        dueDate: '2030-06-01',
        amountCents: 2500,
        ourNumber: '00000000000000001',
        barcode: '0'.repeat(44),
        digitableLine: '0'.repeat(47),
        pixCode: issued.pixCode,
        txid: issued.txid,
      })
      .returning();
    const { pix, webhook } = await pay(issued.txid);
    expect(webhook).toBe(200);
    expect(await webhookOf(SHARED_KEY)).toContain(pathOf(made.second));
    const payments = await t.database.db
      .select()
      .from(secondCopyPayments)
      .where(eq(secondCopyPayments.secondCopyId, copy!.id));
    expect(payments.map((p) => [p.amountCents, p.cause])).toEqual([[2500, `pix:${pix.endToEndId}`]]);
  });

  it('a path of a store with another key, or of the same key at another PSP, pays nothing of theirs', async () => {
    const charge = await pixCharge(made.second);
    for (const [storeId, endToEndId] of [
      [made.ownKey, 'E99999999203006011200OUTRACHAVE1'],
      [made.otherPsp, 'E99999999203006011200OUTROPSP01'],
    ] as const) {
      const answer = await notify(storeId, [
        { endToEndId, txid: charge.txid, valor: '10.00', horario: '2030-06-01T15:00:00.000Z' },
      ]);
      // Kept for staff as money of no charge of that store, as any unknown txid is.
      expect(answer.statusCode).toBe(200);
      expect(await unmatchedOf(endToEndId)).toEqual([storeId]);
    }
    expect(
      await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.instalmentId, charge.instalmentId)),
    ).toEqual([]);
  });
});

describe("a store's webhook registration", () => {
  it('is made again when the store changes its key, and not on every charge', async () => {
    const newKey = 'pix@loja-com-chave-nova.com.br';
    await t.database.db.update(stores).set({ pixKey: newKey }).where(eq(stores.id, made.first));
    const charge = await pixCharge(made.first);
    // The new key's notifications come to the store's path from its first charge on, without a restart.
    expect(await webhookOf(newKey)).toContain(pathOf(made.first));
    const { webhook } = await pay(charge.txid!);
    expect(webhook).toBe(200);
    expect(
      (
        await t.database.db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.instalmentId, charge.instalmentId))
      ).map((e) => e.kind),
    ).toEqual(['paid']);

    // Registered once: another charge under the same key does not register it again.
    await t.database.db
      .update(localPspWebhooks)
      .set({ url: 'http://localhost/marcado' })
      .where(eq(localPspWebhooks.key, newKey));
    await issuePix(made.first);
    expect(await webhookOf(newKey)).toBe('http://localhost/marcado');
  });
});
