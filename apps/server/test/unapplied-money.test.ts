import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  instalments,
  paymentEvents,
  secondCopyCancellations,
  secondCopyPayments,
  unappliedMoneyResolutions,
} from '../src/db/schema';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { insertAgreement, insertSecondCopy, partyOf } from './agreement-admin-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 063: the back office's work list of unapplied money (decision 049), one amount a row, and what staff did
// with each: given back or applied by hand, with a reason, once, audited; within the staff scope.
process.env.TZ = 'UTC';

const PASSWORD = 'NaoAplicado#2026x';
const PERIOD = 'data_inicial=2026-04-01&data_final=2026-04-30';
type Role = 'administrator' | 'operator' | 'auditor';
let t: TestApp;
const tokens = {} as Record<Role, string>;
let acme: Awaited<ReturnType<typeof partyOf>>;
let demo: Awaited<ReturnType<typeof partyOf>>;
let acmeAgreementId: number;
let demoAgreementId: number;
/** Acme's PIX paid short on 13 April, demo's boleto paid after its cancellation on 20 April, demo's paid event. */
const events = { acme: 0, demo: 0, paid: 0 };

const get = (url: string, role: Role = 'administrator') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[role]}` } });
const resolve = (id: number, body: unknown, role: Role = 'administrator') =>
  t.app.inject({
    method: 'POST',
    url: `/api/gestao/nao-aplicados/${id}/resolucao`,
    headers: { authorization: `Bearer ${tokens[role]}` },
    payload: body as object,
  });
const resolveCopy = (id: number, body: unknown, role: Role = 'administrator') =>
  t.app.inject({
    method: 'POST',
    url: `/api/gestao/nao-aplicados/segundas-vias/${id}/resolucao`,
    headers: { authorization: `Bearer ${tokens[role]}` },
    payload: body as object,
  });
const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((row) => row.id);

async function unapplied(instalmentId: number, amountCents: number, on: string, cause: string) {
  const [row] = await t.database.db
    .insert(paymentEvents)
    .values({ instalmentId, kind: 'unapplied', amountCents, occurredOn: on, cause })
    .returning({ id: paymentEvents.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await partyOf(db, 'acme', '52998224725');
  demo = await partyOf(db, 'demo', '52998224725');
  let ip = 0;
  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    const user = await createStaffUser(db, { username: `naoaplicado.${role}`, password: PASSWORD, role });
    if (role === 'operator') await setStaffAccess(db, user.id, { role, partnerIds: [acme.partnerId] });
    ip += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: `naoaplicado.${role}`, password: PASSWORD },
      remoteAddress: `10.61.0.${ip}`,
    });
    tokens[role] = res.json().access_token;
  }
  const acmeAgreement = await insertAgreement(db, {
    partnerId: acme.partnerId,
    personId: acme.person.id,
    storeId: acme.storeId,
    method: 'pix',
    createdAt: new Date('2026-03-11T12:00:00Z'),
    instalments: [
      { dueDate: '2026-03-12', amountCents: 10_000, paid: { cause: 'pix:E0001', on: '2026-04-02' } },
      { dueDate: '2026-04-12', amountCents: 20_000 },
    ],
  });
  const demoAgreement = await insertAgreement(db, {
    partnerId: demo.partnerId,
    personId: demo.person.id,
    storeId: demo.storeId,
    method: 'boleto',
    status: 'cancelled',
    createdAt: new Date('2026-03-15T12:00:00Z'),
    instalments: [{ dueDate: '2026-04-15', amountCents: 30_000 }],
  });
  acmeAgreementId = acmeAgreement.id;
  demoAgreementId = demoAgreement.id;
  events.acme = await unapplied(acmeAgreement.instalmentIds[1]!, 5_000, '2026-04-13', 'pix:E0009');
  events.demo = await unapplied(demoAgreement.instalmentIds[0]!, 30_000, '2026-04-20', 'cnab:7:4');
  const [paid] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(eq(paymentEvents.instalmentId, acmeAgreement.instalmentIds[0]!), eq(paymentEvents.kind, 'paid')),
    );
  events.paid = paid!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the unapplied money list', () => {
  it('lists each unapplied amount of the period, newest first, with what the screen shows and nothing more', async () => {
    const res = await get(`/api/gestao/nao-aplicados?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(idsOf(res)).toEqual([events.demo, events.acme]);
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
    expect(body.data[1]).toEqual({
      id: events.acme,
      origem: 'acordo',
      data: '2026-04-13',
      valor: 5_000,
      causa: 'pix:E0009',
      aco_codigo: acmeAgreementId,
      parcela: '1/1',
      parceiro: { id: acme.partnerId, nome: acme.partnerName },
      loja: { id: acme.storeId, nome: expect.any(String) },
      // Recorded before the events said why (decision 064), as the rows written here are.
      motivo: null,
      resolucao: null,
    });
    expect(body.data[0]).toMatchObject({
      aco_codigo: demoAgreementId,
      valor: 30_000,
      parcela: 'Parcela única',
    });
    expect(body.lojas).toEqual(expect.arrayContaining([expect.objectContaining({ id: acme.storeId })]));
    // No person's data: the agreement's page has it, for whoever opens it.
    expect(res.body).not.toContain('Maria');
    expect(res.body).not.toContain('52998224725');
  });

  it('filters by period, partner and store', async () => {
    expect(
      idsOf(await get('/api/gestao/nao-aplicados?data_inicial=2026-04-14&data_final=2026-04-30')),
    ).toEqual([events.demo]);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${PERIOD}&parceiro=${acme.partnerId}`))).toEqual([
      events.acme,
    ]);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${PERIOD}&loja=${demo.storeId}`))).toContain(
      events.demo,
    );
    expect((await get('/api/gestao/nao-aplicados')).statusCode).toBe(400);
  });

  it('shows an operator only their partners’ amounts, whatever partner the query names', async () => {
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${PERIOD}`, 'operator'))).toEqual([events.acme]);
    const other = await get(`/api/gestao/nao-aplicados?${PERIOD}&parceiro=${demo.partnerId}`, 'operator');
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${PERIOD}`, 'auditor'))).toEqual([
      events.demo,
      events.acme,
    ]);
  });
});

describe('resolving an unapplied amount', () => {
  const refund = { resolucao: 'refunded', motivo: 'PIX devolvido ao pagador pelo banco em 20/04.' };

  it('refuses an auditor, another partner’s amount to an operator, and what is not unapplied money', async () => {
    const auditor = await resolve(events.acme, refund, 'auditor');
    expect(auditor.statusCode).toBe(403);
    expect(auditor.json().message).toBe('Acesso negado');
    const other = await resolve(events.demo, refund, 'operator');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Valor não aplicado não encontrado.');
    expect((await resolve(events.paid, refund)).statusCode).toBe(404);
    expect((await resolve(999_999, refund)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(unappliedMoneyResolutions);
    expect(rows).toEqual([]);
  });

  it('requires what was done and a reason of at most 500 characters, in Portuguese', async () => {
    const blank = await resolve(events.acme, { resolucao: 'refunded', motivo: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().dados).toEqual({ motivo: 'Informe o motivo.' });
    const unknown = await resolve(events.acme, { resolucao: 'kept', motivo: 'Motivo' });
    expect(unknown.json().dados).toEqual({ resolucao: 'Informe o que foi feito com o valor.' });
    const long = await resolve(events.acme, { resolucao: 'refunded', motivo: 'a'.repeat(501) });
    expect(long.json().dados).toEqual({ motivo: 'O motivo deve ter no máximo 500 caracteres.' });
  });

  it('records the resolution once, audited; again, it answers the first and changes nothing', async () => {
    const db = t.database.db;
    const first = await resolve(events.acme, refund, 'operator');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Resolução registrada com sucesso!',
      data: expect.objectContaining({
        id: events.acme,
        resolucao: {
          tipo: 'refunded',
          motivo: refund.motivo,
          usuario: 'naoaplicado.operator',
          em: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
      }),
    });
    const again = await resolve(events.acme, { resolucao: 'applied_manually', motivo: 'Outra coisa' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Este valor já tinha uma resolução registrada; ela foi mantida.');
    expect(again.json().data).toEqual(first.json().data);
    expect(await db.select().from(unappliedMoneyResolutions)).toHaveLength(1);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'unapplied_money'), eq(auditLog.entityId, String(events.acme))));
    expect(audit).toEqual([
      expect.objectContaining({
        username: 'naoaplicado.operator',
        action: 'resolve',
        route: 'POST /api/gestao/nao-aplicados/:id/resolucao',
        before: { resolucao: null },
        after: { resolucao: 'refunded', motivo: refund.motivo },
      }),
    ]);
  });

  it('shows the resolution on the list, and the list filters pending and resolved amounts', async () => {
    const all = await get(`/api/gestao/nao-aplicados?${PERIOD}`);
    expect(all.json().data[1].resolucao).toMatchObject({ tipo: 'refunded', usuario: 'naoaplicado.operator' });
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${PERIOD}&situacao=resolved`))).toEqual([events.acme]);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${PERIOD}&situacao=pending`))).toEqual([events.demo]);
  });
});

describe('a second copy’s money that paid nothing', () => {
  // Decisions 049 and 061: a copy's money beyond its value, and a copy's money that ended it short, paid nothing.
  const MAY = 'data_inicial=2026-05-01&data_final=2026-05-31';
  const copyMoney = { beyond: 0, short: 0, shortAfterPaid: 0 };
  let contractNumber: string;

  beforeAll(async () => {
    const db = t.database.db;
    const [first, second, third] = await db
      .select()
      .from(instalments)
      .where(eq(instalments.contractId, acme.contract.id))
      .orderBy(instalments.number)
      .limit(3);
    contractNumber = acme.contract.number;
    const copyOf = async (instalmentId: number, issue: number, ourNumber: string) => {
      const copy = await insertSecondCopy(db, acme, {
        instalmentId,
        dueDate: '2026-05-10',
        amountCents: 10_000,
        ourNumber,
        txid: `txid${ourNumber}`,
        issue,
      });
      return copy.id;
    };
    // Paid by its PIX, then by its boleto: the boleto's money is beyond the copy's value.
    const paidTwice = await copyOf(first!.id, 1, '12345670000000501');
    const [, beyond] = await db
      .insert(secondCopyPayments)
      .values([
        { secondCopyId: paidTwice, amountCents: 10_000, occurredOn: '2026-05-04', cause: 'pix:E-MAY-1' },
        { secondCopyId: paidTwice, amountCents: 10_000, occurredOn: '2026-05-05', cause: 'cnab:51:1' },
      ])
      .returning({ id: secondCopyPayments.id });
    copyMoney.beyond = beyond!.id;
    // Its boleto paid 60 of 100 ended it (decision 049); the next copy, for the whole value, was paid by its PIX.
    const paidShort = await copyOf(second!.id, 1, '12345670000000502');
    const [short] = await db
      .insert(secondCopyPayments)
      .values({ secondCopyId: paidShort, amountCents: 6_000, occurredOn: '2026-05-06', cause: 'cnab:51:2' })
      .returning({ id: secondCopyPayments.id });
    copyMoney.short = short!.id;
    await db.insert(secondCopyCancellations).values({ secondCopyId: paidShort, cause: 'cnab-short:51:2' });
    const next = await copyOf(second!.id, 2, '12345670000000503');
    await db
      .insert(secondCopyPayments)
      .values({ secondCopyId: next, amountCents: 10_000, occurredOn: '2026-05-07', cause: 'pix:E-MAY-2' });
    // Paid in full by its boleto, then its PIX paid short: money beyond its value. (Such a PIX also recorded the paid
    // copy's cancellation until found in review; one so recorded changes nothing.)
    const paidThenShort = await copyOf(third!.id, 1, '12345670000000504');
    await db.insert(secondCopyPayments).values({
      secondCopyId: paidThenShort,
      amountCents: 10_000,
      occurredOn: '2026-05-08',
      cause: 'cnab:51:3',
    });
    const [afterPaid] = await db
      .insert(secondCopyPayments)
      .values({
        secondCopyId: paidThenShort,
        amountCents: 6_000,
        occurredOn: '2026-05-09',
        cause: 'pix:E-MAY-3',
      })
      .returning({ id: secondCopyPayments.id });
    copyMoney.shortAfterPaid = afterPaid!.id;
    await db
      .insert(secondCopyCancellations)
      .values({ secondCopyId: paidThenShort, cause: 'pix-short:E-MAY-3' });
  });

  it('lists both amounts, as a second copy’s, with no agreement to link to', async () => {
    const res = await get(`/api/gestao/nao-aplicados?${MAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      // Why each paid nothing (decision 064): a PIX short after the copy was paid is money beyond it.
      expect.objectContaining({
        id: copyMoney.shortAfterPaid,
        valor: 6_000,
        motivo: 'already_paid',
        parcela: `Contrato ${contractNumber} - parcela 3`,
      }),
      {
        id: copyMoney.short,
        origem: 'segunda_via',
        data: '2026-05-06',
        valor: 6_000,
        causa: 'cnab:51:2',
        motivo: 'underpaid',
        aco_codigo: null,
        parcela: `Contrato ${contractNumber} - parcela 2`,
        parceiro: { id: acme.partnerId, nome: acme.partnerName },
        loja: { id: acme.storeId, nome: expect.any(String) },
        resolucao: null,
      },
      expect.objectContaining({
        id: copyMoney.beyond,
        origem: 'segunda_via',
        valor: 10_000,
        causa: 'cnab:51:1',
        motivo: 'already_paid',
      }),
    ]);
    expect((await get(`/api/gestao/nao-aplicados?${PERIOD}`)).json().data[0]).toMatchObject({
      origem: 'acordo',
    });
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${MAY}`, 'operator'))).toEqual([
      copyMoney.shortAfterPaid,
      copyMoney.short,
      copyMoney.beyond,
    ]);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${MAY}&parceiro=${demo.partnerId}`))).toEqual([]);
  });

  it('counts the same money unapplied on the payments list and the dashboard, and the copies’ value under 2ª via', async () => {
    const listed = (await get(`/api/gestao/nao-aplicados?${MAY}`)).json().data as { valor: number }[];
    const unappliedCents = listed.reduce((sum, row) => sum + row.valor, 0);
    expect(unappliedCents).toBe(22_000);
    const payments = (await get(`/api/gestao/pagamentos?${MAY}&parceiro=${acme.partnerId}`)).json();
    expect(payments.totais).toMatchObject({ second_copy: 30_000, unapplied: unappliedCents, total: 52_000 });
    const dashboard = (await get(`/api/painel?parceiro=${acme.partnerId}&${MAY}`)).json().data;
    expect(dashboard.money.recovered).toMatchObject({
      secondCopyPayments: 30_000,
      unapplied: unappliedCents,
    });
  });

  it('resolves a copy’s amount once, audited, within the operator’s partners', async () => {
    const db = t.database.db;
    const refund = { resolucao: 'refunded', motivo: 'Boleto pago a menor devolvido.' };
    expect((await resolveCopy(copyMoney.short, refund, 'auditor')).statusCode).toBe(403);
    expect((await resolveCopy(999_999, refund)).statusCode).toBe(404);
    const first = await resolveCopy(copyMoney.short, refund, 'operator');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: 'Resolução registrada com sucesso!',
      data: expect.objectContaining({
        id: copyMoney.short,
        origem: 'segunda_via',
        resolucao: expect.objectContaining({ tipo: 'refunded', usuario: 'naoaplicado.operator' }),
      }),
    });
    const again = await resolveCopy(copyMoney.short, { resolucao: 'applied_manually', motivo: 'Outra' });
    expect(again.json().message).toBe('Este valor já tinha uma resolução registrada; ela foi mantida.');
    expect(again.json().data).toEqual(first.json().data);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'second_copy_unapplied_money'), eq(auditLog.action, 'resolve')));
    expect(audit).toEqual([
      expect.objectContaining({
        entityId: String(copyMoney.short),
        route: 'POST /api/gestao/nao-aplicados/segundas-vias/:id/resolucao',
        after: { resolucao: 'refunded', motivo: refund.motivo },
      }),
    ]);
    // The copy's value paid by the next copy is not unapplied money; nor is an agreement event under a copy's id.
    const [paid] = await db
      .select({ id: secondCopyPayments.id })
      .from(secondCopyPayments)
      .where(eq(secondCopyPayments.cause, 'pix:E-MAY-2'));
    expect((await resolveCopy(paid!.id, refund)).statusCode).toBe(404);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${MAY}&situacao=pending`))).toEqual([
      copyMoney.shortAfterPaid,
      copyMoney.beyond,
    ]);
    expect(idsOf(await get(`/api/gestao/nao-aplicados?${MAY}&situacao=resolved`))).toEqual([copyMoney.short]);
  });

  it('computes an operator’s copies’ figures within their partners, the same as an administrator sees them', async () => {
    const db = t.database.db;
    const before = (await get(`/api/gestao/nao-aplicados?${MAY}`)).json().data;
    // Another partner's copy, paid by its PIX and then by its boleto: its boleto's money paid nothing.
    const [instalment] = await db
      .select()
      .from(instalments)
      .where(eq(instalments.contractId, demo.contract.id))
      .orderBy(instalments.number)
      .limit(1);
    const copy = await insertSecondCopy(db, demo, {
      instalmentId: instalment!.id,
      dueDate: '2026-05-10',
      amountCents: 7_000,
      ourNumber: '12345670000000505',
      txid: 'txid12345670000000505',
      issue: 1,
    });
    const [, demoBeyond] = await db
      .insert(secondCopyPayments)
      .values([
        { secondCopyId: copy.id, amountCents: 7_000, occurredOn: '2026-05-03', cause: 'pix:E-MAY-9' },
        { secondCopyId: copy.id, amountCents: 7_000, occurredOn: '2026-05-04', cause: 'cnab:52:1' },
      ])
      .returning({ id: secondCopyPayments.id });
    const all = (await get(`/api/gestao/nao-aplicados?${MAY}`)).json().data;
    expect(all.filter((row: { parceiro: { id: number } }) => row.parceiro.id === acme.partnerId)).toEqual(
      before,
    );
    const demoRows = (await get(`/api/gestao/nao-aplicados?${MAY}&parceiro=${demo.partnerId}`)).json().data;
    expect(demoRows).toEqual([
      expect.objectContaining({
        id: demoBeyond!.id,
        valor: 7_000,
        motivo: 'already_paid',
        causa: 'cnab:52:1',
      }),
    ]);
    // The operator of acme alone: acme's rows with the same figures, whatever partner or store the query names.
    expect((await get(`/api/gestao/nao-aplicados?${MAY}`, 'operator')).json().data).toEqual(before);
    const named = await get(`/api/gestao/nao-aplicados?${MAY}&parceiro=${demo.partnerId}`, 'operator');
    expect(named.json().data).toEqual([]);
    const store = await get(`/api/gestao/nao-aplicados?${MAY}&loja=${demo.storeId}`, 'operator');
    expect(store.json().data).toEqual([]);
    expect(
      (await resolveCopy(demoBeyond!.id, { resolucao: 'refunded', motivo: 'x' }, 'operator')).statusCode,
    ).toBe(404);
  });
});
