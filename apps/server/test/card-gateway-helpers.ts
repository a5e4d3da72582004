import Fastify, { type FastifyInstance } from 'fastify';
import { SANDBOX_GATEWAY_PATH } from '../src/integrations/card-gateway/configured-gateway';
import { sandboxGateway } from '../src/integrations/card-gateway/sandbox-gateway';

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
