import { createHash, generateKeyPairSync, randomBytes, sign, timingSafeEqual } from 'node:crypto';
import type { ServerOptions } from 'node:https';
import formbody from '@fastify/formbody';
import {
  addDays,
  CHARGE_DAYS_PAYABLE_AFTER_DUE,
  centsFromPixApiAmount,
  isValidChargeTxid,
  isValidIsoDate,
  todayInBrasilia,
} from '@portal/domain';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Db } from '../../../db/client';
import {
  closePspCharge,
  findPspCharge,
  findPspChargeByLocation,
  findPspWebhook,
  insertPspCharge,
  type LocalPspChargeRow,
  revisePspCharge,
  upsertPspWebhook,
} from '../../../repositories/local-psp-repository';
import type { CobvRequest, PixReceived } from './client';

// A PSP of our own that speaks Banco Central's API Pix (decision 020): OAuth2 client credentials, cobv PUT/GET/PATCH,
// webhook registration, the public payload location a payer's bank reads, and a sandbox "pay" that settles a charge
// as a payer's bank would and notifies the registered webhook. Served over mutual TLS in the tests, in-process by
// the portal for the default provider.

export interface LocalPspOptions {
  db: Db;
  /** OAuth2 clients the PSP knows (client id -> secret). */
  clients: Readonly<Record<string, string>>;
  /** Where this PSP is reached from outside, e.g. https://psp.local:8443 or http://localhost:3000/psp-local. */
  publicUrl: string;
  /** TLS with `requestCert` and `rejectUnauthorized`: no client certificate signed by `ca`, no connection. */
  https?: ServerOptions;
  /** Sends a webhook notification; answers the receiver's status. Defaults to fetch. */
  deliver?: (url: string, body: unknown) => Promise<number>;
  now?: () => Date;
}

/** Seconds an access token lives (what PSPs commonly grant). */
const TOKEN_SECONDS = 3600;
/** A DICT key as it travels: printable ASCII, at most 77 characters (an e-mail key is the longest). */
const PIX_KEY = /^[\x21-\x7e]{1,77}$/;
/** A payment location's id: 128 random bits in hex. */
const LOCATION_ID = /^[0-9a-f]{32}$/;
/** This PSP's ISPB in endToEndIds ('E' + ISPB + yyyyMMddHHmm + 11 characters, BCB). */
const ISPB = '99999999';

const postJson = async (url: string, body: unknown) =>
  (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
  ).status;

/** API Pix errors are RFC 7807 problems. */
const problem = (reply: FastifyReply, status: number, title: string, detail: string) =>
  reply
    .code(status)
    .type('application/problem+json')
    .send({ type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail });

/** BCB practice for a CPF shown to someone else: only the 6 middle digits; a CNPJ is public. */
const maskedPayer = (devedor: Record<string, string>) => {
  const [first = '', ...rest] = (devedor.nome ?? '').trim().split(/\s+/);
  const last = rest.at(-1);
  return {
    nome: last ? `${first} ${last[0]}.` : first,
    ...(devedor.cpf ? { cpf: `***.${devedor.cpf.slice(3, 6)}.${devedor.cpf.slice(6, 9)}-**` } : {}),
    ...(devedor.cnpj ? { cnpj: devedor.cnpj } : {}),
  };
};

function invalidCobv(body: unknown): string | null {
  const cobv = body as Partial<CobvRequest> | null;
  if (!cobv || typeof cobv !== 'object') return 'corpo ausente';
  if (!cobv.calendario || !isValidIsoDate(String(cobv.calendario.dataDeVencimento)))
    return 'calendario.dataDeVencimento inválido';
  if (!cobv.valor || centsFromPixApiAmount(String(cobv.valor.original)) === null)
    return 'valor.original inválido';
  if (!cobv.chave) return 'chave ausente';
  if (typeof cobv.chave !== 'string' || !PIX_KEY.test(cobv.chave)) return 'chave inválida';
  const devedor = cobv.devedor as Record<string, string> | undefined;
  if (
    !devedor?.nome ||
    !(/^\d{11}$/.test(devedor.cpf ?? '') || /^[0-9A-Z]{12}\d{2}$/.test(devedor.cnpj ?? ''))
  )
    return 'devedor inválido';
  return null;
}

export async function buildLocalPsp(options: LocalPspOptions): Promise<FastifyInstance> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const deliver = options.deliver ?? postJson;
  const tokens = new Map<string, number>();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyId = createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex')
    .slice(0, 16);
  const location = `${options.publicUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '')}/qr/v2/cobv`;

  const app = Fastify({
    logger: false,
    ...(options.https ? { https: options.https } : {}),
  }) as unknown as FastifyInstance;
  await app.register(formbody);
  // Marks the instance as the PSP's, not the portal's (the portal's route inventory leaves it out).
  app.decorate('localPsp', true);

  app.post('/oauth/token', async (request, reply) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [id = '', secret = ''] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const known = options.clients[id];
    const same =
      known !== undefined &&
      known.length === secret.length &&
      timingSafeEqual(Buffer.from(known), Buffer.from(secret));
    if (scheme !== 'Basic' || !same) return reply.code(401).send({ error: 'invalid_client' });
    if ((request.body as Record<string, string> | undefined)?.grant_type !== 'client_credentials')
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, now().getTime() + TOKEN_SECONDS * 1000);
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: TOKEN_SECONDS,
      scope: 'cobv.write cobv.read webhook.write',
    };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v2/')) return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const expiresAt = tokens.get(token);
    if (!expiresAt || expiresAt <= now().getTime())
      return problem(reply, 401, 'AcessoNegado', 'Token de acesso ausente, inválido ou expirado.');
  });

  const answer = (row: LocalPspChargeRow) => ({ ...row.charge, status: row.status });

  app.put<{ Params: { txid: string } }>('/v2/cobv/:txid', async (request, reply) => {
    const { txid } = request.params;
    if (!isValidChargeTxid(txid))
      return problem(reply, 400, 'CobVOperacaoInvalida', 'txid fora do padrão [a-zA-Z0-9]{26,35}.');
    const invalid = invalidCobv(request.body);
    if (invalid) return problem(reply, 400, 'CobVOperacaoInvalida', invalid);
    const body = request.body as CobvRequest;
    const locationId = randomBytes(16).toString('hex');
    const row = await insertPspCharge(db, {
      txid,
      locationId,
      charge: {
        ...body,
        txid,
        revisao: 0,
        calendario: { ...body.calendario, criacao: now().toISOString() },
        loc: { id: locationId, location: `${location}/${locationId}`, tipoCob: 'cobv' },
      },
    });
    if (!row) return problem(reply, 400, 'CobVOperacaoInvalida', 'Já existe uma cobrança com este txid.');
    return reply.code(201).send(answer(row));
  });

  app.get<{ Params: { txid: string } }>('/v2/cobv/:txid', async (request, reply) => {
    const row = isValidChargeTxid(request.params.txid)
      ? await findPspCharge(db, request.params.txid)
      : undefined;
    return row ? answer(row) : problem(reply, 404, 'CobVNaoEncontrada', 'Cobrança não encontrada.');
  });

  // API Pix PATCH /cobv/{txid} (CobVRevisada): either the removal by the receiver, alone, or a revision of an ATIVA
  // charge; of the revisable fields this PSP revises the key (`chave`), and refuses the others rather than drop them.
  app.patch<{ Params: { txid: string } }>('/v2/cobv/:txid', async (request, reply) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return problem(reply, 400, 'CobVOperacaoInvalida', 'corpo ausente');
    const fields = Object.keys(body);
    if ('status' in body) {
      if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
        return problem(
          reply,
          400,
          'CobVOperacaoInvalida',
          'status inválido: só REMOVIDA_PELO_USUARIO_RECEBEDOR.',
        );
      if (fields.length > 1)
        return problem(reply, 400, 'CobVOperacaoInvalida', 'A remoção não vem junto de outras alterações.');
    } else {
      const other = fields.find((field) => field !== 'chave');
      if (other !== undefined)
        return problem(reply, 400, 'CobVOperacaoInvalida', `Revisão de ${other} não suportada por este PSP.`);
      if (fields.length === 0) return problem(reply, 400, 'CobVOperacaoInvalida', 'Nenhuma alteração.');
      if (typeof body.chave !== 'string' || !PIX_KEY.test(body.chave))
        return problem(reply, 400, 'CobVOperacaoInvalida', 'chave inválida.');
    }
    if (!isValidChargeTxid(request.params.txid))
      return problem(reply, 404, 'CobVNaoEncontrada', 'Cobrança não encontrada.');
    const row =
      'status' in body
        ? await closePspCharge(db, request.params.txid, 'REMOVIDA_PELO_USUARIO_RECEBEDOR', {})
        : await revisePspCharge(db, request.params.txid, { chave: body.chave });
    if (row) return answer(row);
    const existing = await findPspCharge(db, request.params.txid);
    return existing
      ? problem(reply, 400, 'CobVOperacaoInvalida', `Cobrança em status ${existing.status}.`)
      : problem(reply, 404, 'CobVNaoEncontrada', 'Cobrança não encontrada.');
  });

  app.put<{ Params: { key: string } }>('/v2/webhook/:key', async (request, reply) => {
    const url = (request.body as { webhookUrl?: string } | null)?.webhookUrl;
    if (!PIX_KEY.test(request.params.key))
      return problem(reply, 400, 'WebhookOperacaoInvalida', 'chave inválida.');
    if (typeof url !== 'string' || !URL.canParse(url))
      return problem(reply, 400, 'WebhookOperacaoInvalida', 'webhookUrl inválida.');
    await upsertPspWebhook(db, request.params.key, url);
    return reply.code(204).send();
  });

  app.get<{ Params: { key: string } }>('/v2/webhook/:key', async (request, reply) => {
    const row = PIX_KEY.test(request.params.key) ? await findPspWebhook(db, request.params.key) : undefined;
    return row
      ? { webhookUrl: row.url, chave: row.key, criacao: row.createdAt.toISOString() }
      : problem(reply, 404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
  });

  // The payload a payer's bank reads from the BR Code's location: public by design, signed, the payer masked.
  app.get<{ Params: { id: string } }>('/qr/v2/cobv/:id', async (request, reply) => {
    const row = LOCATION_ID.test(request.params.id)
      ? await findPspChargeByLocation(db, request.params.id)
      : undefined;
    if (!row) return reply.code(404).send();
    const charge = row.charge as unknown as CobvRequest & {
      txid: string;
      revisao: number;
      calendario: { criacao: string };
    };
    const payload = {
      revisao: charge.revisao,
      calendario: {
        criacao: charge.calendario.criacao,
        apresentacao: now().toISOString(),
        dataDeVencimento: charge.calendario.dataDeVencimento,
        validadeAposVencimento: charge.calendario.validadeAposVencimento,
      },
      devedor: maskedPayer(charge.devedor as unknown as Record<string, string>),
      valor: { original: charge.valor.original, final: charge.valor.original },
      chave: charge.chave,
      txid: charge.txid,
      status: row.status,
    };
    const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signingInput = `${segment({ alg: 'ES256', typ: 'JOSE', kid: keyId })}.${segment(payload)}`;
    const signature = sign('sha256', Buffer.from(signingInput), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return reply.type('application/jose').send(`${signingInput}.${signature.toString('base64url')}`);
  });

  app.get('/qr/jwks', async () => ({
    keys: [{ ...publicKey.export({ format: 'jwk' }), kid: keyId, use: 'sig', alg: 'ES256' }],
  }));

  // Sandbox: pays an active charge as a payer's bank would, then notifies the key's webhook (POST {url}/pix).
  // The charge is named by its txid or by its location id (what a BR Code copied from the screen carries).
  app.post<{ Params: { txid: string } }>('/sandbox/pay/:txid', async (request, reply) => {
    const { txid } = request.params;
    const found =
      (isValidChargeTxid(txid) ? await findPspCharge(db, txid) : undefined) ??
      (LOCATION_ID.test(txid) ? await findPspChargeByLocation(db, txid) : undefined);
    if (!found) return problem(reply, 404, 'CobVNaoEncontrada', 'Cobrança não encontrada.');
    const charge = found.charge as unknown as CobvRequest;
    const requestedValue = (request.body as { valor?: unknown } | null)?.valor;
    if (requestedValue !== undefined && centsFromPixApiAmount(String(requestedValue)) === null)
      return problem(reply, 400, 'CobVOperacaoInvalida', 'valor fora do padrão 0.00.');
    const paidAt = now();
    // API Pix: a cobv is paid until validadeAposVencimento calendar days after its due date (30 when absent).
    const lastDay = addDays(
      charge.calendario.dataDeVencimento,
      charge.calendario.validadeAposVencimento ?? CHARGE_DAYS_PAYABLE_AFTER_DUE,
    );
    if (found.status === 'ATIVA' && todayInBrasilia(paidAt) > lastDay)
      return problem(reply, 400, 'CobVOperacaoInvalida', `Cobrança vencida: pagável até ${lastDay}.`);
    const stamp = paidAt.toISOString().replace(/\D/g, '').slice(0, 12);
    const pix: PixReceived = {
      endToEndId: `E${ISPB}${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`,
      txid: found.txid,
      valor: requestedValue === undefined ? charge.valor.original : String(requestedValue),
      horario: paidAt.toISOString(),
      infoPagador: 'Pagamento de demonstração',
    };
    const paid = await closePspCharge(db, found.txid, 'CONCLUIDA', { pix: [pix] });
    if (!paid) return problem(reply, 400, 'CobVOperacaoInvalida', `Cobrança em status ${found.status}.`);
    const webhook = await findPspWebhook(db, charge.chave);
    const delivered = webhook
      ? await deliver(`${webhook.url.replace(/\/+$/, '')}/pix`, { pix: [pix] }).catch(() => null)
      : null;
    return { pix, webhook: delivered };
  });

  return app;
}
