import { vi } from 'vitest';
import type { Envelope } from '../lib/api';

export interface ApiCall {
  action: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export const ok = (dados: unknown, mensagem = ''): Envelope => ({ retorno: true, dados, mensagem });

/**
 * Replaces fetch, the network edge, for a component test (vi.unstubAllGlobals undoes it): every api.php call is
 * recorded (its action, the `b` parameter, its JSON body and its headers) and answered with the envelope `answer` gives; any
 * other address goes to `other`.
 */
export function stubApiActions(
  answer: (action: string, body: Record<string, unknown>) => Envelope | Promise<Envelope>,
  other?: (url: string) => Response,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (other && !url.includes('api.php')) return other(url);
      const action = new URL(url, 'http://portal').searchParams.get('b') ?? '';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ action, body, headers: { ...(init.headers as Record<string, string> | undefined) } });
      return new Response(JSON.stringify(await answer(action, body)), { status: 200 });
    }),
  );
  return calls;
}
