import { addDays, STORE_MESSAGES, type StoreItem, storeFormValues, todayInBrasilia } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, paymentEvents, stores } from '../src/db/schema';
import { insertSecondCopy, partyOf } from './agreement-admin-helpers';
import { liquidateCopy, openBoleto } from './cnab-helpers';
import { staffToken } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 086: a store's boleto identity (bank, convênio, wallet, agency, account) is kept while boletos issued
// under it may still be paid, since the bank's retorno of those names the old values and would match no store.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await staffToken(t);
});
afterAll(async () => {
  await t?.close();
});

const storeRow = async (id: number) =>
  (await t.database.db.select().from(stores).where(eq(stores.id, id)))[0]!;

async function formOf(id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lojas/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return storeFormValues(res.json().data as StoreItem);
}

async function save(id: number, changes: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/lojas/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { ...(await formOf(id)), ...changes },
  });
}

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
