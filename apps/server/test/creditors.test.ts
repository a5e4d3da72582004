import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditorCompanies, creditorLeads, outboundMessages } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { storedLeads } from './creditor-lead-helpers';
import { api, hostOf } from './identification-helpers';
import { header, startSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';

// Creditor registration and sign-up (spec 002 §2, §3, §5, §7, §8; issue 6 items 3 and 4), without the browser.

const REQUIRED = (label: string) => `O campo ${label} é obrigatório`;
const PASSWORD = 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.';
const PLAN = 'É necessário selecionar um plano antes de prosseguir.';
const INCONSISTENT = 'Dados do cadastro inconsistentes. Recarregue a página e tente novamente.';
const USED_LINK =
  'O cadastro deste link já foi concluído. Entre na área do credor com o usuário e a senha criados.';
const CNPJ_SIGNED_UP =
  'Esta empresa já concluiu o cadastro. Entre na área do credor com o usuário e a senha criados.';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let clientNumber = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    mailTransport: smtpTransport(smtp.url),
    env: { PUBLIC_URL_TEMPLATE: 'https://{partner}.portal.example.com' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(creditorCompanies);
  await t.database.db.delete(creditorLeads);
  await t.database.db.delete(outboundMessages);
});

// Each call comes from its own client address so the per-address rate limits do not leak between tests.
function post(action: string, payload: unknown, options: { host?: string; ip?: string } = {}) {
  clientNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: api(`portal/${action}`),
    payload: payload as Record<string, unknown>,
    headers: { host: options.host ?? hostOf('acme') },
    remoteAddress: options.ip ?? `10.8.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
  });
}

function registration(overrides: Record<string, unknown> = {}) {
  return {
    razao_social: 'Alfa <Cobranças> Ltda',
    cnpj: '12.ABC.345/01DE-35',
    nome_contato: 'Ana Souza',
    telefone_cel: '(41) 98765-4321',
    telefone_fixo: '',
    email: 'ana@alfa.com.br',
    website: 'www.alfa.com.br',
    link_cadastro: 'https://evil.example.net/cadastre-sua-empresa/x',
    ...overrides,
  };
}

function signUp(overrides: Record<string, unknown> = {}) {
  return {
    emp_nome_banco: 'alfacobrancasltda',
    emp_nome: 'Alfa Cobranças Ltda',
    usu_nome: 'Ana Souza',
    usu_email: 'ana@alfa.com.br',
    emp_usuario_banco: 'ana.souza',
    emp_senha_banco: 'Segura123',
    usu_login: 'ana.souza',
    usu_senha: 'Segura123',
    emp_numero_usuarios: 1,
    emp_cobranca_prospeccao: 'cobranca',
    emp_usa_site: 'S',
    pla_codigo: 2,
    ...overrides,
  };
}

async function rows() {
  const [leads] = await t.database.db.select({ n: count() }).from(creditorLeads);
  const [companies] = await t.database.db.select({ n: count() }).from(creditorCompanies);
  const [outbox] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return { leads: Number(leads?.n), companies: Number(companies?.n), outbox: Number(outbox?.n) };
}

describe('cadastrarEmpresaCredora (simple registration)', () => {
  it('stores the lead with a random code, builds the link from the partner address and e-mails both', async () => {
    const res = await post('cadastrarEmpresaCredora', registration());
    expect(res.statusCode).toBe(200);
    // The code is never answered: only the e-mail carries it.
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'Credor adicionado com sucesso!' });
    const [lead] = await storedLeads(t);
    expect(lead).toMatchObject({
      companyName: 'Alfa <Cobranças> Ltda',
      cnpj: '12ABC34501DE35',
      contactName: 'Ana Souza',
      mobile: '41987654321',
      landline: '',
      email: 'ana@alfa.com.br',
      website: 'www.alfa.com.br',
    });
    expect(lead!.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Spec 002 §2: seja-parceiro becomes cadastre-sua-empresa; the client's link is not used.
    expect(lead!.link).toBe(`https://acme.portal.example.com/cadastre-sua-empresa/${lead!.code}`);
    // Only the code's hash is kept (decision 100): whoever reads the table cannot open the wizard.
    const [row] = await t.database.db.select().from(creditorLeads);
    expect(JSON.stringify(row)).not.toContain(lead!.code);
    expect(row!.codeHash).toBe(createHash('sha256').update(lead!.code).digest('hex'));

    expect(await t.app.outbox.runOnce()).toBe(2);
    const toCreditor = smtp.received.find((mail) => mail.to[0] === 'ana@alfa.com.br')!;
    expect(header(toCreditor, 'Subject')).toBe('[Acme Cobranças] Confirme o cadastro da sua empresa');
    expect(toCreditor.raw).toContain(lead!.code);
    const toPartner = smtp.received.find((mail) => mail.to[0] === 'contato@acme.example.com')!;
    expect(header(toPartner, 'Subject')).toBe('[Acme Cobranças] Novo credor parceiro cadastrado');
    expect(header(toPartner, 'Reply-To')).toBe('ana@alfa.com.br');
    const messages = await t.database.db.select().from(outboundMessages);
    expect(messages.map((m) => m.status)).toEqual(['sent', 'sent']);
    const confirmation = messages.find((m) => m.template === 'creditor-confirmation')!;
    // Sent, the link no longer stays in the outbox (decision 097).
    expect(`${confirmation.bodyText}${confirmation.bodyHtml}`).not.toContain(lead!.code);
    expect(lead!.outboundMessageId).toBe(confirmation.id);
    const notice = messages.find((m) => m.template === 'creditor-lead')!;
    expect(notice.bodyHtml).toContain('Alfa &#60;Cobranças&#62; Ltda');
    // Staff read the CNPJ and phones formatted as everywhere else in the product, not as the stored digits.
    expect(notice.bodyText).toContain('CNPJ: 12.ABC.345/01DE-35');
    expect(notice.bodyText).toContain('Celular: (41) 98765-4321');
    expect(notice.bodyText).toContain('Telefone fixo: -');
  });

  it('tells the partner a numeric CNPJ, a mobile and a landline formatted, in the text and the HTML', async () => {
    await post(
      'cadastrarEmpresaCredora',
      registration({ cnpj: '11222333000181', telefone_cel: '11987654321', telefone_fixo: '1133334444' }),
    );
    expect(await t.app.outbox.runOnce()).toBe(2);
    const [notice] = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'creditor-lead'));
    for (const shown of ['11.222.333/0001-81', '(11) 98765-4321', '(11) 3333-4444']) {
      expect(notice!.bodyText).toContain(shown);
      expect(notice!.bodyHtml).toContain(shown);
    }
    expect(notice!.bodyText).not.toMatch(/11222333000181|11987654321|1133334444/);
  });

  it('gives two registrations different codes, each on its own partner address', async () => {
    await post('cadastrarEmpresaCredora', registration());
    await post('cadastrarEmpresaCredora', registration(), { host: hostOf('demo') });
    const leads = await storedLeads(t);
    expect(new Set(leads.map((lead) => lead.code)).size).toBe(2);
    expect(leads.map((lead) => new URL(lead.link).host).sort()).toEqual([
      'acme.portal.example.com',
      'demo.portal.example.com',
    ]);
  });

  it.each([
    [{ razao_social: '' }, 'razao_social', REQUIRED('razão social')],
    [{ cnpj: '' }, 'cnpj', REQUIRED('CNPJ')],
    [{ cnpj: '11.222.333/0001-82' }, 'cnpj', 'Digite um CNPJ válido'],
    [{ nome_contato: ' ' }, 'nome_contato', REQUIRED('nome do contato')],
    [{ telefone_cel: '' }, 'telefone_cel', REQUIRED('celular')],
    [{ telefone_cel: '(41) 9876-5432' }, 'telefone_cel', 'Digite um celular válido'],
    [{ telefone_fixo: '(41) 3333' }, 'telefone_fixo', 'Digite um telefone fixo válido'],
    [{ email: '' }, 'email', REQUIRED('e-mail')],
    [{ email: 'ana@alfa' }, 'email', 'Digite um e-mail válido'],
    [{ website: 'alfa' }, 'website', 'Digite um site válido, como www.suaempresa.com.br'],
  ])('refuses %o with the field message and stores nothing', async (override, field, message) => {
    const res = await post('cadastrarEmpresaCredora', registration(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
    expect(await rows()).toEqual({ leads: 0, companies: 0, outbox: 0 });
  });

  it('stores a registration sent again (a retry, two at once) once: one lead, one link e-mailed, the same answer', async () => {
    const answers = await Promise.all([
      post('cadastrarEmpresaCredora', registration()),
      post('cadastrarEmpresaCredora', registration()),
    ]);
    // The same typed a little differently (masks, case, spaces) is the same registration.
    answers.push(
      await post(
        'cadastrarEmpresaCredora',
        registration({ cnpj: ' 12abc34501de35', telefone_cel: '41987654321', email: ' ana@alfa.com.br' }),
      ),
    );
    for (const answer of answers)
      expect(answer.json()).toEqual({
        retorno: true,
        dados: null,
        mensagem: 'Credor adicionado com sucesso!',
      });
    expect(await rows()).toEqual({ leads: 1, companies: 0, outbox: 2 });

    // Another contact is another registration; so is the same one on another partner's portal.
    await post('cadastrarEmpresaCredora', registration({ email: 'bruno@alfa.com.br' }));
    await post('cadastrarEmpresaCredora', registration(), { host: hostOf('demo') });
    expect(await rows()).toMatchObject({ leads: 3 });
  });

  it('limits one client to five registrations a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('cadastrarEmpresaCredora', registration(), { ip: '10.9.0.1' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await post('cadastrarEmpresaCredora', registration(), { ip: '10.9.0.1' });
    expect(limited.json()).toMatchObject({
      retorno: false,
      mensagem: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    });
    expect((await post('cadastrarEmpresaCredora', registration(), { ip: '10.9.0.2' })).statusCode).toBe(200);
  });
});

describe('getEmpresasCredoras (prefill by the link code)', () => {
  it('answers only what the wizard prefills, on the partner of the link', async () => {
    await post('cadastrarEmpresaCredora', registration());
    const [lead] = await storedLeads(t);
    const res = await post('getEmpresasCredoras', { codigo: lead!.code });
    expect(res.json()).toEqual({
      retorno: true,
      dados: {
        credores: [
          { razaoSocial: 'Alfa <Cobranças> Ltda', nomeContato: 'Ana Souza', email: 'ana@alfa.com.br' },
        ],
      },
      mensagem: '',
    });
    // The same code on another partner's address is unknown there.
    const elsewhere = await post('getEmpresasCredoras', { codigo: lead!.code }, { host: hostOf('demo') });
    expect(elsewhere.json()).toMatchObject({ retorno: false, dados: null });
  });

  it('answers an unknown code with retorno false and a message, and a missing one as malformed', async () => {
    const res = await post('getEmpresasCredoras', { codigo: 'naoexiste' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retorno: false,
      dados: null,
      mensagem:
        'Não encontramos o cadastro deste link. Confira o link do e-mail ou preencha os dados abaixo.',
    });
    expect((await post('getEmpresasCredoras', {})).statusCode).toBe(400);
  });

  it('limits lookups to twenty a minute per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post('getEmpresasCredoras', { codigo: `x${i}` }, { ip: '10.9.1.1' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('getPlanosAtivos', () => {
  it('answers both plans in centavos with the displayed higher price and the discount line', async () => {
    const res = await post('getPlanosAtivos', {});
    const { planos } = res.json().dados;
    expect(
      planos.map((p: Record<string, unknown>) => [
        p.codigo,
        p.nome,
        p.valor_centavos,
        p.valor_cheio_centavos,
        p.emp_usa_site,
      ]),
    ).toEqual([
      [1, 'CRM - Sistema de cobrança', 11260, 12511, 'N'],
      [2, 'Portal + CRM', 15111, 16790, 'S'],
    ]);
    expect(planos[0].desconto).toBe('10% de desconto para quem aderir hoje');
    expect(planos[1]).toHaveProperty('item_3');
  });
});

describe('cadastrarCliente (sign-up wizard)', () => {
  it('stores the company and its user with a password hash, ties the lead and sends a welcome e-mail without the password', async () => {
    await post('cadastrarEmpresaCredora', registration());
    const [lead] = await storedLeads(t);
    await t.app.outbox.runOnce();
    smtp.received.length = 0;

    const res = await post('cadastrarCliente', signUp({ codigo: lead!.code, usu_login: 'Ana.Souza' }));
    expect(res.json()).toEqual({ retorno: true, dados: null, mensagem: 'Cadastrado com sucesso' });
    const [company] = await t.database.db.select().from(creditorCompanies);
    expect(company).toMatchObject({
      creditorLeadId: lead!.id,
      databaseName: 'alfacobrancasltda',
      companyName: 'Alfa Cobranças Ltda',
      userName: 'Ana Souza',
      userEmail: 'ana@alfa.com.br',
      login: 'ana.souza',
      planCode: 2,
      usesPortal: 'S',
      userCount: 1,
      businessKind: 'cobranca',
    });
    expect(company!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(company!.passwordHash).not.toContain('Segura123');
    expect(await verify(company!.passwordHash, 'Segura123')).toBe(true);
    expect(JSON.stringify(company)).not.toContain('Segura123');

    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const welcome = smtp.received[0]!;
    expect(welcome.to).toEqual(['ana@alfa.com.br']);
    expect(header(welcome, 'Subject')).toBe('[Acme Cobranças] Cadastro concluído: bem-vindo!');
    expect(welcome.raw).not.toContain('Segura123');
    const [message] = (await t.database.db.select().from(outboundMessages)).filter(
      (m) => m.template === 'creditor-welcome',
    );
    expect(message!.bodyText).toContain('Usuário: ana.souza');
    expect(message!.bodyText).toContain('Plano: Portal + CRM');
    expect(`${message!.bodyText}${message!.bodyHtml}`).not.toContain('Segura123');
    expect(company!.outboundMessageId).toBe(message!.id);
  });

  it('takes the CRM plan from emp_usa_site N without pla_codigo, as the spec payload has it', async () => {
    const { pla_codigo: _omitted, ...spec } = signUp({ emp_usa_site: 'N' });
    expect((await post('cadastrarCliente', spec)).json().retorno).toBe(true);
    const [company] = await t.database.db.select().from(creditorCompanies);
    expect(company).toMatchObject({ planCode: 1, usesPortal: 'N' });
  });

  it.each([
    [{ emp_nome: '', emp_nome_banco: '' }, 'emp_nome', REQUIRED('razão social')],
    [{ usu_nome: '' }, 'usu_nome', REQUIRED('nome do contato')],
    [{ usu_login: '', emp_usuario_banco: '' }, 'usu_login', REQUIRED('usuário')],
    [{ usu_senha: '', emp_senha_banco: '' }, 'usu_senha', REQUIRED('senha')],
    [{ usu_senha: 'semnumero', emp_senha_banco: 'semnumero' }, 'usu_senha', PASSWORD],
    [{ usu_email: '' }, 'usu_email', REQUIRED('e-mail')],
    [{ usu_email: 'ana@' }, 'usu_email', 'Digite um e-mail válido'],
    [{ pla_codigo: '', emp_usa_site: '' }, 'pla_codigo', PLAN],
    [{ pla_codigo: 7 }, 'pla_codigo', PLAN],
    [{ emp_usa_site: 'N' }, 'emp_usa_site', INCONSISTENT],
    [{ emp_nome_banco: 'outronome' }, 'emp_nome_banco', INCONSISTENT],
    [{ emp_senha_banco: 'Outra1234' }, 'emp_senha_banco', INCONSISTENT],
    [{ emp_numero_usuarios: 10 }, 'emp_numero_usuarios', INCONSISTENT],
    [{ emp_cobranca_prospeccao: 'prospeccao' }, 'emp_cobranca_prospeccao', INCONSISTENT],
  ])('refuses %o with the field message and stores nothing', async (override, field, message) => {
    const res = await post('cadastrarCliente', signUp(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
    expect(await rows()).toEqual({ leads: 0, companies: 0, outbox: 0 });
  });

  it('refuses a login or company name already taken with a clear message under its payload field', async () => {
    expect((await post('cadastrarCliente', signUp())).json().retorno).toBe(true);
    const sameLogin = await post(
      'cadastrarCliente',
      signUp({
        emp_nome: 'Beta Ltda',
        emp_nome_banco: 'betaltda',
        usu_login: 'ANA.SOUZA',
        emp_usuario_banco: 'ana.souza',
      }),
    );
    expect(sameLogin.statusCode).toBe(200);
    expect(sameLogin.json()).toEqual({
      retorno: false,
      dados: { usu_login: 'Este usuário já está em uso. Escolha outro usuário.' },
      mensagem: 'Este usuário já está em uso. Escolha outro usuário.',
    });
    // 'ALFA cobranças, LTDA.' gives the same emp_nome_banco as 'Alfa Cobranças Ltda'.
    const sameName = await post(
      'cadastrarCliente',
      signUp({ emp_nome: 'ALFA cobranças, LTDA.', usu_login: 'bruno', emp_usuario_banco: 'bruno' }),
    );
    expect(sameName.json()).toEqual({
      retorno: false,
      dados: { emp_nome: 'Já existe uma empresa cadastrada com esta razão social.' },
      mensagem: 'Já existe uma empresa cadastrada com esta razão social.',
    });
    expect(await rows()).toMatchObject({ companies: 1, outbox: 1 });
  });

  it('signs up one company a link: a used link is refused on lookup and sign-up, also when sent twice at once', async () => {
    await post('cadastrarEmpresaCredora', registration());
    const [lead] = await storedLeads(t);
    // Two finishes of the same link at once, with different users and names: one company, one welcome e-mail.
    const answers = await Promise.all([
      post('cadastrarCliente', signUp({ codigo: lead!.code })),
      post(
        'cadastrarCliente',
        signUp({
          codigo: lead!.code,
          emp_nome: 'Outra Empresa Ltda',
          emp_nome_banco: 'outraempresaltda',
          usu_login: 'outro',
          emp_usuario_banco: 'outro',
        }),
      ),
    ]);
    expect(answers.map((res) => res.json().retorno).sort()).toEqual([false, true]);
    expect(answers.find((res) => !res.json().retorno)!.json()).toEqual({
      retorno: false,
      dados: null,
      mensagem: USED_LINK,
    });
    expect(await rows()).toMatchObject({ leads: 1, companies: 1 });

    // Opening the link again says so instead of prefilling a wizard that cannot be finished.
    expect((await post('getEmpresasCredoras', { codigo: lead!.code })).json()).toEqual({
      retorno: false,
      dados: null,
      mensagem: USED_LINK,
    });
    const again = await post(
      'cadastrarCliente',
      signUp({
        codigo: lead!.code,
        emp_nome: 'Terceira Ltda',
        emp_nome_banco: 'terceiraltda',
        usu_login: 'terceiro',
        emp_usuario_banco: 'terceiro',
      }),
    );
    expect(again.json()).toEqual({ retorno: false, dados: null, mensagem: USED_LINK });
    expect(await rows()).toMatchObject({ companies: 1 });
  });

  it('refuses a new registration of a CNPJ whose company finished the sign-up here, under the CNPJ field', async () => {
    await post('cadastrarEmpresaCredora', registration());
    const [lead] = await storedLeads(t);
    // A second link for a company that has not finished yet is fine (the first e-mail may be lost, the address
    // mistyped).
    expect(
      (await post('cadastrarEmpresaCredora', registration({ email: 'financeiro@alfa.com.br' }))).json()
        .retorno,
    ).toBe(true);
    expect((await post('cadastrarCliente', signUp({ codigo: lead!.code }))).json().retorno).toBe(true);
    const before = await rows();

    // Masked or not, lower-case letters or not: the same CNPJ.
    const res = await post('cadastrarEmpresaCredora', registration({ cnpj: '12abc34501de35' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { cnpj: CNPJ_SIGNED_UP } });
    expect(await rows()).toEqual(before);
    // On another partner's portal the company is not signed up.
    const elsewhere = await post('cadastrarEmpresaCredora', registration(), { host: hostOf('demo') });
    expect(elsewhere.json().retorno).toBe(true);
  });

  it('answers a retry of the same sign-up (its answer lost) as the first, with no second company or e-mail', async () => {
    await post('cadastrarEmpresaCredora', registration());
    const [lead] = await storedLeads(t);
    // Two at once (a second click that raced the first): both answered as made, one company.
    const [first, twin] = await Promise.all([
      post('cadastrarCliente', signUp({ codigo: lead!.code })),
      post('cadastrarCliente', signUp({ codigo: lead!.code })),
    ]);
    expect(first!.json()).toEqual({ retorno: true, dados: null, mensagem: 'Cadastrado com sucesso' });
    expect(twin!.json()).toEqual(first!.json());
    const before = await rows();
    expect(before).toMatchObject({ companies: 1, outbox: 3 });
    // The same wizard sent again (the login typed in another case): the sign-up it already made.
    for (const retry of [
      signUp({ codigo: lead!.code }),
      signUp({ codigo: lead!.code, usu_login: 'ANA.souza' }),
    ]) {
      const again = await post('cadastrarCliente', retry);
      expect(again.json()).toEqual(first!.json());
    }
    expect(await rows()).toEqual(before);

    // Another password, e-mail or plan for that login is someone else's sign-up: refused as before.
    for (const other of [
      signUp({ codigo: lead!.code, usu_senha: 'Outra1234', emp_senha_banco: 'Outra1234' }),
      signUp({ codigo: lead!.code, usu_email: 'bruno@alfa.com.br' }),
      signUp({ codigo: lead!.code, pla_codigo: 1, emp_usa_site: 'N' }),
    ])
      expect((await post('cadastrarCliente', other)).json().retorno).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('ignores a lead code of another partner', async () => {
    await post('cadastrarEmpresaCredora', registration(), { host: hostOf('demo') });
    const [lead] = await storedLeads(t);
    expect((await post('cadastrarCliente', signUp({ codigo: lead!.code }))).json().retorno).toBe(true);
    const [company] = await t.database.db.select().from(creditorCompanies);
    expect(company!.creditorLeadId).toBeNull();
  });

  it('limits one client to five sign-ups a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('cadastrarCliente', signUp({ usu_nome: '' }), { ip: '10.9.2.1' })).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
