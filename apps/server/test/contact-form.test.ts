import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, outboundMessages } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { header, startSmtpPeer } from './smtp-peer';
import { CONTACT_ACTION, createTestApp, type TestApp, validContact } from './test-app';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let clientNumber = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ mailTransport: smtpTransport(smtp.url) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.state.failing = false;
  smtp.received.length = 0;
  await t.database.db.delete(contactMessages);
  await t.database.db.delete(outboundMessages);
});

// Each test posts from its own client address so the per-address rate limit does not leak between tests.
function post(payload: unknown, host = 'localhost:3000') {
  clientNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: CONTACT_ACTION,
    payload: payload as Record<string, unknown>,
    headers: { host },
    remoteAddress: `10.0.0.${clientNumber}`,
  });
}

async function stored() {
  const [messages] = await t.database.db.select({ n: count() }).from(contactMessages);
  const [outbox] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return { messages: Number(messages?.n), outbox: Number(outbox?.n) };
}

describe('contact form (spec 000 §3, §5, §7)', () => {
  it.each([
    [{ name: '' }, 'name', 'Nome é obrigatório!'],
    [{ name: 'Al' }, 'name', 'Por favor, digite o seu nome completo'],
    [{ name: 'Um nome muito comprido demais' }, 'name', 'Por favor, digite o seu nome completo'],
    [{ email: 'ana@' }, 'email', 'E-mail é obrigatório!'],
    [{ identification: '111.111.111-11' }, 'identification', 'CPF/CNPJ é obrigatório!'],
    [{ text: 'curto' }, 'text', 'Seu texto está muito curto.'],
    [{ text: 'x'.repeat(301) }, 'text', 'Seu texto está muito longo.'],
    [{ agreement: false }, 'agreement', 'Marque a caixa de consentimento para enviar.'],
  ])('rejects %o with the field message and stores nothing', async (override, field, message) => {
    const res = await post(validContact(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
    expect(await stored()).toEqual({ messages: 0, outbox: 0 });
  });

  it('stores the message, queues it and delivers it to the partner over SMTP', async () => {
    const res = await post(
      validContact({ identification: '12.ABC.345/01DE-35' }),
      'acme.portal.localhost:3000',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'E-mail enviado com sucesso.' });
    const [message] = await t.database.db.select().from(contactMessages);
    expect(message).toMatchObject({ name: 'Ana Souza', cpfCnpj: '12ABC34501DE35' });
    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['contato@acme.example.com']);
    expect(header(smtp.received[0]!, 'Subject')).toBe(
      '[Acme Cobranças] Nova mensagem de contato pelo portal',
    );
    expect(header(smtp.received[0]!, 'Reply-To')).toBe('ana@example.com');
    const [outbox] = await t.database.db.select().from(outboundMessages);
    expect(outbox).toMatchObject({ status: 'sent', attempts: 1 });
    // Stored unmasked, shown to staff formatted.
    expect(outbox!.bodyText).toContain('CPF/CNPJ: 12.ABC.345/01DE-35');
  });

  it('keeps the message queued while SMTP fails and delivers it on a later retry', async () => {
    await post(validContact());
    smtp.state.failing = true;
    expect(await t.app.outbox.runOnce()).toBe(1);
    let [outbox] = await t.database.db.select().from(outboundMessages);
    expect(outbox).toMatchObject({ status: 'pending', attempts: 1 });
    expect(outbox!.lastError).toMatch(/451/);
    expect(outbox!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is retried early.
    expect(await t.app.outbox.runOnce()).toBe(0);
    smtp.state.failing = false;
    await t.database.db
      .update(outboundMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboundMessages.id, outbox!.id));
    expect(await t.app.outbox.runOnce()).toBe(1);
    [outbox] = await t.database.db.select().from(outboundMessages);
    expect(outbox).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('shows the queued message and its retry on the development mailbox', async () => {
    await post(validContact({ name: 'Bia <b>Souza</b>' }));
    smtp.state.failing = true;
    await t.app.outbox.runOnce();
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tentativas:</strong> 1');
    expect(page.body).toContain('Bia &#60;b&#62;Souza');
    expect(page.body).not.toContain('<b>Souza</b>');
  });

  it('answers the spec message for an unknown partner and stores nothing', async () => {
    const res = await post(validContact(), 'naoexiste.portal.localhost');
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe('Subdomínio não encontrado!');
    expect(await stored()).toEqual({ messages: 0, outbox: 0 });
  });

  it('limits one client to five messages a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: CONTACT_ACTION,
        payload: validContact(),
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts one IPv6 /64 (one customer line) as one client, and another /64 as another', async () => {
    const send = (ip: string) =>
      t.app.inject({ method: 'POST', url: CONTACT_ACTION, payload: validContact(), remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await send(`2001:db8:9:9::${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send('2001:db8:9:a::1')).statusCode).toBe(200);
  });
});
