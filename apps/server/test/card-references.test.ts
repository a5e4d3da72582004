import {
  CARD_OUTCOME_MESSAGES,
  type DividasResposta,
  formatBrDate,
  type PlanosResposta,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementStatusEvents,
  agreements,
  cardPaymentOutcomes,
  cardPayments,
  paymentEvents,
} from '../src/db/schema';
import { pagarmeGateway } from '../src/integrations/card-gateway/pagarme-gateway';
import { SANDBOX_TEST_CARDS } from '../src/integrations/card-gateway/sandbox-gateway';
import { SCHEDULED_JOBS } from '../src/scheduler/jobs';
import { runJobNow } from '../src/scheduler/run-due-jobs';
import {
  closeCardPortal,
  endTestAgreements,
  type GatewayProxy,
  SANDBOX_TEST_KEYS,
  type SandboxServer,
  startCardPortal,
  tokenise,
} from './card-gateway-helpers';
import { quotePlans } from './debt-helpers';
import { call, hostOf } from './identification-helpers';
import { NO_CVS, type TestApp } from './test-app';

// Decision 101: a card payment's reference at the gateway is its agreement's id and a random part, so an agreement
// whose id the sequence gives again (a restore from a backup, another environment on the same gateway account) is
// never paid by the charge the gateway keeps under the old `acordo-{id}`; and a charge of another amount than the
// card payment's is never recorded as paying it, whoever brings it (the order's answer, a lookup, the webhook).

const CLIENT = '10.2.1.1';
const WEBHOOK = { user: 'pagarme', password: 'segredo-do-webhook-das-referencias' };
const SECRET = `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`;

let sandbox: SandboxServer;
let gatewayProxy: GatewayProxy;
let t: TestApp;
let maria: string;
const logLines: string[] = [];

beforeAll(async () => {
  ({ sandbox, gatewayProxy, t, maria } = await startCardPortal({
    slowMs: 1_000,
    client: CLIENT,
    webhook: WEBHOOK,
    logLines,
  }));
});
afterAll(() => closeCardPortal({ t, gatewayProxy, sandbox }));
afterEach(() => endTestAgreements({ t, gatewayProxy }));

const tokenUrl = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/cartao/gateway', headers: { host: hostOf('demo') } })
  ).json().tokenUrl as string;

/** The browser's part and passo_4_novo, for a card plan of the store's debt. */
async function payByCard(number: string, store = 'Bela Casa') {
  const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
  const debt = (debts.json().dados as DividasResposta).dividas.find((d) => d.loja.loj_fantasia === store)!;
  const quote = await quotePlans(t, debt, { cookie: maria, partner: 'demo' }, { metodoPagamento: 'cartao' });
  const plan = (quote.json().dados as PlanosResposta).pre_acordo.at(-1)!;
  const token = await tokenise(await tokenUrl(), { number });
  const res = await call(
    t,
    'negociacao_robo/passo_4_novo',
    {
      praCodigo: plan.pra_codigo,
      formaDePagamento: 'cartao',
      primeiroVencimento: formatBrDate(plan.pra_primeiro_vcto),
      dadosDoCartao: { token: token.id, bandeira: 'VISA', ultimos_digitos: token.card.last_four_digits },
    },
    { host: hostOf('demo'), cookie: maria, ip: CLIENT },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { res, agreementId: res.json().dados.aco_codigo as number };
}

/** The agreement's card payment, its outcomes, its instalments' card payment events and its status events. */
async function recorded(agreementId: number) {
  const { db } = t.database;
  const [payment] = await db.select().from(cardPayments).where(eq(cardPayments.agreementId, agreementId));
  const outcomes = await db
    .select()
    .from(cardPaymentOutcomes)
    .where(eq(cardPaymentOutcomes.cardPaymentId, payment!.id));
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      sql`${paymentEvents.instalmentId} in (select aci_codigo from agreement_instalments where aco_codigo = ${agreementId}) and ${paymentEvents.kind} in ('paid', 'settled')`,
    );
  const statuses = await db
    .select()
    .from(agreementStatusEvents)
    .where(eq(agreementStatusEvents.agreementId, agreementId));
  const [agreement] = await db.select().from(agreements).where(eq(agreements.id, agreementId));
  return {
    payment: payment!,
    outcomes,
    events,
    statuses: statuses.map((s) => [s.from, s.to, s.cause]),
    status: agreement!.status,
  };
}

/** A restore from a backup: the agreements' sequence gives again an id it gave before. Answers that id. */
async function nextAgreementIdGivenAgain(): Promise<number> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('agreements', 'aco_codigo'))::int as id`,
  );
  const id = Number(rows[0]!.id);
  await t.database.db.execute(
    sql`select setval(pg_get_serial_sequence('agreements', 'aco_codigo'), ${id}::bigint, false)`,
  );
  return id;
}

/**
 * A paid order the gateway keeps from before the restore (or from another environment), under the reference that
 * agreement's id made alone, for another amount; with its Idempotency-Key when made within Pagar.me's 24 hours.
 */
async function orderAtGateway(code: string, amountCents: number, idempotencyKey?: string) {
  const token = await tokenise(await tokenUrl(), { number: SANDBOX_TEST_CARDS.paid });
  const res = await fetch(`${sandbox.baseUrl}/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: SECRET,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify({
      code,
      payments: [
        {
          payment_method: 'credit_card',
          amount: amountCents,
          credit_card: { installments: 1, card_token: token.id },
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
  const order = (await res.json()) as { charges: { id: string; status: string }[] };
  expect(order.charges[0]!.status).toBe('paid');
  return order.charges[0]!.id;
}

/** The amounts of the charges the gateway holds under a reference. */
async function chargedUnder(reference: string) {
  const res = await fetch(`${sandbox.baseUrl}/orders?code=${encodeURIComponent(reference)}`, {
    headers: { authorization: SECRET },
  });
  const { data } = (await res.json()) as { data: { charges: { id: string; amount: number }[] }[] };
  return data.flatMap((order) => order.charges.map((charge) => ({ id: charge.id, amount: charge.amount })));
}

function webhook(chargeId: string, id: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cartao/webhook',
    payload: { id, type: 'charge.paid', data: { id: chargeId } },
    headers: {
      host: 'localhost',
      authorization: `Basic ${Buffer.from(`${WEBHOOK.user}:${WEBHOOK.password}`).toString('base64')}`,
    },
  });
}

const reconcile = SCHEDULED_JOBS.find((job) => job.name === 'reconcile-card')!;
const deps = () => ({
  database: t.database,
  providers: new Map(),
  pix: { gatewayFor: () => Promise.reject(new Error('no PIX here')), afterMinutes: 30 },
  cardGateway: pagarmeGateway({
    baseUrl: gatewayProxy.baseUrl,
    browserBaseUrl: gatewayProxy.baseUrl,
    ...SANDBOX_TEST_KEYS,
    timeoutMs: 2_000,
  }),
  log: t.app.log,
  cvDir: NO_CVS,
});

describe('an agreement whose id the sequence gives again (a restore from a backup)', () => {
  it("is charged under a reference of its own: the gateway's paid order under acordo-{id} (its key within 24 hours) is not its payment", async () => {
    const id = await nextAgreementIdGivenAgain();
    const old = await orderAtGateway(`acordo-${id}`, 4_321, `acordo-${id}`);
    const { res, agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid);
    expect(agreementId).toBe(id);
    expect(res.json()).toMatchObject({ retorno: true, mensagem: CARD_OUTCOME_MESSAGES.PAID });
    const { payment, outcomes, events, status } = await recorded(agreementId);
    expect(outcomes.map((o) => o.gatewayChargeId)).not.toContain(old);
    expect(payment.reference).toMatch(new RegExp(`^acordo-${id}-[a-p]{16}$`));
    // Its own charge, for its own amount, paid it; the other agreement's is nowhere.
    const own = await chargedUnder(payment.reference);
    expect(own).toEqual([{ id: expect.any(String), amount: payment.amountCents }]);
    expect(outcomes).toMatchObject([{ state: 'PAID', gatewayChargeId: own[0]!.id, cause: 'gateway:charge' }]);
    expect(events.map((e) => e.cause)).toEqual(events.map(() => `card:${own[0]!.id}`));
    expect(status).toBe('settled');
    // The gateway's webhook for the old charge names a reference no payment has now.
    const hook = await webhook(old, `hook_antigo_${id}`);
    expect(hook.json().status).toBe('unknown');
    expect((await recorded(agreementId)).outcomes).toEqual(outcomes);
  });

  it('a pending payment is not settled by an older order under acordo-{id} (its key expired) that a lookup finds first', async () => {
    const id = await nextAgreementIdGivenAgain();
    const old = await orderAtGateway(`acordo-${id}`, 4_321);
    const { res, agreementId } = await payByCard(SANDBOX_TEST_CARDS.slow);
    expect(agreementId).toBe(id);
    expect(res.json().mensagem).toBe(CARD_OUTCOME_MESSAGES.PENDING);
    await runJobNow(deps(), reconcile);
    const { payment, outcomes } = await recorded(agreementId);
    expect(outcomes.map((o) => o.gatewayChargeId)).not.toContain(old);
    // Its own charge, once the gateway has it, is what the job records.
    const own = await chargedUnder(payment.reference);
    expect(own).toEqual([{ id: expect.any(String), amount: payment.amountCents }]);
    expect(outcomes).toMatchObject([{ state: 'PAID', gatewayChargeId: own[0]!.id }]);
  });
});

/** A paid Pagar.me v5 order and its charge under `reference`, for `amountCents`: what the gateway answers itself. */
function paidOrder(reference: string, amountCents: number, suffix: string) {
  const now = new Date().toISOString();
  const order = { id: `or_outro_valor_${suffix}`, code: reference };
  const charge = {
    id: `ch_outro_valor_${suffix}`,
    code: reference,
    status: 'paid',
    amount: amountCents,
    canceled_amount: 0,
    paid_at: now,
    updated_at: now,
    order,
    last_transaction: {
      status: 'captured',
      acquirer_auth_code: '654321',
      card: { brand: 'Visa', last_four_digits: '0044' },
    },
  };
  return { charge, order: { ...order, amount: amountCents, status: 'paid', charges: [charge] } };
}

describe('a charge under the payment’s reference for another amount', () => {
  it('is not recorded by the reconcile-card job (which goes on to the next payment), Meus Acordos or the webhook', async () => {
    const mismatched = await payByCard(SANDBOX_TEST_CARDS.slow, 'Banco Horizonte');
    const next = await payByCard(SANDBOX_TEST_CARDS.slow);
    const before = await recorded(mismatched.agreementId);
    expect(before.outcomes).toEqual([]);
    const { reference, amountCents } = before.payment;
    const other = paidOrder(reference, amountCents - 100, String(mismatched.agreementId));
    gatewayProxy.answer = ({ method, url }) =>
      method === 'GET' && url.endsWith(`/orders?code=${encodeURIComponent(reference)}`)
        ? { status: 200, json: { data: [other.order], paging: { total: 1 } } }
        : method === 'GET' && url.endsWith(`/charges/${other.charge.id}`)
          ? { status: 200, json: other.charge }
          : undefined;

    // 40 minutes on, when a payment the gateway had no order for would be cancelled as not received.
    const report = await runJobNow(deps(), reconcile, new Date(Date.now() + 40 * 60_000));
    expect(report.dates).toHaveLength(1);
    expect((await recorded(mismatched.agreementId)).outcomes).toEqual([]);
    expect((await recorded(next.agreementId)).outcomes).toMatchObject([{ state: 'PAID' }]);
    const listing = await call(
      t,
      'negociacao_robo/passo_5',
      {},
      { host: hostOf('demo'), cookie: maria, ip: CLIENT },
    );
    expect(listing.statusCode, listing.body).toBe(200);
    const hook = await webhook(other.charge.id, `hook_outro_valor_${mismatched.agreementId}`);
    expect(hook.statusCode).toBe(200);
    expect(hook.json().status).toBe('unknown');

    // Nothing paid, nothing decided: the payment stays pending and its agreement active, without an event.
    const after = await recorded(mismatched.agreementId);
    expect([after.outcomes, after.events, after.statuses, after.status]).toEqual([[], [], [], 'active']);
    const logged = logLines
      .filter((line) => line.includes('is not its charge'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(logged.at(-1)).toMatchObject({
      cardPaymentId: before.payment.id,
      agreementId: mismatched.agreementId,
      chargeId: other.charge.id,
      chargeAmountCents: amountCents - 100,
      amountCents,
    });

    // The gateway then answers with the payment's own charge: that one is recorded.
    gatewayProxy.answer = () => undefined;
    await runJobNow(deps(), reconcile, new Date(Date.now() + 50 * 60_000));
    const paid = await recorded(mismatched.agreementId);
    expect(paid.outcomes).toMatchObject([{ state: 'PAID' }]);
    expect(paid.outcomes[0]!.gatewayChargeId).not.toBe(other.charge.id);
    expect(paid.status).toBe('settled');
  });

  it("is not recorded from the order request's own answer: the person reads it is pending", async () => {
    // The order is made at the gateway; the answer that comes back is of another amount, under the request's code.
    gatewayProxy.answer = ({ method, url, body }) => {
      if (method !== 'POST' || !url.endsWith('/orders')) return undefined;
      const { code } = JSON.parse(body ?? '{}') as { code: string };
      return { status: 200, json: paidOrder(code, 1_000, 'pedido').order, passOn: true };
    };
    const { res, agreementId } = await payByCard(SANDBOX_TEST_CARDS.paid);
    expect(res.json()).toMatchObject({ retorno: true, mensagem: CARD_OUTCOME_MESSAGES.PENDING });
    const pending = await recorded(agreementId);
    expect([pending.outcomes, pending.events, pending.status]).toEqual([[], [], 'active']);
    // The job finds the payment's own charge under its reference and records it.
    gatewayProxy.answer = () => undefined;
    await runJobNow(deps(), reconcile, new Date(Date.now() + 60 * 60_000));
    const paid = await recorded(agreementId);
    expect(paid.outcomes).toMatchObject([{ state: 'PAID', cause: expect.stringMatching(/^lookup:ch_/) }]);
    expect(paid.outcomes[0]!.gatewayChargeId).not.toBe('ch_outro_valor_pedido');
  });
});
