import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditorCompanies, creditorLeads, outboundMessages } from '../src/db/schema';
import type { MailTransport, OutgoingEmail } from '../src/integrations/mail/mail-transport';
import type { SmsSender } from '../src/integrations/sms/sms-sender';
import { claimDueMessages, markMessageSent, renewMessageClaim } from '../src/repositories/outbox-repository';
import { deliverDueMessages } from '../src/services/outbox/deliver-due-messages';
import { storedLeads } from './creditor-lead-helpers';
import {
  api,
  call,
  cookieOf,
  hostOf,
  JOAO,
  lastMessage,
  MARIA,
  solveRobotCheck,
} from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// A login code or a link carrying a token is hashed where it is checked (sms_tokens, phone_change_links); the outbox
// keeps it only while the message is still to be sent (decision 097). The test app has no transports: these tests
// hand the outbox to their own, and the app's worker leaves every message queued, as the development mailbox has it.

const POLICY = { from: 'portal@exemplo.com.br', retryBaseMs: 60_000, maxAttempts: 5, batchSize: 10 };
const CODE_MASK = '••••••';
const LINK_MASK = '[link removido após o envio]';

let t: TestApp;
let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await createTestApp({
    env: { LIMIT_SMS_PER_PHONE: '20', PUBLIC_URL_TEMPLATE: 'https://{partner}.portal.example.com' },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(creditorCompanies);
  await t.database.db.delete(creditorLeads);
  await t.database.db.delete(outboundMessages);
});

/** Senff logs in with an SMS code: Maria asks for one. Returns the session's cookie and the queued message. */
async function loginCodeQueued() {
  const host = hostOf('senff');
  const person = { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento };
  const cookie = cookieOf(
    await call(t, 'negociacao_robo/passo_1', { ...person, aceite: true }, { host, ip: nextIp() }),
  );
  await call(t, 'negociacao_robo/enviar_token', {}, { host, cookie });
  const message = (await lastMessage(t, 'sms'))!;
  return { cookie, message, code: /\d{6}/.exec(message.bodyText)![0] };
}

const stored = async (id: number) =>
  (await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;

function smsSender(sent: string[], fail?: (text: string) => string): SmsSender {
  return {
    name: 'teste',
    async send(_to, text) {
      if (fail) throw new Error(fail(text));
      sent.push(text);
      return { messageId: `sms-${sent.length}` };
    },
  };
}

function mailTransport(sent: OutgoingEmail[]): MailTransport {
  return {
    name: 'teste',
    async send(email) {
      sent.push(email);
      return { messageId: `mail-${sent.length}` };
    },
    close() {},
  };
}

describe('a login code', () => {
  it('stays in a queued message, which the development mailbox shows while it is its only delivery', async () => {
    const { code, message } = await loginCodeQueued();
    expect(await t.app.outbox.runOnce()).toBe(0);
    const mailbox = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json',
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000' },
    });
    const shown = mailbox.json().data.find((m: { id: number }) => m.id === message.id);
    expect(shown).toMatchObject({ status: 'pending' });
    expect(shown.bodyText).toContain(code);
  });

  it('is masked once sent, and still logs in from the SMS', async () => {
    const { code, cookie, message } = await loginCodeQueued();
    const sent: string[] = [];
    await deliverDueMessages(t.database.db, { email: null, sms: smsSender(sent) }, POLICY);
    expect(sent).toEqual([message.bodyText]);
    const after = await stored(message.id);
    expect(after.status).toBe('sent');
    expect(after.bodyText).toBe(message.bodyText.replace(code, CODE_MASK));
    expect(after.bodyText).not.toMatch(/\d{6}/);
    const login = await call(
      t,
      'negociacao_robo/validar_token',
      { token_cliente: code },
      { host: hostOf('senff'), cookie },
    );
    expect(login.json()).toMatchObject({ retorno: true });
  });

  it('is kept for the retry of a failed attempt, and masked, with the error quoting it, when the last one fails', async () => {
    const { code, message } = await loginCodeQueued();
    const refused = smsSender([], (text) => `Zenvia answered 400: {"text":"${text}"}`);
    await deliverDueMessages(t.database.db, { email: null, sms: refused }, POLICY);
    const retried = await stored(message.id);
    expect(retried).toMatchObject({ status: 'pending', bodyText: message.bodyText });
    expect(retried.lastError).not.toContain(code);

    await t.database.db
      .update(outboundMessages)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboundMessages.id, message.id));
    await deliverDueMessages(t.database.db, { email: null, sms: refused }, { ...POLICY, maxAttempts: 2 });
    const failed = await stored(message.id);
    expect(failed.status).toBe('failed');
    expect(failed.bodyText).toBe(message.bodyText.replace(code, CODE_MASK));
    expect(failed.lastError).toContain(CODE_MASK);
    expect(failed.lastError).not.toContain(code);
  });

  it('is not masked by a process whose claim ran out while another sends the message', async () => {
    const { message } = await loginCodeQueued();
    const db = t.database.db;
    const [first] = await claimDueMessages(db, ['sms'], 10);
    // Its claim runs out; another process claims the message and is sending it.
    await db
      .update(outboundMessages)
      .set({ lockedUntil: new Date(0) })
      .where(eq(outboundMessages.id, message.id));
    const [second] = await claimDueMessages(db, ['sms'], 10);
    await markMessageSent(db, first!, 'late');
    expect(await stored(message.id)).toMatchObject({ status: 'sending', bodyText: message.bodyText });
    expect(await renewMessageClaim(db, second!)).toBe(true);
    await markMessageSent(db, second!, 'on-time');
    expect(await stored(message.id)).toMatchObject({ status: 'sent', providerMessageId: 'on-time' });
    expect((await stored(message.id)).bodyText).not.toMatch(/\d{6}/);
  });
});

it('the phone-change link is sent whole and stored without its token', async () => {
  const res = await call(
    t,
    'portal/solicitarTrocaTelefone',
    { pesCpfCnpj: JOAO.pesCpfCnpj, captcha: await solveRobotCheck(t) },
    { ip: nextIp() },
  );
  expect(res.json()).toMatchObject({ retorno: true });
  const message = (await lastMessage(t, 'email'))!;
  const sent: OutgoingEmail[] = [];
  await deliverDueMessages(t.database.db, { email: mailTransport(sent), sms: null }, POLICY);
  const token = /novo-telefone\?token=([A-Za-z0-9_-]+)/.exec(sent[0]!.text)![1]!;
  expect(sent[0]!.html).toContain(token);
  const after = await stored(message.id);
  expect(after.status).toBe('sent');
  for (const body of [after.bodyText, after.bodyHtml!]) {
    expect(body).not.toContain(token);
    expect(body).toContain(LINK_MASK);
  }
  expect(after.bodyText).toContain('Para cadastrar o novo telefone, abra o link abaixo.');
});

it("the creditor's sign-up link is stored without its code once sent; the partner's notice stays whole", async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: api('portal/cadastrarEmpresaCredora'),
    payload: {
      razao_social: 'Alfa Cobranças Ltda',
      cnpj: '12.ABC.345/01DE-35',
      nome_contato: 'Ana Souza',
      telefone_cel: '(41) 98765-4321',
      email: 'ana@alfa.com.br',
    },
    headers: { host: hostOf('acme') },
    remoteAddress: nextIp(),
  });
  expect(res.json()).toMatchObject({ retorno: true });
  const [lead] = await storedLeads(t);
  const queued = await t.database.db
    .select()
    .from(outboundMessages)
    .where(inArray(outboundMessages.id, [lead!.outboundMessageId!, lead!.partnerMessageId!]));
  expect(queued.map((m) => m.template).sort()).toEqual(['creditor-confirmation', 'creditor-lead']);
  const sent: OutgoingEmail[] = [];
  await deliverDueMessages(t.database.db, { email: mailTransport(sent), sms: null }, POLICY);
  expect(sent.find((m) => m.to === 'ana@alfa.com.br')!.text).toContain(lead!.code);
  for (const before of queued) {
    const after = await stored(before.id);
    expect(after.status).toBe('sent');
    if (before.template === 'creditor-confirmation') {
      expect(`${after.bodyText}${after.bodyHtml}`).not.toContain(lead!.code);
      expect(after.bodyText).toContain(LINK_MASK);
    } else expect([after.bodyText, after.bodyHtml]).toEqual([before.bodyText, before.bodyHtml]);
  }
});
