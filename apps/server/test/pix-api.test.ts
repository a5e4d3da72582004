import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { hasValidPixCrc, txidFromSeed } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasError, isDynamicPix, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCharges, paymentEvents, stores } from '../src/db/schema';
import {
  type CobvRequest,
  type CobvRevision,
  PixApiError,
  pixApiClient,
} from '../src/integrations/payments/pix-api/client';
import { mutualTlsHttp, type PixHttp } from '../src/integrations/payments/pix-api/http';
import { buildLocalPsp } from '../src/integrations/payments/pix-api/local-psp';
import { listeningOnFreePort } from './free-port';
import { call, hostOf, JOAO, login } from './identification-helpers';
import { startHttpPeer } from './local-http-peer';
import { type CertificateFiles, makeCertificates } from './mtls-certs';
import { decodeJws } from './pix-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 17 item 1: the API Pix adapter against a PSP speaking Banco Central's protocol over mutual TLS (the local
// PSP with a throwaway CA): OAuth2 client credentials, cobv PUT/GET/PATCH, webhook registration, a payment's
// notification; and a store whose provider is 'pix-api' paid end to end through it.

const CLIENT_ID = 'portal-cobranca';
const CLIENT_SECRET = 'segredo-do-cliente-de-teste';
const SLOW_TXID = txidFromSeed('slow-psp');

let certs: CertificateFiles;
let t: TestApp;
let psp: FastifyInstance;
let pspUrl: string;
let hooks: Awaited<ReturnType<typeof startHttpPeer>>;

beforeAll(async () => {
  certs = makeCertificates();
  // The portal listens, so the PSP's notification crosses a real socket to its webhook.
  ({ made: t } = await listeningOnFreePort(
    (appPort) =>
      createTestApp({
        env: {
          PIX_WEBHOOK_BASE_URL: `http://127.0.0.1:${appPort}`,
          PIX_WEBHOOK_SECRET: 'segredo-dos-webhooks-de-teste',
        },
      }),
    (app, appPort) => app.app.listen({ port: appPort, host: '127.0.0.1' }),
    (app) => app.close(),
  ));
  hooks = await startHttpPeer(() => ({ status: 200, json: {} }));
  ({ made: psp } = await listeningOnFreePort(
    async (pspPort) => {
      pspUrl = `https://localhost:${pspPort}`;
      const made = await buildLocalPsp({
        db: t.database.db,
        clients: { [CLIENT_ID]: CLIENT_SECRET },
        publicUrl: pspUrl,
        https: {
          key: readFileSync(certs.serverKeyPath),
          cert: readFileSync(certs.serverCertPath),
          ca: readFileSync(certs.caPath),
          requestCert: true,
          rejectUnauthorized: true,
        },
      });
      // A PSP that is slow for one charge: its answer comes after the client stopped waiting.
      made.addHook('onRequest', async (request) => {
        if (request.url.includes(SLOW_TXID)) await new Promise((resolve) => setTimeout(resolve, 2000));
      });
      return made;
    },
    (made, pspPort) => made.listen({ port: pspPort, host: '127.0.0.1' }),
    (made) => made.close(),
  ));
});
afterAll(async () => {
  await psp?.close();
  await hooks?.close();
  await t?.close();
  if (certs) rmSync(certs.dir, { recursive: true, force: true });
});

const tls = () =>
  mutualTlsHttp({ certPath: certs.clientCertPath, keyPath: certs.clientKeyPath, caPath: certs.caPath });

/** A client of the PSP with the client certificate; `overrides` change its secret, transport or clock. */
const pspClient = (overrides: Partial<Parameters<typeof pixApiClient>[0]> = {}) =>
  pixApiClient({
    baseUrl: pspUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    http: tls(),
    ...overrides,
  });

/** The transport, counting token requests. */
function counted(http: PixHttp) {
  const paths: string[] = [];
  const wrapped: PixHttp = (req) => {
    paths.push(`${req.method} ${new URL(req.url).pathname}`);
    return http(req);
  };
  return { http: wrapped, tokens: () => paths.filter((p) => p === 'POST /oauth/token').length };
}

const charge = (overrides: Partial<CobvRequest> = {}): CobvRequest => ({
  calendario: { dataDeVencimento: '2026-12-10', validadeAposVencimento: 30 },
  devedor: { cpf: '39053344705', nome: 'João da Silva Lima' },
  valor: { original: '123.45' },
  chave: 'cobranca@loja.com.br',
  ...overrides,
});

describe('API Pix adapter against a PSP over mutual TLS', () => {
  it('takes one OAuth2 token for many calls and a new one when it expires', async () => {
    let now = Date.parse('2026-11-25T12:00:00Z');
    const transport = counted(tls());
    const client = pspClient({ http: transport.http, now: () => now });
    const txid = txidFromSeed('token-test');
    await client.putCobv(txid, charge());
    await client.getCobv(txid);
    await client.getCobv(txid);
    expect(transport.tokens()).toBe(1);
    now += 3600 * 1000;
    await client.getCobv(txid);
    expect(transport.tokens()).toBe(2);
  });

  it('takes a new token once when the PSP refuses the cached one (401), and gives up on a second 401', async () => {
    const txid = txidFromSeed('revoked-token');
    await pspClient().putCobv(txid, charge());
    // The PSP forgot the token: the first call with it is refused as the PSP would refuse any unknown token.
    let revoked = 1;
    const transport = counted(tls());
    const revoking: PixHttp = (req) =>
      transport.http(
        req.headers.authorization?.startsWith('Bearer ') && revoked-- > 0
          ? { ...req, headers: { ...req.headers, authorization: 'Bearer revogado' } }
          : req,
      );
    const client = pspClient({ http: revoking });
    expect(await client.getCobv(txid)).toMatchObject({ txid, status: 'ATIVA' });
    expect(transport.tokens()).toBe(2);

    // Refused again with the new token: the answer is the PSP's 401, not a loop.
    revoked = Number.POSITIVE_INFINITY;
    const before = transport.tokens();
    const error = await client.getCobv(txid).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixApiError);
    expect((error as PixApiError).status).toBe(401);
    expect(transport.tokens() - before).toBe(1);
  });

  it('gives up on a PSP that does not answer in time, with an error that says so', async () => {
    const client = pspClient({
      http: mutualTlsHttp(
        { certPath: certs.clientCertPath, keyPath: certs.clientKeyPath, caPath: certs.caPath },
        300,
      ),
    });
    const started = Date.now();
    await expect(client.getCobv(SLOW_TXID)).rejects.toThrow('PSP did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('creates, reads and cancels a charge with a due date; a txid names one charge for good', async () => {
    const client = pspClient();
    const txid = txidFromSeed('crud-test');
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    const created = await client.putCobv(txid, charge());
    expect(created).toMatchObject({
      txid,
      status: 'ATIVA',
      revisao: 0,
      calendario: { dataDeVencimento: '2026-12-10', validadeAposVencimento: 30 },
      valor: { original: '123.45' },
      loc: { tipoCob: 'cobv' },
    });
    // API Pix: the location has no scheme.
    expect(created.loc.location).toMatch(/^localhost:\d+\/qr\/v2\/cobv\/[0-9a-f]{32}$/);
    expect(await client.getCobv(txid)).toMatchObject({ txid, status: 'ATIVA' });
    const again = await client.putCobv(txid, charge()).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PixApiError);
    expect((again as PixApiError).status).toBe(400);
    expect(await client.cancelCobv(txid)).toMatchObject({
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      revisao: 1,
    });
    expect((await client.getCobv(txid)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const missing = await client.getCobv(txidFromSeed('never-created')).catch((e: unknown) => e);
    expect((missing as PixApiError).status).toBe(404);
  });

  it("revises an active charge's key (PATCH chave): same txid and location, the payment notified on the new key", async () => {
    const client = pspClient();
    const txid = txidFromSeed('revise-key-test');
    const created = await client.putCobv(txid, charge());
    const newKey = 'pix@loja-chave-nova.com.br';
    await client.putWebhook(newKey, `${hooks.url}/chave-nova`);
    const revised = await client.reviseCobv(txid, { chave: newKey });
    expect(revised).toMatchObject({
      txid,
      status: 'ATIVA',
      revisao: 1,
      chave: newKey,
      loc: created.loc,
      valor: { original: '123.45' },
    });
    expect((await client.getCobv(txid)).chave).toBe(newKey);
    // The payer's bank reads the new key at the location the BR Code already carries.
    const http = tls();
    const location = await http({ method: 'GET', url: `https://${created.loc.location}`, headers: {} });
    expect(decodeJws(location.body).payload).toMatchObject({ txid, chave: newKey, status: 'ATIVA' });

    // API Pix: a removal comes alone; a key off the schema, a field this PSP does not revise, or nothing, is refused.
    const refused = async (body: Record<string, unknown>, id = txid) =>
      ((await client.reviseCobv(id, body as unknown as CobvRevision).catch((e: unknown) => e)) as PixApiError)
        .status;
    expect(await refused({ chave: newKey, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })).toBe(400);
    expect(await refused({ chave: 'chave com espaços' })).toBe(400);
    expect(await refused({ chave: 'x'.repeat(78) })).toBe(400);
    expect(await refused({ valor: { original: '1.00' } })).toBe(400);
    expect(await refused({})).toBe(400);
    expect(await refused({ chave: newKey }, txidFromSeed('never-revised'))).toBe(404);
    expect((await client.getCobv(txid)).revisao).toBe(1);

    const paid = await http({ method: 'POST', url: `${pspUrl}/sandbox/pay/${txid}`, headers: {} });
    expect(paid.status).toBe(200);
    expect(hooks.received.filter((r) => r.path === '/chave-nova/pix')).toHaveLength(1);
    // Paid: no longer revised.
    expect(await refused({ chave: 'cobranca@loja.com.br' })).toBe(400);
    expect(await client.getCobv(txid)).toMatchObject({ status: 'CONCLUIDA', chave: newKey });
  });

  it('refuses a charge off the schema (txid, amount, payer)', async () => {
    const client = pspClient();
    for (const [txid, body] of [
      ['CURTO123', charge()],
      [txidFromSeed('bad-amount'), charge({ valor: { original: '12,30' } })],
      [txidFromSeed('bad-payer'), charge({ devedor: { cpf: '123', nome: 'X' } })],
    ] as const) {
      const error = await client.putCobv(txid, body).catch((e: unknown) => e);
      expect((error as PixApiError).status).toBe(400);
    }
  });

  it('registers the webhook and notifies it when the charge is paid (POST {url}/pix)', async () => {
    const client = pspClient();
    await client.putWebhook('cobranca@loja.com.br', `${hooks.url}/recebedor`);
    const txid = txidFromSeed('paid-test');
    await client.putCobv(txid, charge());
    const http = tls();
    const paid = await http({ method: 'POST', url: `${pspUrl}/sandbox/pay/${txid}`, headers: {} });
    expect(paid.status).toBe(200);
    const notice = hooks.received.find((r) => r.path === '/recebedor/pix')!;
    const { pix } = JSON.parse(notice.body) as {
      pix: { endToEndId: string; txid: string; valor: string; horario: string }[];
    };
    expect(pix).toEqual([expect.objectContaining({ txid, valor: '123.45' })]);
    expect(pix[0]!.endToEndId).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
    const read = await client.getCobv(txid);
    expect(read).toMatchObject({
      status: 'CONCLUIDA',
      pix: [{ endToEndId: pix[0]!.endToEndId, valor: '123.45' }],
    });
    // A paid charge is not paid twice.
    expect((await http({ method: 'POST', url: `${pspUrl}/sandbox/pay/${txid}`, headers: {} })).status).toBe(
      400,
    );
  });

  it('refuses a client without the certificate, or with one of another CA, and a wrong client secret', async () => {
    const bare = (extra: { cert?: Buffer; key?: Buffer }) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${pspUrl}/oauth/token`,
          { method: 'POST', ca: readFileSync(certs.caPath), ...extra },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('grant_type=client_credentials');
      });
    await expect(bare({})).rejects.toThrow();
    await expect(
      bare({ cert: readFileSync(certs.strangerCertPath), key: readFileSync(certs.strangerKeyPath) }),
    ).rejects.toThrow();
    const client = pspClient({ clientSecret: 'outro' });
    const error = await client.getCobv(txidFromSeed('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixApiError);
    expect((error as PixApiError).status).toBe(401);
  });
});

describe("a store whose provider is 'pix-api'", () => {
  it('issues its PIX at its PSP over mTLS, and the PSP webhook makes the instalment PAGO', async () => {
    process.env.TEST_PIX_CLIENT_SECRET = CLIENT_SECRET;
    // João's store goes to its PSP before his first listing issues anything.
    const [found] = (
      await t.database.db.execute(
        sql`select a.store_id as "storeId" from agreements a join persons p on p.id = a.person_id
            where p.cpf_cnpj = '39053344705' and a.status = 'active' limit 1`,
      )
    ).rows as { storeId: number }[];
    const storeId = found!.storeId;
    await t.database.db
      .update(stores)
      .set({
        paymentProvider: 'pix-api',
        pixApi: {
          baseUrl: pspUrl,
          clientId: CLIENT_ID,
          clientSecretEnv: 'TEST_PIX_CLIENT_SECRET',
          certPath: certs.clientCertPath,
          keyPath: certs.clientKeyPath,
          caPath: certs.caPath,
        },
      })
      .where(eq(stores.id, storeId));
    const cookie = await login(t, JOAO);
    const list = async () =>
      (await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie })).json().dados
        .acordos as {
        dadosAcordo: {
          parcelas: {
            aci_codigo: number;
            status: string;
            pix_copia_cola: string | null;
            vencimento: string;
          }[];
        };
      }[];
    const answer = await call(t, 'negociacao_robo/passo_5', {}, { host: hostOf('demo'), cookie });
    // The store's PSP access is references only, and none of it is in an answer.
    expect(answer.body).not.toContain(certs.dir);
    expect(answer.body).not.toContain('TEST_PIX_CLIENT_SECRET');
    const [agreement] = await list();
    const open = agreement!.dadosAcordo.parcelas.find((p) => p.status !== 'P' && p.pix_copia_cola)!;
    const code = open.pix_copia_cola!;
    expect(hasValidPixCrc(code)).toBe(true);
    const pix = parsePix(code);
    if (hasError(pix) || !isDynamicPix(pix)) throw new Error(`not dynamic: ${code}`);
    // The BR Code points at the store's PSP; its payload holds the due date and the amount.
    expect(pix.url).toMatch(new RegExp(`^${new URL(pspUrl).host}/qr/v2/cobv/`));
    const http = tls();
    const location = await http({ method: 'GET', url: `https://${pix.url}`, headers: {} });
    const { payload } = decodeJws(location.body);
    expect(payload).toMatchObject({ calendario: { dataDeVencimento: open.vencimento }, status: 'ATIVA' });
    const [charge] = await t.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.instalmentId, open.aci_codigo));
    expect(charge).toMatchObject({ provider: 'pix-api', txid: payload.txid });

    const paid = await http({ method: 'POST', url: `${pspUrl}/sandbox/pay/${payload.txid}`, headers: {} });
    expect(JSON.parse(paid.body).webhook).toBe(200);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.instalmentId, open.aci_codigo));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'paid', chargeId: charge!.id, amountCents: charge!.amountCents }),
    ]);
    const shown = (await list())[0]!.dadosAcordo.parcelas.find((p) => p.aci_codigo === open.aci_codigo)!;
    expect(shown.status).toBe('P');
  });
});
