import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CardGatewayRefused, CardGatewayUnavailable } from '../src/integrations/card-gateway/card-gateway';
import { pagarmeGateway, pagarmeReversal } from '../src/integrations/card-gateway/pagarme-gateway';
import { SANDBOX_TEST_CARDS } from '../src/integrations/card-gateway/sandbox-gateway';
import { SANDBOX_TEST_KEYS, type SandboxServer, startSandboxGateway, tokenise } from './card-gateway-helpers';

// The Pagar.me v5 adapter against the sandbox gateway over HTTP (issue 17 item 3): tokens, orders, charges.

let sandbox: SandboxServer;
const gatewayWith = (overrides: Partial<Parameters<typeof pagarmeGateway>[0]> = {}) =>
  pagarmeGateway({
    baseUrl: sandbox.baseUrl,
    browserBaseUrl: sandbox.baseUrl,
    ...SANDBOX_TEST_KEYS,
    timeoutMs: 500,
    ...overrides,
  });

beforeAll(async () => {
  sandbox = await startSandboxGateway(1_500);
});
afterAll(async () => {
  await sandbox?.close();
});

let sequence = 0;
const request = (cardToken: string) => ({
  reference: `teste-${Date.now()}-${++sequence}`,
  amountCents: 12_345,
  instalments: 3,
  cardToken,
  description: 'Acordo de teste',
  customer: { name: 'Maria Silva', document: '52998224725', email: null },
});

describe('Pagar.me v5 adapter against the sandbox gateway', () => {
  it('tokenises with the public key only and answers brand and last four, never the number', async () => {
    const gateway = gatewayWith();
    expect(gateway.tokenisation.tokenUrl).toBe(
      `${sandbox.baseUrl}/tokens?appId=${SANDBOX_TEST_KEYS.publicKey}`,
    );
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number: SANDBOX_TEST_CARDS.paid });
    expect(token.id).toMatch(/^token_/);
    expect(token.card).toMatchObject({ last_four_digits: '0010', brand: 'Visa' });
    expect(JSON.stringify(token)).not.toContain(SANDBOX_TEST_CARDS.paid);
    await expect(
      tokenise(`${sandbox.baseUrl}/tokens?appId=wrong`, { number: SANDBOX_TEST_CARDS.paid }),
    ).rejects.toThrow('401');
    await expect(tokenise(gateway.tokenisation.tokenUrl, { number: '4000000000000011' })).rejects.toThrow(
      '422',
    );
  });

  it.each([
    [SANDBOX_TEST_CARDS.paid, 'PAID', true],
    [SANDBOX_TEST_CARDS.rejected, 'REJECTED', false],
    [SANDBOX_TEST_CARDS.voided, 'VOIDED', true],
  ])('card %s is %s', async (number, state, authorised) => {
    const gateway = gatewayWith();
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number });
    const order = request(token.id);
    const charge = await gateway.charge(order);
    expect(charge).toMatchObject({
      state,
      reference: order.reference,
      // Pagar.me's `amount`: what the charge is for, compared with the card payment's (decision 101).
      amountCents: order.amountCents,
      lastFour: number.slice(-4),
      brand: 'Visa',
    });
    expect(charge.chargeId).toMatch(/^ch_/);
    expect(charge.orderId).toMatch(/^or_/);
    expect(charge.authorisationCode !== null).toBe(authorised);
    // Pagar.me's paid_at: when the card was charged, the payment's business day.
    expect(charge.paidAt !== null).toBe(state === 'PAID');
    expect(await gateway.getCharge(charge.chargeId)).toEqual(charge);
    expect(await gateway.lookup(order.reference)).toEqual(charge);
  });

  it('a retried order under the same reference is the same charge (Idempotency-Key), the token used once', async () => {
    const gateway = gatewayWith();
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number: SANDBOX_TEST_CARDS.paid });
    const order = request(token.id);
    const first = await gateway.charge(order);
    expect(await gateway.charge(order)).toEqual(first);
    // A spent token makes no second charge under another reference: a refusal (4xx), not an unanswered charge.
    const spent = gateway.charge({ ...order, reference: `${order.reference}-b` });
    await expect(spent).rejects.toThrow('422');
    await expect(spent).rejects.toBeInstanceOf(CardGatewayRefused);
  });

  it('a retry while the first order is in process is unavailable (409), not a refusal (decision 092)', async () => {
    const gateway = gatewayWith({ timeoutMs: 3_000 });
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number: SANDBOX_TEST_CARDS.slow });
    const order = request(token.id);
    const first = gateway.charge(order);
    // Once the gateway has the first order, while the slow card's answer is still on its way.
    while (!(await gateway.lookup(order.reference))) await new Promise((done) => setTimeout(done, 20));
    await expect(gateway.charge(order)).rejects.toBeInstanceOf(CardGatewayUnavailable);
    expect(await first).toMatchObject({ state: 'PAID', reference: order.reference });
  });

  it("past the Idempotency-Key's 24 hours a retry is a new order request: its spent token refused (decision 092)", async () => {
    const gateway = gatewayWith();
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number: SANDBOX_TEST_CARDS.paid });
    const order = request(token.id);
    const first = await gateway.charge(order);
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.now() + 24 * 60 * 60_000 + 1_000,
      shouldAdvanceTime: true,
    });
    try {
      await expect(gateway.charge(order)).rejects.toMatchObject({ status: 422 });
    } finally {
      vi.useRealTimers();
    }
    // The first charge stands under the reference: the refusal says nothing of it.
    expect(await gateway.lookup(order.reference)).toEqual(first);
  });

  it('a gateway slower than the timeout is unavailable; the lookup later finds the charge paid', async () => {
    const gateway = gatewayWith({ timeoutMs: 200 });
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number: SANDBOX_TEST_CARDS.slow });
    const order = request(token.id);
    await expect(gateway.charge(order)).rejects.toBeInstanceOf(CardGatewayUnavailable);
    const found = await gateway.lookup(order.reference);
    expect(found).toMatchObject({ state: 'PAID', reference: order.reference, lastFour: '0044' });
    expect(await gateway.lookup('nunca-cobrado')).toBeNull();
    expect(await gateway.getCharge('ch_desconhecida')).toBeNull();
  });

  it('cancels a charge (VOIDED) and refuses a wrong secret key', async () => {
    const gateway = gatewayWith();
    const token = await tokenise(gateway.tokenisation.tokenUrl, { number: SANDBOX_TEST_CARDS.paid });
    const charge = await gateway.charge(request(token.id));
    expect(charge.reversal).toBeNull();
    // Cancelling a paid charge refunds it: VOIDED, and a reversal of the money taken (decision 047).
    expect(await gateway.cancel(charge.chargeId)).toMatchObject({ state: 'VOIDED', reversal: 'refunded' });
    expect((await gateway.getCharge(charge.chargeId))?.reversal).toBe('refunded');
    await expect(gatewayWith({ secretKey: 'sk_wrong' }).getCharge(charge.chargeId)).rejects.toThrow('401');
  });

  it('lists the charges given back since a moment, every page, with when they were given back', async () => {
    const own = await startSandboxGateway();
    try {
      const gateway = pagarmeGateway({
        baseUrl: own.baseUrl,
        browserBaseUrl: own.baseUrl,
        ...SANDBOX_TEST_KEYS,
        timeoutMs: 2_000,
      });
      const before = new Date(Date.now() - 1_000);
      const chargeWith = async (number: string) =>
        gateway.charge(request((await tokenise(gateway.tokenisation.tokenUrl, { number })).id));
      // More than one page (30) of refunds, beside a charge still paid and one voided before it was paid.
      const refunded: string[] = [];
      for (let i = 0; i < 31; i++) {
        const charge = await chargeWith(SANDBOX_TEST_CARDS.paid);
        await gateway.cancel(charge.chargeId);
        refunded.push(charge.chargeId);
      }
      await chargeWith(SANDBOX_TEST_CARDS.paid);
      await chargeWith(SANDBOX_TEST_CARDS.voided);
      // Decision 075: a part of a paid charge refunded (Pagar.me: DELETE with `{ amount }`); it stays paid.
      const partly = await chargeWith(SANDBOX_TEST_CARDS.paid);
      const partial = await fetch(`${own.baseUrl}/charges/${partly.chargeId}`, {
        method: 'DELETE',
        headers: {
          authorization: `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: 2_500 }),
      });
      expect(partial.status).toBe(200);
      expect(await gateway.getCharge(partly.chargeId)).toMatchObject({
        state: 'PAID',
        reversal: 'partially_refunded',
        canceledCents: 2_500,
      });

      const listed = await gateway.reversedSince(before);
      expect(listed.map((charge) => charge.chargeId).sort()).toEqual([...refunded, partly.chargeId].sort());
      for (const charge of listed) {
        expect(charge).toMatchObject(
          charge.chargeId === partly.chargeId
            ? { state: 'PAID', reversal: 'partially_refunded', canceledCents: 2_500 }
            : { state: 'VOIDED', reversal: 'refunded' },
        );
        expect(charge.reversedAt!.getTime()).toBeGreaterThanOrEqual(charge.paidAt!.getTime());
      }
      expect(await gateway.reversedSince(new Date(Date.now() + 60_000))).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it.each([
    [{ status: 'chargedback', paid_at: '2026-03-02T13:00:00Z' }, 'chargedback'],
    [{ status: 'canceled', paid_at: '2026-03-02T13:00:00Z' }, 'refunded'],
    [{ status: 'canceled', paid_at: null }, null],
    [{ status: 'paid', paid_at: '2026-03-02T13:00:00Z' }, null],
    [{ status: 'paid', paid_at: '2026-03-02T13:00:00Z', canceled_amount: 0 }, null],
    [{ status: 'paid', paid_at: '2026-03-02T13:00:00Z', canceled_amount: 1_000 }, 'partially_refunded'],
    [{ status: 'overpaid', paid_at: '2026-03-02T13:00:00Z', canceled_amount: 1_000 }, 'partially_refunded'],
    [{ status: 'failed' }, null],
  ])('a charge %o is a reversal of %s (Pagar.me v5 charge statuses)', (charge, reversal) => {
    expect(pagarmeReversal(charge)).toBe(reversal);
  });

  it('an unreachable gateway is unavailable, not an answer', async () => {
    const gateway = gatewayWith({ baseUrl: 'http://127.0.0.1:9/core/v5' });
    await expect(gateway.lookup('x')).rejects.toBeInstanceOf(CardGatewayUnavailable);
  });
});
