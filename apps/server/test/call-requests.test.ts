import { addDays, brasiliaDayStart, type DividasResposta, todayInBrasilia } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { debtorRequests, debtorSessions, partners, persons } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { call, hostOf, JOAO, login, MARIA } from './identification-helpers';
import { mimeParts, startSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';

// Issue 19 items 2 and 5, the server half: a debtor asks to be called or contacted on WhatsApp. The request carries
// the session's person and partner whatever the body says, reaches the partner's contact address at a real SMTP peer,
// shows in the staff queue "ligacoes" of that partner only, and is limited per person per Brasília day.

const CLIENT = '10.31.0.1';
const PASSWORD = 'Ligacoes#2026x';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
const cookies = { joao: '', maria: '' };
const stores = { joao: 0, maria: 0 };
const tokens = { administrator: '', demoOperator: '', acmeOperator: '' };

const debtor = (who: 'joao' | 'maria', action: string, body: Record<string, unknown>) =>
  call(t, action, body, { host: hostOf('demo'), cookie: cookies[who], ip: CLIENT });

const requestsOf = async (cpfCnpj: string) => {
  const [person] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, cpfCnpj));
  return t.database.db.select().from(debtorRequests).where(eq(debtorRequests.personId, person!.id));
};

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ mailTransport: smtpTransport(smtp.url), env: { RATE_LIMIT_ALLOWLIST: CLIENT } });
  const { db } = t.database;
  const partnerId = async (identifier: string) =>
    (await db.select().from(partners).where(eq(partners.identifier, identifier)))[0]!.id;
  const users = [
    ['administrator', 'administrator', []],
    ['demoOperator', 'operator', [await partnerId('demo')]],
    ['acmeOperator', 'operator', [await partnerId('acme')]],
  ] as const;
  let ip = 0;
  for (const [key, role, partnerIds] of users) {
    const user = await createStaffUser(db, { username: `ligacoes.${key}`, password: PASSWORD, role });
    if (role === 'operator') await setStaffAccess(db, user.id, { role, partnerIds: [...partnerIds] });
    ip += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: PASSWORD },
      remoteAddress: `10.31.1.${ip}`,
    });
    tokens[key] = res.json().access_token;
  }
  cookies.joao = await login(t, JOAO);
  cookies.maria = await login(t, MARIA);
  for (const who of ['joao', 'maria'] as const) {
    const debts = await debtor(who, 'negociacao_robo/passo_2_novo', {});
    stores[who] = (debts.json().dados as DividasResposta).dividas[0]!.loj_codigo;
  }
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request call and WhatsApp contact (spec 001 §7)', () => {
  it('stores the session person and partner even when the body names others, and e-mails the partner', async () => {
    const [other] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '52998224725'));
    const res = await debtor('joao', 'portal/solicitarLigacao', {
      pes_codigo: other!.id,
      emp_codigo: 999,
      loj_codigo: stores.joao,
      telefone: '(21) 3456-7890',
    });
    expect(res.json()).toMatchObject({ retorno: true, mensagem: 'Nova chamada agendada.' });
    const rows = await requestsOf('39053344705');
    expect(rows.filter((r) => r.kind === 'call')).toEqual([
      expect.objectContaining({ phone: '2134567890', storeId: stores.joao, status: 'open' }),
    ]);
    expect((await requestsOf('52998224725')).filter((r) => r.kind === 'call')).toEqual([]);

    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['contato@demo.example.com']);
    const text = mimeParts(smtp.received[0]!)
      .find((p) => p.contentType === 'text/plain')!
      .content.toString('utf8');
    expect(text).toContain('Canal: Ligação');
    expect(text).toContain('Telefone: (21) 3456-7890');
    expect(text).toContain('CPF/CNPJ: 390.533.447-05');
  });

  it('refuses a store where the session person has no debt', async () => {
    const res = await debtor('joao', 'portal/contatoWhatsapp', {
      loj_codigo: 987654,
      telefone: '(21) 99876-5432',
    });
    expect(res.json()).toMatchObject({ retorno: false, mensagem: 'Contrato não encontrado.' });
  });

  it('refuses a bad phone with the spec message, and a landline for WhatsApp', async () => {
    const bad = await debtor('joao', 'portal/solicitarLigacao', {
      loj_codigo: stores.joao,
      telefone: '(21) 9987',
    });
    expect(bad.json()).toMatchObject({ retorno: false, mensagem: 'Informe um número de telefone válido.' });
    const landline = await debtor('joao', 'portal/contatoWhatsapp', {
      loj_codigo: stores.joao,
      telefone: '(21) 3456-7890',
    });
    expect(landline.json()).toMatchObject({
      retorno: false,
      mensagem: 'Informe um número de WhatsApp válido.',
    });
  });

  it('refuses a call without a debtor session', async () => {
    const res = await call(
      t,
      'portal/solicitarLigacao',
      { loj_codigo: stores.joao, telefone: '(21) 99876-5432' },
      {
        host: hostOf('demo'),
        ip: CLIENT,
      },
    );
    expect(res.json().retorno).not.toBe(true);
    expect(smtp.received).toHaveLength(0);
  });

  it('takes three requests per person per Brasília day, both kinds together', async () => {
    const tomorrow = addDays(todayInBrasilia(), 1);
    const late = new Date(brasiliaDayStart(addDays(tomorrow, 1)).getTime() - 5 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: late });
    // A session opened at the pinned clock (PostgreSQL stamps its last use with the database's clock).
    cookies.maria = await login(t, MARIA);
    const [maria] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '52998224725'));
    await t.database.db
      .update(debtorSessions)
      .set({ lastSeenAt: late, expiresAt: new Date(late.getTime() + 3_600_000) })
      .where(eq(debtorSessions.personId, maria!.id));
    const ask = (action: string) =>
      debtor('maria', action, { loj_codigo: stores.maria, telefone: '(11) 98765-4321' });
    const first = (await ask('portal/contatoWhatsapp')).json();
    expect(first, JSON.stringify(first)).toMatchObject({ retorno: true });
    expect((await ask('portal/solicitarLigacao')).json()).toMatchObject({ retorno: true });
    expect((await ask('portal/solicitarLigacao')).json()).toMatchObject({ retorno: true });
    const fourth = (await ask('portal/solicitarLigacao')).json();
    expect(fourth).toMatchObject({
      retorno: false,
      mensagem: expect.stringContaining('tente novamente amanhã'),
    });
    expect(await requestsOf('52998224725')).toHaveLength(3);
    // Ten minutes later it is the next day in Brasília.
    vi.setSystemTime(late.getTime() + 10 * 60_000);
    expect((await ask('portal/solicitarLigacao')).json()).toMatchObject({ retorno: true });
    expect(await requestsOf('52998224725')).toHaveLength(4);
  });
});

describe('the staff queue ligacoes', () => {
  const queue = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/filas/ligacoes',
      headers: { authorization: `Bearer ${token}` },
    });

  it("shows the requests to the partner's staff only, with the phone asked and the channel", async () => {
    const page = (await queue(tokens.demoOperator)).json();
    expect(page.meta.total).toBeGreaterThanOrEqual(2);
    const joao = page.data.find(
      (item: { pessoa: { cpf_cnpj: string } }) => item.pessoa.cpf_cnpj === '39053344705',
    );
    expect(joao).toMatchObject({
      fila: 'ligacoes',
      parceiro: { nome: 'Portal Demo' },
      status: 'open',
      divida: { loja: { id: stores.joao } },
      pedido: { tipo: 'Ligação', telefone: '2134567890' },
    });
    // The queue shows the phone asked as part of the request; the person's e-mail is not on it.
    expect(joao.pessoa).toEqual({ nome: expect.stringMatching(/^João/), cpf_cnpj: '39053344705' });
    expect((await queue(tokens.administrator)).json().meta.total).toBe(page.meta.total);
    expect((await queue(tokens.acmeOperator)).json().meta.total).toBe(0);
  });
});
