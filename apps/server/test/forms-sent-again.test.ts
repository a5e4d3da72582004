import type { DividasResposta } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactMessages, debtorRequests, outboundMessages, privacyRequests } from '../src/db/schema';
import { REPEAT_WINDOW_MINUTES } from '../src/services/repeat-window';
import { call, hostOf, JOAO, login, stepsLogged } from './identification-helpers';
import { createTestApp, type TestApp, validContact } from './test-app';
import { validRightsRequest } from './valid-forms';

// Decision 085 (extending 048): a debtor's proposal or cannot-pay reason, a rights request and a contact message sent
// again with the same content, recently (its answer lost on a slow network, a double tap), are the one stored.

const HOST = hostOf('demo');
const JOAO_DIGITS = '39053344705';
const PROPOSAL_STEP = 9;
const PROPOSAL = { entrada: 'R$ 150,00', quantidade_parcelas: '6', valor_parcela: '100,00' };

let t: TestApp;
let joao: string;
let storeId: number;
let clientNumber = 0;

beforeAll(async () => {
  t = await createTestApp();
  joao = await login(t, JOAO);
  const listing = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: HOST, cookie: joao });
  storeId = (listing.json().dados as DividasResposta).dividas[0]!.loj_codigo;
});
afterAll(async () => {
  await t?.close();
});
// The window is measured by the server's clock: pinned, so that a test can step past it.
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now(), shouldAdvanceTime: true });
  await t.database.db.delete(debtorRequests);
  await t.database.db.delete(contactMessages);
  await t.database.db.delete(privacyRequests);
  await t.database.db.delete(outboundMessages);
});
afterEach(() => {
  vi.useRealTimers();
});

const afterTheWindow = () => vi.setSystemTime(Date.now() + (REPEAT_WINDOW_MINUTES + 1) * 60_000);

// Each call from its own client address, so that the per-address rate limits do not count these repeats.
function send(action: string, body: Record<string, unknown>, cookie?: string) {
  clientNumber += 1;
  return call(t, action, body, { host: HOST, ip: `10.85.0.${clientNumber}`, ...(cookie ? { cookie } : {}) });
}
const propose = (terms: Record<string, string> = PROPOSAL) =>
  send('portal/cadastrarProposta', { loj_codigo: storeId, ...terms }, joao);
const cannotPay = (motivo = 'Desemprego') =>
  send('portal/naoPossoPagar', { lojCodigo: storeId, motivo }, joao);
const requestRights = (overrides: Record<string, unknown> = {}) =>
  send('portal/enviarSolicitacaoPrivacidade', validRightsRequest(overrides));
const contact = (overrides: Record<string, unknown> = {}) =>
  send('portal/enviarContato', validContact(overrides));

async function rowsOf(table: typeof debtorRequests | typeof contactMessages | typeof privacyRequests) {
  const [rows] = await t.database.db.select({ n: count() }).from(table);
  return Number(rows?.n);
}
async function outbox() {
  const [rows] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return Number(rows?.n);
}
const answerEveryDebtorRequest = () => t.database.db.update(debtorRequests).set({ status: 'answered' });

describe('cadastrarProposta sent again', () => {
  it('stores the same proposal, typed another way, once with one step', async () => {
    const steps = await stepsLogged(t, PROPOSAL_STEP, JOAO_DIGITS);
    const first = await propose();
    // The same amounts typed another way are the same proposal.
    const again = await propose({ entrada: '150', quantidade_parcelas: '06', valor_parcela: 'R$ 100,00' });
    expect(first.json()).toMatchObject({ retorno: true });
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(debtorRequests)).toBe(1);
    expect(await stepsLogged(t, PROPOSAL_STEP, JOAO_DIGITS)).toBe(steps + 1);
  });
});

describe.each([
  {
    action: 'cadastrarProposta',
    same: () => propose(),
    other: () => propose({ ...PROPOSAL, quantidade_parcelas: '5' }),
  },
  { action: 'naoPossoPagar', same: () => cannotPay(), other: () => cannotPay('Juros Altos') },
])('$action sent again', ({ same, other }) => {
  it('stores the same one once and answers it alike', async () => {
    const first = await same();
    expect(first.json()).toMatchObject({ retorno: true });
    expect((await same()).json()).toEqual(first.json());
    expect(await rowsOf(debtorRequests)).toBe(1);
  });

  it('stores another one, the same one after the window, and the same one once staff answered it', async () => {
    await same();
    await same();
    await other();
    expect(await rowsOf(debtorRequests)).toBe(2);
    afterTheWindow();
    await same();
    expect(await rowsOf(debtorRequests)).toBe(3);
    await answerEveryDebtorRequest();
    await same();
    expect(await rowsOf(debtorRequests)).toBe(4);
  });
});

describe('enviarSolicitacaoPrivacidade sent again', () => {
  it("stores the same request once, e-mails it once and answers the first one's protocol and deadline", async () => {
    const first = await requestRights();
    expect(first.json()).toMatchObject({ retorno: true });
    // One to the partner, one to the person.
    expect(await outbox()).toBe(2);
    // The phone typed with another mask is the same request.
    const again = await requestRights({ telefone: '41987654321' });
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(privacyRequests)).toBe(1);
    expect(await outbox()).toBe(2);
  });

  it('stores another request, and the same one after the window, each with its own protocol', async () => {
    const first = (await requestRights()).json().dados.protocolo;
    expect((await requestRights()).json().dados.protocolo).toBe(first);
    const other = (await requestRights({ solicitacao: 'Quero corrigir o meu telefone.' })).json().dados
      .protocolo;
    afterTheWindow();
    const later = (await requestRights()).json().dados.protocolo;
    expect(new Set([first, other, later]).size).toBe(3);
    expect(await rowsOf(privacyRequests)).toBe(3);
  });
});

describe('enviarContato sent again', () => {
  it('stores the same message once, e-mails the partner once and answers it alike', async () => {
    const first = await contact();
    expect(first.json()).toMatchObject({ retorno: true });
    expect((await contact()).json()).toEqual(first.json());
    expect(await rowsOf(contactMessages)).toBe(1);
    expect(await outbox()).toBe(1);
  });

  it('stores another message, the same one from a logged-in sender, and the same one after the window', async () => {
    await contact();
    await contact();
    await contact({ text: 'Outra mensagem.' });
    await send('portal/enviarContato', validContact(), joao);
    expect(await rowsOf(contactMessages)).toBe(3);
    afterTheWindow();
    await contact();
    expect(await rowsOf(contactMessages)).toBe(4);
    expect(await outbox()).toBe(4);
  });
});

describe('the four sent twice at once', () => {
  // On PostgreSQL the two run in two connections: the lock makes the second find the first.
  it('store one of each', async () => {
    const twice = (sendOnce: () => Promise<unknown>) => Promise.all([sendOnce(), sendOnce()]);
    await twice(() => propose());
    await twice(() => cannotPay());
    await twice(() => requestRights());
    await twice(() => contact());
    const kinds = await t.database.db.select({ kind: debtorRequests.kind }).from(debtorRequests);
    expect(kinds.map((row) => row.kind).sort()).toEqual(['cannot_pay', 'proposal']);
    expect(await rowsOf(privacyRequests)).toBe(1);
    expect(await rowsOf(contactMessages)).toBe(1);
  });
});

describe('a repeat is scoped', () => {
  it("does not take another person's proposal for this one", async () => {
    await propose();
    const [stored] = await t.database.db.select().from(debtorRequests);
    // The same proposal stored for someone else, as a second person would send it.
    await t.database.db
      .update(debtorRequests)
      .set({ personId: null })
      .where(eq(debtorRequests.id, stored!.id));
    await propose();
    await propose();
    expect(await rowsOf(debtorRequests)).toBe(2);
  });
});
