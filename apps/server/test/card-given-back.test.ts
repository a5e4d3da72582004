import { type DividasResposta, formatBrDate, type PlanosResposta } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, cardPayments, paymentEvents } from '../src/db/schema';
import { pagarmeGateway } from '../src/integrations/card-gateway/pagarme-gateway';
import { SANDBOX_TEST_CARDS } from '../src/integrations/card-gateway/sandbox-gateway';
import { recordMissedCardReversals } from '../src/services/card/record-missed-card-reversals';
import {
  cardGatewayEnv,
  SANDBOX_TEST_KEYS,
  type SandboxServer,
  startSandboxGateway,
  tokenise,
} from './card-gateway-helpers';
import { quotePlans } from './debt-helpers';
import { call, hostOf, login, MARIA } from './identification-helpers';
import { withAgreementHistory } from './my-agreements-history';
import { staffToken } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 093: a card whose money all went back to the cardholder (a full refund, a chargeback) paid nothing, so
// Meus Acordos no longer shows its instalments PAGO nor serves its receipt; a part given back (decision 075) leaves
// both as they were.

const CLIENT = '10.2.0.93';

let sandbox: SandboxServer;
let t: TestApp;
let maria: string;

beforeAll(async () => {
  sandbox = await startSandboxGateway(1_000);
  t = await createTestApp({
    env: {
      RATE_LIMIT_ALLOWLIST: CLIENT,
      ...cardGatewayEnv(sandbox.baseUrl),
      CARD_GATEWAY_TIMEOUT_MS: '2000',
      PARTNER_CACHE_SECONDS: '0',
    },
  });
  maria = await login(t, MARIA);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

interface ListedAgreement {
  aco_codigo: number;
  status: string;
  valor_negociado: number;
  valor_restante: number;
  parcelas: {
    aci_codigo: number;
    status: string;
    comprovante_cartao: { pdf: string; estado_da_transacao: string } | null;
  }[];
}

async function payByCard(): Promise<number> {
  const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie: maria });
  const debt = (debts.json().dados as DividasResposta).dividas.find(
    (d) => d.loja.loj_fantasia === 'Bela Casa',
  )!;
  const quote = await quotePlans(t, debt, { cookie: maria, partner: 'demo' }, { metodoPagamento: 'cartao' });
  const plan = (quote.json().dados as PlanosResposta).pre_acordo.at(-1)!;
  const { tokenUrl } = (
    await t.app.inject({ method: 'GET', url: '/api/cartao/gateway', headers: { host: hostOf('demo') } })
  ).json() as { tokenUrl: string };
  const token = await tokenise(tokenUrl, { number: SANDBOX_TEST_CARDS.paid });
  const dadosDoCartao = { token: token.id, bandeira: 'VISA', ultimos_digitos: token.card.last_four_digits };
  const primeiroVencimento = formatBrDate(plan.pra_primeiro_vcto);
  const res = await call(
    t,
    'negociacao_robo/passo_4_novo',
    { praCodigo: plan.pra_codigo, formaDePagamento: 'cartao', primeiroVencimento, dadosDoCartao },
    { host: hostOf('demo'), cookie: maria, ip: CLIENT },
  );
  expect(res.json().retorno, res.body).toBe(true);
  return res.json().dados.aco_codigo;
}

const gateway = () =>
  pagarmeGateway({
    baseUrl: sandbox.baseUrl,
    browserBaseUrl: sandbox.baseUrl,
    ...SANDBOX_TEST_KEYS,
    timeoutMs: 2_000,
  });

/** The creditor refunds the card at the gateway (Pagar.me v5 DELETE /charges/{id}, `{ amount }` for a part); the
 * card-reversals job records it. */
async function refund(agreementId: number, amountCents?: number) {
  const [payment] = await t.database.db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.agreementId, agreementId));
  const charge = await gateway().lookup(payment!.reference);
  const res = await fetch(`${sandbox.baseUrl}/charges/${charge!.chargeId}`, {
    method: 'DELETE',
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_TEST_KEYS.secretKey}:`).toString('base64')}`,
      ...(amountCents === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: amountCents === undefined ? undefined : JSON.stringify({ amount: amountCents }),
  });
  expect(res.status).toBe(200);
  await recordMissedCardReversals(t.database.db, gateway(), new Date(), { warn: () => undefined });
}

async function myAgreement(agreementId: number): Promise<ListedAgreement | undefined> {
  const res = await call(
    t,
    'negociacao_robo/passo_5',
    {},
    { host: hostOf('demo'), cookie: maria, ip: CLIENT },
  );
  const acordos = res.json().dados.acordos as { dadosAcordo: ListedAgreement }[];
  return acordos.find((a) => a.dadosAcordo.aco_codigo === agreementId)?.dadosAcordo;
}

/** The receipt PDF's status and, when served, its text. */
async function receiptPdf(path: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { host: hostOf('demo'), cookie: maria },
  });
  const text =
    res.statusCode === 200
      ? (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true })).text
      : '';
  return { status: res.statusCode, text };
}

const agreementStatus = async (id: number) =>
  (await t.database.db.select().from(agreements).where(eq(agreements.id, id)))[0]!.status;

const settledEvents = (agreementId: number) =>
  t.database.db
    .select()
    .from(paymentEvents)
    .where(
      sql`${paymentEvents.instalmentId} in (select aci_codigo from agreement_instalments where aco_codigo = ${agreementId})`,
    );

describe('a card given back whole (decision 093)', () => {
  it('is no longer PAGO in Meus Acordos and its receipt is no longer served; a part given back leaves both', async () => {
    const agreementId = await payByCard();
    const paidEvents = await settledEvents(agreementId);
    const receipts = (await myAgreement(agreementId))!.parcelas.map((p) => p.comprovante_cartao!.pdf);
    expect(await receiptPdf(receipts[0]!)).toMatchObject({
      status: 200,
      text: expect.stringContaining('Pagamento aprovado'),
    });

    // A part given back (decision 075): the agreement stands, paid by the card, its receipt as it was.
    await refund(agreementId, 1_000);
    const partly = (await myAgreement(agreementId))!;
    expect(partly.status).toBe('settled');
    expect(partly.parcelas.map((p) => [p.status, p.comprovante_cartao?.estado_da_transacao])).toEqual(
      receipts.map(() => ['B', 'PAID']),
    );
    expect((await receiptPdf(receipts[0]!)).status).toBe(200);

    // The rest: all of the card's money went back to the cardholder, so nothing of it paid the agreement.
    await refund(agreementId);
    expect(await agreementStatus(agreementId)).toBe('cancelled');
    const listed = (await withAgreementHistory(t.database.db, () => myAgreement(agreementId)))!;
    expect(listed.status).toBe('cancelled');
    for (const parcela of listed.parcelas) {
      // Read as its cancelled agreement's unpaid instalments ('Cancelada' on the page), never PAGO (P, B).
      expect(['A', 'AA']).toContain(parcela.status);
      expect(parcela.comprovante_cartao).toBeNull();
    }
    expect(listed.valor_restante).toBe(listed.valor_negociado);
    // Whether or not the partner lists its history, the receipt is not served.
    for (const path of receipts) expect(await receiptPdf(path)).toEqual({ status: 404, text: '' });
    // The money records stay: the card did pay on its day, and the reversals say the money left.
    expect(await settledEvents(agreementId)).toEqual(paidEvents);
    // The back office reads its instalments the same way, the reversals beside them saying why.
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/gestao/acordos/${agreementId}`,
      headers: { authorization: `Bearer ${await staffToken(t)}` },
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const { data } = staff.json();
    for (const parcela of data.parcelas) expect(['A', 'AA']).toContain(parcela.status);
    expect(data.cartao.estornos).toHaveLength(2);
  });
});
