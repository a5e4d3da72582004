import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  contactMessages,
  debtorRequests,
  outboundMessages,
  privacyRequests,
  stepLogs,
} from '../src/db/schema';
import { demoIds, staffGet, staffToken } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// The operations dashboard (issue 5 item 6; GET /api/painel): the funnel from seeded step logs, agreements by
// payment type and the queues by status, for one partner and June 2025 in Brasília (UTC-3), staff only.

let t: TestApp;
let token: string;
let ids: Awaited<ReturnType<typeof demoIds>>;

const JUNE = 'data_inicial=2025-06-01&data_final=2025-06-30';
const IN_JUNE = new Date('2025-06-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  token = await staffToken(t);
  ids = await demoIds(t);
  const db = t.database.db;
  const { demo, acme, personId, storeId } = ids;
  const step = (code: number, cpfCnpj: string | null, createdAt = IN_JUNE, extra: object = {}) => ({
    partnerId: demo,
    stepCode: code,
    cpfCnpj,
    createdAt,
    ...extra,
  });
  await db.insert(stepLogs).values([
    step(31, null),
    step(31, null),
    step(31, null),
    step(8, '11111111111'),
    step(8, '11111111111'),
    step(8, '22222222222'),
    step(8, '33333333333'),
    // 30 June 23:59:59 in Brasília: still in the period; 31 May 23:59:59 is not.
    step(8, '66666666666', new Date('2025-07-01T02:59:59Z')),
    step(8, '55555555555', new Date('2025-06-01T02:59:59Z')),
    step(5, '11111111111'),
    step(33, '11111111111'),
    step(33, '22222222222'),
    step(39, '11111111111'),
    // A failed step is no progress.
    step(39, '22222222222', IN_JUNE, { isError: true }),
    step(28, '11111111111'),
    step(20, '11111111111'),
    step(20, '33333333333'),
    // Another partner's visitor.
    { ...step(8, '44444444444'), partnerId: acme },
  ]);

  const agreement = (
    paymentMethod: 'boleto' | 'pix' | 'cartao',
    totalCents: number,
    entryCents: number,
    extra = {},
  ) => ({
    partnerId: demo,
    personId,
    storeId,
    paymentMethod,
    instalmentCount: 3,
    entryCents,
    instalmentCents: 1000,
    totalCents,
    firstDueDate: '2025-06-20',
    createdAt: IN_JUNE,
    ...extra,
  });
  await db
    .insert(agreements)
    .values([
      agreement('boleto', 100_000, 10_000),
      agreement('boleto', 50_050, 0),
      agreement('pix', 20_000, 20_000),
      agreement('cartao', 70_000, 7_000, { status: 'cancelled' }),
      agreement('pix', 99_999, 0, { partnerId: acme }),
      agreement('pix', 99_999, 0, { createdAt: new Date('2025-07-01T03:00:00Z') }),
    ]);

  const request = (kind: 'cannot_pay' | 'proposal' | 'dispute', status: 'open' | 'answered', extra = {}) => ({
    partnerId: demo,
    personId,
    storeId,
    kind,
    status,
    createdAt: IN_JUNE,
    ...extra,
  });
  await db
    .insert(debtorRequests)
    .values([
      request('cannot_pay', 'open'),
      request('cannot_pay', 'open'),
      request('cannot_pay', 'answered'),
      request('proposal', 'open'),
      request('dispute', 'answered'),
      request('dispute', 'open', { partnerId: acme }),
    ]);

  const outbox = await db
    .insert(outboundMessages)
    .values(
      (['sent', 'sent', 'failed', 'sending', 'pending'] as const).map((status) => ({
        partnerId: demo,
        channel: 'email' as const,
        template: 'contact',
        recipient: 'parceiro@example.com',
        bodyText: 'Mensagem',
        status,
      })),
    )
    .returning({ id: outboundMessages.id });
  await db.insert(contactMessages).values(
    outbox.map((message, index) => ({
      partnerId: demo,
      name: 'Ana',
      email: 'ana@example.com',
      cpfCnpj: '11111111111',
      text: 'Quero negociar',
      outboundMessageId: message.id,
      // The last one was sent in May: outside the period.
      createdAt: index === 4 ? new Date('2025-05-20T12:00:00Z') : IN_JUNE,
    })),
  );

  let protocol = 0;
  const privacy = (status: 'open' | 'in_progress' | 'answered', dueOn: string, extra = {}) => ({
    partnerId: demo,
    protocol: `DASH-${++protocol}`,
    name: 'Ana',
    phone: '41987654321',
    email: 'ana@example.com',
    requestType: 'acesso',
    message: 'Quero meus dados',
    status,
    dueOn,
    createdAt: IN_JUNE,
    ...extra,
  });
  await db
    .insert(privacyRequests)
    .values([
      privacy('open', '2025-06-30'),
      privacy('open', '2099-01-01'),
      privacy('in_progress', '2025-06-30'),
      privacy('answered', '2025-06-30'),
      privacy('open', '2025-06-30', { partnerId: acme }),
    ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/painel', () => {
  it('refuses a call without a staff token', async () => {
    const res = await staffGet(t, `/api/painel?parceiro=${ids.demo}&${JUNE}`, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Unauthenticated' });
  });

  it('asks for a partner, a known one, and a valid period', async () => {
    const none = await staffGet(t, `/api/painel?${JUNE}`, token);
    expect(none.statusCode).toBe(400);
    expect(none.json().dados).toEqual({ parceiro: 'Selecione o parceiro.' });
    const unknown = await staffGet(t, `/api/painel?parceiro=999999&${JUNE}`, token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Parceiro não encontrado.');
    const backwards = await staffGet(
      t,
      `/api/painel?parceiro=${ids.demo}&data_inicial=2025-06-30&data_final=2025-06-01`,
      token,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().dados).toEqual({
      data_final: 'A data final deve ser igual ou posterior à data inicial.',
    });
  });

  it('counts the funnel, the agreements and the queues of the partner in the period', async () => {
    const res = await staffGet(t, `/api/painel?parceiro=${ids.demo}&${JUNE}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.partner).toEqual({ id: ids.demo, nome: expect.any(String) });
    expect(data.period).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(data.funnel).toEqual([
      { key: 'accessedPortal', count: 3 },
      { key: 'consultedDocument', count: 4 },
      { key: 'viewedDebts', count: 2 },
      { key: 'viewedPlans', count: 1 },
      { key: 'savedAgreement', count: 1 },
      { key: 'paid', count: null },
    ]);
    expect(data.paymentsRecorded).toBe(false);
    expect(data.agreements).toEqual([
      { paymentMethod: 'boleto', count: 2, totalCents: 150_050, entryCents: 10_000 },
      { paymentMethod: 'pix', count: 1, totalCents: 20_000, entryCents: 20_000 },
    ]);
    expect(data.queues).toEqual({
      contactMessages: { sent: 2, pending: 1, failed: 1 },
      callRequests: { open: 2, answered: 1, scheduledCalls: 2 },
      proposals: { open: 1, answered: 0 },
      disputes: { open: 0, answered: 1 },
      privacyRequests: { open: 2, in_progress: 1, answered: 1, overdue: 2 },
    });
  });

  it('answers zeros for a partner with nothing in the period', async () => {
    const res = await staffGet(
      t,
      `/api/painel?parceiro=${ids.demo}&data_inicial=2020-01-01&data_final=2020-01-31`,
      token,
    );
    const data = res.json().data;
    expect(data.funnel.map((stage: { count: number | null }) => stage.count)).toEqual([0, 0, 0, 0, 0, null]);
    expect(data.agreements).toEqual([]);
    expect(data.queues.privacyRequests).toEqual({ open: 0, in_progress: 0, answered: 0, overdue: 0 });
  });
});
