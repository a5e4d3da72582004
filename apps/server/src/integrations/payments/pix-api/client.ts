import type { PixHttp } from './http';

// Banco Central's API Pix (bacen/pix-api openapi.yaml), the part a collector uses: charges with a due date (cobv),
// their payments, and the webhook. Every PSP serves the same paths under its own base URL, behind OAuth2 client
// credentials and a mutual-TLS client certificate.

/** API Pix `PixRecebido`: one payment of a charge, as GET /cobv/{txid} and the webhook tell it. */
export interface PixReceived {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  infoPagador?: string;
}

export type CobvStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** API Pix `CobVSolicitada` (the fields a collector sends). */
export interface CobvRequest {
  calendario: { dataDeVencimento: string; validadeAposVencimento: number };
  devedor: ({ cpf: string } | { cnpj: string }) & { nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

/**
 * API Pix `CobVRevisada`, the part this portal revises: the charge's key, while the charge is ATIVA (its txid,
 * location and BR Code stay the same; the PSP counts a revision).
 */
export interface CobvRevision {
  chave: string;
}

/** API Pix `CobVCompleta` (the fields this portal reads). */
export interface Cobv extends CobvRequest {
  txid: string;
  revisao: number;
  status: CobvStatus;
  calendario: CobvRequest['calendario'] & { criacao: string };
  loc: { id: number | string; location: string; tipoCob: 'cobv' };
  pixCopiaECola?: string;
  pix?: PixReceived[];
}

/** A PSP answer other than the expected one, with its RFC 7807 problem (API Pix errors). */
export class PixApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: string,
  ) {
    super(`API Pix answered ${status}: ${problem.slice(0, 300)}`);
  }
}

export interface PixApiClientOptions {
  /** The PSP's API base, e.g. https://pix.psp.com.br/api (paths /v2/... and /oauth/token go under it). */
  baseUrl: string;
  /** The token endpoint when the PSP serves it elsewhere than {baseUrl}/oauth/token. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  http: PixHttp;
  now?: () => number;
}

export interface PixApiClient {
  putCobv(txid: string, charge: CobvRequest): Promise<Cobv>;
  getCobv(txid: string): Promise<Cobv>;
  /** API Pix: a cobv is cancelled by PATCH with status REMOVIDA_PELO_USUARIO_RECEBEDOR. */
  cancelCobv(txid: string): Promise<Cobv>;
  /** API Pix: an ATIVA cobv is revised by PATCH with the fields that change (CobVRevisada). */
  reviseCobv(txid: string, revision: CobvRevision): Promise<Cobv>;
  putWebhook(key: string, webhookUrl: string): Promise<void>;
}

/** Seconds before a token's expiry when it is renewed, so a call never leaves with a token about to lapse. */
const TOKEN_MARGIN_SECONDS = 30;

export function pixApiClient(options: PixApiClientOptions): PixApiClient {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await options.http({
      method: 'POST',
      url: options.tokenUrl ?? `${base}/oauth/token`,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (response.status !== 200) throw new PixApiError(response.status, response.body);
    const answer = JSON.parse(response.body) as { access_token: string; expires_in: number };
    token = {
      value: answer.access_token,
      expiresAt: now() + Math.max(0, answer.expires_in - TOKEN_MARGIN_SECONDS) * 1000,
    };
    return token.value;
  }

  /** A call with the cached token; a 401 (the PSP revoked or forgot it) takes a new token once. */
  async function call(method: 'GET' | 'PUT' | 'PATCH', path: string, body: unknown, expected: number[]) {
    for (let attempt = 0; ; attempt++) {
      const response = await options.http({
        method,
        url: `${base}${path}`,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (!expected.includes(response.status)) throw new PixApiError(response.status, response.body);
      return response.body ? (JSON.parse(response.body) as unknown) : undefined;
    }
  }

  const cobvPath = (txid: string) => `/v2/cobv/${encodeURIComponent(txid)}`;
  return {
    putCobv: async (txid, charge) => (await call('PUT', cobvPath(txid), charge, [200, 201])) as Cobv,
    getCobv: async (txid) => (await call('GET', cobvPath(txid), undefined, [200])) as Cobv,
    cancelCobv: async (txid) =>
      (await call('PATCH', cobvPath(txid), { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }, [200])) as Cobv,
    reviseCobv: async (txid, revision) => (await call('PATCH', cobvPath(txid), revision, [200])) as Cobv,
    putWebhook: async (key, webhookUrl) => {
      await call('PUT', `/v2/webhook/${encodeURIComponent(key)}`, { webhookUrl }, [200, 201, 204]);
    },
  };
}
