import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CARD_BRAND_NAMES, cardBrandOf, onlyDigits, passesLuhn } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLocalRequest } from '../../plugins/local-request';

// A local card gateway speaking the Pagar.me Core API v5 subset the adapter uses (tokens, orders, charges), so the
// product runs and is tested without a real gateway (decision 023). Like a gateway's sandbox, test card numbers
// decide the outcome (README "Test cards"). It keeps its charges in memory: it stands for a service outside the
// portal, and in the default product it is served at /sandbox-gateway only when no real gateway is configured.

/** Test cards (Luhn-valid) and what the sandbox does with each; any other valid card is paid. */
export const SANDBOX_TEST_CARDS = {
  paid: '4000000000000010',
  rejected: '4000000000000028',
  voided: '4000000000000036',
  /** Paid, but the answer comes after `slowMs`: the portal stops waiting first, a lookup finds it paid. */
  slow: '4000000000000044',
} as const;

export interface SandboxGatewayOptions {
  secretKey: string;
  publicKey: string;
  /** How long the slow test card's answer takes. */
  slowMs: number;
}

interface SandboxToken {
  digits: string;
  holder: string;
  expiresAt: number;
}

interface SandboxCharge {
  id: string;
  code: string;
  status: 'paid' | 'failed' | 'canceled';
  amount: number;
  /** Given back so far (refunds); a charge refunded in part stays paid, as Pagar.me's (decision 075). */
  canceled_amount: number;
  created_at: string;
  /** When the card was charged, as Pagar.me says it: the portal records the payment on its day. */
  paid_at: string | null;
  /** The charge's last change (a refund's moment, for a refunded charge). */
  updated_at: string;
  order: { id: string; code: string };
  last_transaction: {
    status: string;
    acquirer_auth_code: string | null;
    installments: number;
    card: { brand: string; last_four_digits: string; first_six_digits: string };
  };
}

interface SandboxOrder {
  id: string;
  code: string;
  amount: number;
  status: string;
  charges: SandboxCharge[];
}

const chargeListQuery = z.object({
  status: z.string().optional(),
  payment_method: z.string().optional(),
  created_since: z.coerce.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(30).default(10),
});

/** DELETE /charges/{id}: the whole charge, or `amount` centavos of a paid one (a partial refund). */
const cancelBody = z.object({ amount: z.number().int().positive().optional() });

/** Pagar.me keeps an Idempotency-Key's answer for 24 hours after its first request; a later one is a new request. */
const IDEMPOTENCY_KEY_MS = 24 * 60 * 60_000;

/** An Idempotency-Key's first request: its order once answered, none while it is in process. */
interface KeptRequest {
  firstAt: number;
  order?: SandboxOrder;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

const tokenBody = z.object({
  type: z.literal('card'),
  card: z.object({
    number: z.string().transform(onlyDigits),
    holder_name: z.string().min(1),
    exp_month: z.coerce.number().int().min(1).max(12),
    exp_year: z.coerce.number().int().min(0),
    cvv: z.string().regex(/^\d{3,4}$/),
  }),
});

// Pagar.me v5 takes `credit_card.installments` from 1 to 24; the portal offers fewer (CARD_MAX_INSTALMENTS).
const GATEWAY_MAX_INSTALMENTS = 24;

const orderBody = z.object({
  code: z.string().min(1),
  payments: z
    .array(
      z.object({
        payment_method: z.literal('credit_card'),
        amount: z.number().int().positive(),
        credit_card: z.object({
          installments: z.number().int().min(1).max(GATEWAY_MAX_INSTALMENTS),
          card_token: z.string(),
        }),
      }),
    )
    .length(1),
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const unprocessable = (reply: FastifyReply, message: string) => reply.code(422).send({ message, errors: {} });

/** Registers the sandbox's routes (use with a prefix such as /sandbox-gateway/core/v5). */
export async function sandboxGateway(app: FastifyInstance, options: SandboxGatewayOptions): Promise<void> {
  const tokens = new Map<string, SandboxToken>();
  const orders = new Map<string, SandboxOrder>();
  const byIdempotencyKey = new Map<string, KeptRequest>();
  const charges = new Map<string, SandboxCharge>();
  const basic = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;

  // The secret-key calls are the server's own (its adapter calls the sandbox on a loopback address); the key is in
  // this repository, so from anywhere else they would list every card order and void any charge: not found there.
  const authenticated = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLocalRequest(request)) return reply.code(404).send({ message: 'Not found.' });
    if (!sameSecret(request.headers.authorization ?? '', basic))
      return reply.code(401).send({ message: 'Authorization has been denied for this request.' });
  };

  // Tokenisation is called from the payer's browser, possibly from another origin (CORS), with the public key only.
  app.options('/tokens', async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .code(204)
      .send(),
  );
  app.post('/tokens', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    const appId = (request.query as { appId?: string }).appId ?? '';
    if (!sameSecret(appId, options.publicKey)) return reply.code(401).send({ message: 'Invalid appId' });
    const parsed = tokenBody.safeParse(request.body);
    if (!parsed.success || !passesLuhn(parsed.data.card.number))
      return unprocessable(reply, 'The request is invalid.');
    const { card } = parsed.data;
    const token = id('token');
    // Pagar.me's tokens are short-lived and single use.
    tokens.set(token, { digits: card.number, holder: card.holder_name, expiresAt: Date.now() + 60_000 });
    return reply.code(200).send({
      id: token,
      type: 'card',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      card: {
        first_six_digits: card.number.slice(0, 6),
        last_four_digits: card.number.slice(-4),
        holder_name: card.holder_name,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        brand: CARD_BRAND_NAMES[cardBrandOf(card.number)],
      },
    });
  });

  app.post('/orders', { preHandler: authenticated }, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const kept = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    // The same key within its 24 hours answers the first request's order, or 409 while that is in process (Pagar.me
    // keeps the answer it gave); past them the key is forgotten and the request is a new one (decision 092).
    if (kept && Date.now() - kept.firstAt < IDEMPOTENCY_KEY_MS) {
      if (!kept.order)
        return reply.code(409).send({ message: 'A request with this Idempotency-Key is in process.' });
      return reply.code(200).send(kept.order);
    }
    const parsed = orderBody.safeParse(request.body);
    if (!parsed.success) return unprocessable(reply, 'The request is invalid.');
    const [payment] = parsed.data.payments;
    const token = tokens.get(payment!.credit_card.card_token);
    tokens.delete(payment!.credit_card.card_token);
    if (!token || token.expiresAt < Date.now())
      return unprocessable(reply, 'card_token inválido ou expirado.');
    const orderId = id('or');
    const createdAt = new Date().toISOString();
    const status =
      token.digits === SANDBOX_TEST_CARDS.rejected
        ? 'failed'
        : token.digits === SANDBOX_TEST_CARDS.voided
          ? 'canceled'
          : 'paid';
    const charge: SandboxCharge = {
      id: id('ch'),
      code: parsed.data.code,
      status,
      amount: payment!.amount,
      canceled_amount: 0,
      created_at: createdAt,
      paid_at: status === 'paid' ? createdAt : null,
      updated_at: createdAt,
      order: { id: orderId, code: parsed.data.code },
      last_transaction: {
        status: status === 'paid' ? 'captured' : status === 'failed' ? 'not_authorized' : 'voided',
        acquirer_auth_code: status === 'failed' ? null : String(100_000 + (charges.size % 900_000)),
        installments: payment!.credit_card.installments,
        card: {
          brand: CARD_BRAND_NAMES[cardBrandOf(token.digits)],
          last_four_digits: token.digits.slice(-4),
          first_six_digits: token.digits.slice(0, 6),
        },
      },
    };
    const order: SandboxOrder = {
      id: orderId,
      code: parsed.data.code,
      amount: payment!.amount,
      status: status === 'paid' ? 'paid' : status === 'failed' ? 'failed' : 'canceled',
      charges: [charge],
    };
    orders.set(orderId, order);
    charges.set(charge.id, charge);
    const first: KeptRequest = { firstAt: Date.now() };
    if (typeof key === 'string') byIdempotencyKey.set(key, first);
    if (token.digits === SANDBOX_TEST_CARDS.slow)
      await new Promise((done) => setTimeout(done, options.slowMs));
    first.order = order;
    return reply.code(200).send(order);
  });

  app.get('/orders', { preHandler: authenticated }, async (request) => {
    const code = (request.query as { code?: string }).code;
    const data = [...orders.values()].filter((order) => code === undefined || order.code === code);
    return { data, paging: { total: data.length } };
  });

  // Pagar.me's listing filters (status, payment method, creation date) and its page and size.
  app.get('/charges', { preHandler: authenticated }, async (request, reply) => {
    const parsed = chargeListQuery.safeParse(request.query);
    if (!parsed.success) return unprocessable(reply, 'The request is invalid.');
    const { status, payment_method, created_since, page, size } = parsed.data;
    const data = [...charges.values()].filter(
      (charge) =>
        (status === undefined || charge.status === status) &&
        (payment_method === undefined || payment_method === 'credit_card') &&
        (created_since === undefined || charge.created_at >= created_since.toISOString()),
    );
    const pageUrl = (to: number) => {
      const query = new URLSearchParams(request.query as Record<string, string>);
      query.set('page', String(to));
      return `${request.url.split('?')[0]}?${query}`;
    };
    return {
      data: data.slice((page - 1) * size, page * size),
      paging: {
        total: data.length,
        previous: page > 1 ? pageUrl(page - 1) : null,
        next: page * size < data.length ? pageUrl(page + 1) : null,
      },
    };
  });

  app.get('/charges/:id', { preHandler: authenticated }, async (request, reply) => {
    const charge = charges.get((request.params as { id: string }).id);
    return charge ? charge : reply.code(404).send({ message: 'Charge not found.' });
  });

  app.delete('/charges/:id', { preHandler: authenticated }, async (request, reply) => {
    const charge = charges.get((request.params as { id: string }).id);
    if (!charge) return reply.code(404).send({ message: 'Charge not found.' });
    const body = cancelBody.safeParse(request.body ?? {});
    if (!body.success) return unprocessable(reply, 'The request is invalid.');
    const rest = charge.amount - charge.canceled_amount;
    const amount = body.data.amount ?? rest;
    if (amount > rest || (amount < rest && charge.status !== 'paid'))
      return unprocessable(reply, 'The amount cannot be canceled.');
    charge.updated_at = new Date().toISOString();
    if (charge.status === 'paid') charge.canceled_amount += amount;
    // As Pagar.me: a part of a paid charge is refunded and the charge stays paid; the whole (or the rest) refunds it
    // (its paid_at stays); an unpaid one is voided.
    if (amount < rest) return charge;
    charge.last_transaction.status = charge.status === 'paid' ? 'refunded' : 'voided';
    charge.status = 'canceled';
    return charge;
  });
}
