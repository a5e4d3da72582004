import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, outboundMessages, persons, stepLogs } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { listLeadsCreatedBetween } from '../src/repositories/lead-repository';
import { hostOf, login, MARIA } from './identification-helpers';
import { header, startSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';
import { validLead } from './valid-forms';

// cadastrarLead (spec 002 §3 "Lead", §7, §8; issue 6 item 5), on the API without the browser.

const LEAD_ACTION = '/api.php?a=portal&b=cadastrarLead';
const SUCCESS =
  'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail';

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
  smtp.received.length = 0;
  await t.database.db.delete(leads);
  await t.database.db.delete(outboundMessages);
});

// Each test posts from its own client address so the per-address rate limit does not leak between tests.
function post(payload: unknown, options: { host?: string; ip?: string; cookie?: string } = {}) {
  clientNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: LEAD_ACTION,
    payload: payload as Record<string, unknown>,
    headers: {
      host: options.host ?? 'localhost:3000',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    remoteAddress: options.ip ?? `10.6.0.${clientNumber}`,
  });
}

async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(leads);
  const [outbox] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return { leads: Number(rows?.n), outbox: Number(outbox?.n) };
}

describe('cadastrarLead', () => {
  it('stores the lead unmasked for the host partner, answers the spec text and e-mails the partner', async () => {
    const res = await post(validLead(), { host: 'acme.portal.localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ retorno: true, mensagem: SUCCESS });
    const [row] = await t.database.db.select().from(leads);
    expect(row).toMatchObject({
      name: 'Ana Souza',
      cpfCnpj: '52998224725',
      mobile: '41987654321',
      phone: '4133334444',
      city: 'Curitiba',
      store: 'Alfa Eletro',
      amountCents: 150_000,
      affordableCents: 30_050,
      paymentForm: 'A',
    });
    expect(res.json().dados).toEqual({ led_codigo: row!.id });
    expect(row!.outboundMessageId).not.toBeNull();

    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['contato@acme.example.com']);
    expect(header(mail, 'Subject')).toBe('[Acme Cobranças] Nova proposta de negociação (lead)');
    expect(header(mail, 'Reply-To')).toBe('ana@example.com');
    const [outbox] = await t.database.db.select().from(outboundMessages);
    expect(outbox).toMatchObject({ status: 'sent', template: 'lead' });
    expect(outbox!.bodyText).toContain('Valor: R$\u00a01.500,00');
    expect(outbox!.bodyText).toContain('Forma de pagamento: Boleto');
    // Stored unmasked, shown to staff formatted.
    expect(outbox!.bodyText).toContain('CPF/CNPJ: 529.982.247-25');
    expect(outbox!.bodyText).toContain('Celular: (41) 98765-4321');
    expect(outbox!.bodyText).toContain('Telefone fixo: (41) 3333-4444');
    expect(outbox!.bodyHtml).toContain('Prefiro &#60;pagar&#62; no dia 10.');
  });

  it('accepts masked input, an alphanumeric CNPJ and card payment (P)', async () => {
    const res = await post(
      validLead({
        cpf_cnpj: '12.ABC.345/01DE-35',
        celular: '(41) 98765-4321',
        fone: '',
        forma_pagamento: 'P',
        obs: '',
      }),
    );
    expect(res.json()).toMatchObject({ retorno: true, mensagem: SUCCESS });
    const [row] = await t.database.db.select().from(leads);
    expect(row).toMatchObject({
      cpfCnpj: '12ABC34501DE35',
      mobile: '41987654321',
      phone: '',
      paymentForm: 'P',
    });
  });

  it.each([
    [{ nome: '' }, 'nome', 'O campo nome é obrigatório'],
    [{ cpf_cnpj: '11111111111' }, 'cpf_cnpj', 'Digite um CPF ou CNPJ válido!'],
    [{ email: 'ana@' }, 'email', 'Digite um e-mail válido'],
    [{ cidade: ' ' }, 'cidade', 'O campo cidade é obrigatório'],
    [{ celular: '4133334444' }, 'celular', 'Digite um celular válido'],
    [{ fone: '123' }, 'fone', 'Digite um telefone fixo válido'],
    [{ loja: '' }, 'loja', 'O campo loja é obrigatório'],
    [{ valor: 'abc' }, 'valor', 'Digite um valor válido.'],
    [
      { valor_pode_pagar: '2.000,00' },
      'valor_pode_pagar',
      'O valor que pode pagar não pode ser maior que o valor da dívida.',
    ],
    [
      { forma_pagamento: 'B' },
      'forma_pagamento',
      'Escolha a forma de pagamento: boleto ou cartão de crédito.',
    ],
  ])('refuses %o with the field message and stores nothing', async (override, field, message) => {
    const res = await post(validLead(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
    expect(await stored()).toEqual({ leads: 0, outbox: 0 });
  });

  it('refuses a missing body field as required, and an oversized one as malformed', async () => {
    const { forma_pagamento: _omitted, ...withoutForm } = validLead();
    const res = await post(withoutForm);
    expect(res.json().dados).toEqual({ forma_pagamento: 'O campo forma de pagamento é obrigatório' });
    expect((await post(validLead({ obs: 'x'.repeat(6000) }))).statusCode).toBe(400);
    expect(await stored()).toEqual({ leads: 0, outbox: 0 });
  });

  it('logs step 11 (new lead, spec 001 §4) once for a stored lead, none for a refused one', async () => {
    const newLeads = () =>
      t.database.db
        .select({ cpfCnpj: stepLogs.cpfCnpj, companyCode: stepLogs.companyCode })
        .from(stepLogs)
        .where(and(eq(stepLogs.stepCode, 11), eq(stepLogs.cpfCnpj, '39053344705')));
    expect((await post(validLead({ cpf_cnpj: '390.533.447-05', email: 'nao' }))).statusCode).toBe(400);
    expect(await newLeads()).toEqual([]);
    const res = await post(validLead({ cpf_cnpj: '390.533.447-05' }), { host: 'acme.portal.localhost:3000' });
    expect(res.json()).toMatchObject({ retorno: true, mensagem: SUCCESS });
    expect(await newLeads()).toEqual([{ cpfCnpj: '39053344705', companyCode: 300 }]);
  });

  it('stores a proposal sent again (a retry, two at once) once: one lead, one e-mail, one step, the same answer', async () => {
    const host = 'acme.portal.localhost:3000';
    const newLeadSteps = async () => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(stepLogs)
        .where(and(eq(stepLogs.stepCode, 11), eq(stepLogs.cpfCnpj, '11144477735')));
      return Number(row?.n);
    };
    const proposal = validLead({ cpf_cnpj: '111.444.777-35' });
    const answers = await Promise.all([post(proposal, { host }), post(proposal, { host })]);
    // The same typed a little differently (masks, spaces) is the same proposal.
    answers.push(await post(validLead({ cpf_cnpj: '11144477735', celular: ' (41) 98765-4321' }), { host }));
    const [first] = answers;
    expect(first!.json()).toMatchObject({ retorno: true, mensagem: SUCCESS });
    for (const again of answers) expect(again.json()).toEqual(first!.json());
    expect(await stored()).toEqual({ leads: 1, outbox: 1 });
    expect(await newLeadSteps()).toBe(1);

    // Another value is another proposal; so is the same one on another partner's portal.
    await post(validLead({ cpf_cnpj: '111.444.777-35', valor_pode_pagar: '400,00' }), { host });
    await post(proposal);
    expect(await stored()).toMatchObject({ leads: 3 });
  });

  it('names the sender only when they sent it logged in on the partner, whatever CPF/CNPJ was typed', async () => {
    // Anyone may type Maria's CPF/CNPJ (docs/decisions/054); Maria herself then sends the same proposal logged in,
    // and on another partner's portal, where her session is not open.
    const host = hostOf('demo');
    await post(validLead(), { host });
    const maria = await login(t, MARIA);
    await post(validLead(), { host, cookie: maria });
    await post(validLead(), { host: hostOf('acme'), cookie: maria });
    const [person] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '52998224725'));
    const rows = await t.database.db.select().from(leads).orderBy(leads.id);
    expect(rows.map((row) => row.personId)).toEqual([null, person!.id, null]);
  });

  it('answers the spec message for an unknown partner and stores nothing', async () => {
    const res = await post(validLead(), { host: 'naoexiste.portal.localhost' });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe('Subdomínio não encontrado!');
    expect(await stored()).toEqual({ leads: 0, outbox: 0 });
  });

  it('limits one client to five leads a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(validLead(), { ip: '10.6.9.9' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await post(validLead(), { ip: '10.6.9.10' })).statusCode).toBe(200);
  });

  it('lists leads by creation date range for the back office', async () => {
    await post(validLead({ nome: 'Primeira Pessoa' }));
    await post(validLead({ nome: 'Segunda Pessoa' }), { host: 'acme.portal.localhost:3000' });
    const now = Date.now();
    const everyPartner = { role: 'administrator', partnerIds: null } as const;
    const all = await listLeadsCreatedBetween(t.database.db, everyPartner, {
      from: new Date(now - 60_000),
      to: new Date(now + 60_000),
    });
    expect(all.map((lead) => lead.name)).toEqual(['Primeira Pessoa', 'Segunda Pessoa']);
    expect(new Set(all.map((lead) => lead.partnerId)).size).toBe(2);
    const none = await listLeadsCreatedBetween(t.database.db, everyPartner, {
      from: new Date(now - 120_000),
      to: new Date(now - 60_000),
    });
    expect(none).toEqual([]);
  });
});
