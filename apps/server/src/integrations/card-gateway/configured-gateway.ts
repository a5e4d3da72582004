import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env';
import type { CardGateway } from './card-gateway';
import { pagarmeGateway } from './pagarme-gateway';
import { sandboxGateway } from './sandbox-gateway';

/** Where the portal serves the sandbox gateway's API (Pagar.me's /core/v5 paths under it). */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway/core/v5';
/** The sandbox's keys: public by design, they guard nothing real. */
export const SANDBOX_KEYS = { secretKey: 'sk_sandbox_portal', publicKey: 'pk_sandbox_portal' } as const;

/** The server's own address for calls it makes to itself (the sandbox), once it listens. */
function ownBaseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${SANDBOX_GATEWAY_PATH}`;
}

/** Pagar.me when CARD_GATEWAY_URL is set, else null (a command has no sandbox: it lives in a server's memory). */
export function externalCardGateway(env: Env): CardGateway | null {
  if (!env.CARD_GATEWAY_URL) return null;
  return pagarmeGateway({
    baseUrl: env.CARD_GATEWAY_URL,
    browserBaseUrl: env.CARD_GATEWAY_URL,
    secretKey: env.CARD_GATEWAY_SECRET_KEY!,
    publicKey: env.CARD_GATEWAY_PUBLIC_KEY!,
    timeoutMs: env.CARD_GATEWAY_TIMEOUT_MS,
  });
}

/**
 * The card gateway: Pagar.me when CARD_GATEWAY_URL is set; else, outside production, the sandbox served by this
 * server and reached through the same adapter over HTTP; in production without one, none (no card payments).
 */
export async function configuredCardGateway(app: FastifyInstance, env: Env): Promise<CardGateway | null> {
  const external = externalCardGateway(env);
  if (external || env.NODE_ENV === 'production') return external;
  await app.register(sandboxGateway, {
    prefix: SANDBOX_GATEWAY_PATH,
    ...SANDBOX_KEYS,
    slowMs: env.SANDBOX_GATEWAY_SLOW_MS,
  });
  return pagarmeGateway({
    baseUrl: () => ownBaseUrl(app),
    browserBaseUrl: SANDBOX_GATEWAY_PATH,
    ...SANDBOX_KEYS,
    timeoutMs: env.CARD_GATEWAY_TIMEOUT_MS,
  });
}
