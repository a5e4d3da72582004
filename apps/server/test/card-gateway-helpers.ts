import { and, inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { agreements } from '../src/db/schema';
import { SANDBOX_GATEWAY_PATH } from '../src/integrations/card-gateway/configured-gateway';
import { sandboxGateway } from '../src/integrations/card-gateway/sandbox-gateway';
import { login, MARIA } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// A sandbox card gateway on a port of its own, speaking the Pagar.me v5 protocol the adapter uses, for tests that
// must reach the gateway over HTTP as the portal reaches a real one.

export const SANDBOX_TEST_KEYS = { secretKey: 'sk_test_card_gateway', publicKey: 'pk_test_card_gateway' };

export interface SandboxServer {
  server: FastifyInstance;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startSandboxGateway(slowMs = 1_500): Promise<SandboxServer> {
  // A slow card's answer may still be on its way when a suite ends: close every connection, not only idle ones
  // (a keep-alive connection that turns idle after close began would hold it for the keep-alive timeout).
  const server = Fastify({ forceCloseConnections: true });
  // Another service than the portal: its routes are none of the portal's (route-table.ts).
  server.decorate('outsideService', true);
  await server.register(sandboxGateway, { prefix: SANDBOX_GATEWAY_PATH, ...SANDBOX_TEST_KEYS, slowMs });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, baseUrl: `${address}${SANDBOX_GATEWAY_PATH}`, close: () => server.close() };
}

/** The portal's settings that point it at a gateway at `baseUrl` (the sandbox, or a proxy in front of it). */
export const cardGatewayEnv = (baseUrl: string) => ({
  CARD_GATEWAY_URL: baseUrl,
  CARD_GATEWAY_SECRET_KEY: SANDBOX_TEST_KEYS.secretKey,
  CARD_GATEWAY_PUBLIC_KEY: SANDBOX_TEST_KEYS.publicKey,
});

/** What the browser does: the card to the gateway's tokenisation endpoint, with the public key only. */
export async function tokenise(
  tokenUrl: string,
  card: { number: string; cvv?: string; validity?: string },
): Promise<{ id: string; card: { last_four_digits: string; brand: string } }> {
  const [month, year] = (card.validity ?? '12/30').split('/');
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'card',
      card: {
        number: card.number,
        holder_name: 'MARIA SILVA',
        exp_month: Number(month),
        exp_year: 2000 + Number(year),
        cvv: card.cvv ?? '123',
      },
    }),
  });
  if (!response.ok) throw new Error(`tokenisation ${response.status}`);
  return (await response.json()) as { id: string; card: { last_four_digits: string; brand: string } };
}

/**
 * What the gateway in front of the sandbox answers itself (a status and its JSON), or undefined to pass the request
 * on; with `passOn` the request still reaches the sandbox, whose answer is lost on its way back.
 */
export type GatewayAnswer = (request: {
  method: string;
  url: string;
  /** The request's body as sent (an order request's JSON), if any. */
  body?: string;
}) => { status: number; json: unknown; passOn?: true } | undefined;

export interface GatewayProxy {
  baseUrl: string;
  /** Set by a test: a rate limit (429), a rotated key (401), an answer the adapter cannot read. */
  answer: GatewayAnswer;
  close(): Promise<void>;
}

/** Request headers that belong to one connection, not passed on. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * The card gateway as the portal meets it in production, in front of the sandbox: each request is passed on to the
 * sandbox and its answer given back, unless `answer` answers it itself.
 */
export async function startGatewayProxy(sandbox: SandboxServer): Promise<GatewayProxy> {
  const server = Fastify({ forceCloseConnections: true });
  server.decorate('outsideService', true);
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const sandboxOrigin = new URL(sandbox.baseUrl).origin;
  const proxy: GatewayProxy = { baseUrl: '', answer: () => undefined, close: () => server.close() };
  server.all('/*', async (request, reply) => {
    const own = proxy.answer({
      method: request.method,
      url: request.url,
      body: typeof request.body === 'string' ? request.body : undefined,
    });
    if (own && !own.passOn) return reply.code(own.status).send(own.json);
    const headers = Object.entries(request.headers).filter(
      (entry): entry is [string, string] => !HOP_HEADERS.has(entry[0]) && typeof entry[1] === 'string',
    );
    const response = await fetch(`${sandboxOrigin}${request.url}`, {
      method: request.method,
      headers,
      body: typeof request.body === 'string' && request.body !== '' ? request.body : undefined,
    });
    if (own) return reply.code(own.status).send(own.json);
    return reply
      .code(response.status)
      .header('content-type', response.headers.get('content-type') ?? 'application/json')
      .send(await response.text());
  });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  proxy.baseUrl = `${address}${SANDBOX_GATEWAY_PATH}`;
  return proxy;
}

/** A test portal charging cards at the sandbox through a proxy a test can make refuse, with Maria logged in. */
export interface CardPortal {
  sandbox: SandboxServer;
  gatewayProxy: GatewayProxy;
  t: TestApp;
  maria: string;
}

export async function startCardPortal(options: {
  /** How long the sandbox takes to decide a slow charge. */
  slowMs: number;
  /** The test's client address, let past the rate limits. */
  client: string;
  webhook: { user: string; password: string };
  /** Where the portal's log lines go (the card scans read them). */
  logLines: string[];
  env?: Record<string, string>;
}): Promise<CardPortal> {
  const sandbox = await startSandboxGateway(options.slowMs);
  const gatewayProxy = await startGatewayProxy(sandbox);
  const t = await createTestApp({
    env: {
      RATE_LIMIT_ALLOWLIST: options.client,
      LOG_LEVEL: 'info',
      ...cardGatewayEnv(gatewayProxy.baseUrl),
      CARD_GATEWAY_TIMEOUT_MS: '300',
      CARD_WEBHOOK_USER: options.webhook.user,
      CARD_WEBHOOK_PASSWORD: options.webhook.password,
      PARTNER_CACHE_SECONDS: '0',
      ...options.env,
    },
    logStream: { write: (line) => void options.logLines.push(line) },
  });
  return { sandbox, gatewayProxy, t, maria: await login(t, MARIA) };
}

export async function closeCardPortal(portal: Partial<CardPortal>): Promise<void> {
  await portal.t?.close();
  await portal.gatewayProxy?.close();
  await portal.sandbox?.close();
}

/** Agreements a test leaves active or settled end by status, so the next test can agree on the same debt. */
export async function endTestAgreements({
  t,
  gatewayProxy,
}: Pick<CardPortal, 't' | 'gatewayProxy'>): Promise<void> {
  gatewayProxy.answer = () => undefined;
  await t.database.db
    .update(agreements)
    .set({ status: 'cancelled' })
    .where(
      and(inArray(agreements.status, ['active', 'settled']), sql`${agreements.preAgreementId} is not null`),
    );
}
