import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, personRegistrations, persons } from '../src/db/schema';
import { zenviaSmsSender } from '../src/integrations/sms/sms-sender';
import { call, cookieOf, lastMessage, MARIA, solveRobotCheck, stepsLogged } from './identification-helpers';
import { startHttpPeer } from './local-http-peer';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let ip = 0;
const nextIp = () => `10.3.${Math.floor(++ip / 250)}.${ip % 250}`;

// A local server speaking Turnstile's siteverify protocol: the token "bom" passes.
let captchaPeer: Awaited<ReturnType<typeof startHttpPeer>>;
// A local server speaking Zenvia's SMS API.
let smsPeer: Awaited<ReturnType<typeof startHttpPeer>>;

beforeAll(async () => {
  captchaPeer = await startHttpPeer((request) => ({
    status: 200,
    json: { success: new URLSearchParams(request.body).get('response') === 'bom' },
  }));
  smsPeer = await startHttpPeer(() => ({ status: 200, json: { id: 'zenvia-123' } }));
  t = await createTestApp({
    env: {
      CAPTCHA_MAX_NUMBER: '2000',
      TURNSTILE_SECRET_KEY: 'segredo-de-teste',
      TURNSTILE_VERIFY_URL: `${captchaPeer.url}/turnstile/v0/siteverify`,
      LIMIT_LOGIN_PER_DOCUMENT: '8',
      LIMIT_FIRST_ACCESS_PER_IP: '3',
    },
    smsSender: zenviaSmsSender({
      apiToken: 'token-zenvia',
      from: 'portal',
      url: `${smsPeer.url}/v2/channels/sms/messages`,
    }),
  });
});
afterAll(async () => {
  await t.close();
  await captchaPeer.close();
  await smsPeer.close();
});

const NEW_PERSON = {
  cpfCnpj: '111.444.777-35',
  dataNascimento: '10/10/1980',
  telefone: '(31) 91234-5678',
  email: 'novo@example.com',
  sexo: 'F',
  nome: 'Beatriz Nova',
};

describe('first access (spec 000 §3, §5)', () => {
  it.each([
    [{ dataNascimento: '31/02/1980' }, 'dataNascimento', 'Digite sua data de nascimento'],
    [{ telefone: '(31) 9123-456' }, 'telefone', 'Digite um celular válido'],
    [{ email: 'novo@' }, 'email', 'Digite um e-mail válido'],
    [{ nome: 'Bia' }, 'nome', 'Digite seu nome completo'],
    [
      { dataNascimento: '', telefone: '', email: '', nome: '' },
      'dataNascimento',
      'Digite sua data de nascimento',
    ],
  ])(
    'rejects %o with the first message in the spec order and writes nothing',
    async (override, field, message) => {
      const res = await call(
        t,
        'portal/atualizarCadastro',
        { ...NEW_PERSON, ...override, captcha: await solveRobotCheck(t) },
        { ip: nextIp() },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().dados).toEqual({ [field]: message });
      expect(await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '11144477735'))).toEqual(
        [],
      );
    },
  );

  it('writes nothing when the robot check fails', async () => {
    const res = await call(t, 'portal/atualizarCadastro', { ...NEW_PERSON, captcha: 'x' }, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '11144477735'))).toEqual([]);
  });

  it('registers an unknown CPF with the partner, who can then log in; a second time is refused', async () => {
    const res = await call(
      t,
      'portal/atualizarCadastro',
      { ...NEW_PERSON, captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect(res.json()).toMatchObject({ retorno: true });
    const [person] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '11144477735'));
    expect(person).toMatchObject({
      name: 'Beatriz Nova',
      birthDate: '1980-10-10',
      phone: '31912345678',
      gender: 'F',
    });
    expect(
      await t.database.db
        .select()
        .from(personRegistrations)
        .where(eq(personRegistrations.personId, person!.id)),
    ).toHaveLength(1);
    const login = await call(
      t,
      'negociacao_robo/passo_1',
      {
        pesCpfCnpj: NEW_PERSON.cpfCnpj,
        dataNascimento: NEW_PERSON.dataNascimento,
        telefone: NEW_PERSON.telefone,
        aceite: true,
        captcha: await solveRobotCheck(t),
      },
      { ip: nextIp() },
    );
    expect(login.json()).toMatchObject({
      retorno: true,
      dados: { pesNome: 'Beatriz Nova', quantidadeDividas: 0 },
    });
    const again = await call(
      t,
      'portal/atualizarCadastro',
      { ...NEW_PERSON, captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect(again.json()).toMatchObject({
      retorno: false,
      mensagem: 'CPF/CNPJ já cadastrado. Faça o login com os seus dados.',
    });
  });
});

describe('first access of a document another partner knows (issue 14 item 4)', () => {
  it("registers it here without a word about the other partner and without touching the person's data", async () => {
    const [before] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '39053344705'));
    // João's debts are all with demo: servicos does not know him, so its first access must not say 'já cadastrado'.
    const res = await call(
      t,
      'portal/atualizarCadastro',
      {
        ...NEW_PERSON,
        cpfCnpj: '390.533.447-05',
        telefone: '(31) 97777-0000',
        email: 'intruso@example.com',
        captcha: await solveRobotCheck(t),
      },
      { host: 'servicos.portal.localhost', ip: nextIp() },
    );
    expect(res.json()).toMatchObject({
      retorno: true,
      mensagem: 'Cadastro realizado com sucesso. Agora você já pode consultar as suas dívidas.',
    });
    const [after] = await t.database.db.select().from(persons).where(eq(persons.id, before!.id));
    expect(after).toEqual(before);
    const [servicos] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'servicos'));
    expect(
      await t.database.db
        .select()
        .from(personRegistrations)
        .where(
          and(eq(personRegistrations.personId, before!.id), eq(personRegistrations.partnerId, servicos!.id)),
        ),
    ).toHaveLength(1);
    // The phone typed on the form opens nothing: the one on file is still the one checked.
    const login = await call(
      t,
      'negociacao_robo/passo_1',
      {
        pesCpfCnpj: '390.533.447-05',
        dataNascimento: NEW_PERSON.dataNascimento,
        telefone: '(31) 97777-0000',
        aceite: true,
        captcha: await solveRobotCheck(t),
      },
      { host: 'servicos.portal.localhost', ip: nextIp() },
    );
    expect(login.json().retorno).toBe(false);
    // The partner that knows him still says 'já cadastrado'.
    const known = await call(
      t,
      'portal/atualizarCadastro',
      { ...NEW_PERSON, cpfCnpj: '390.533.447-05', captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect(known.json().mensagem).toBe('CPF/CNPJ já cadastrado. Faça o login com os seus dados.');
  });
});

describe('forgot phone (spec 000 §4 phone reset)', () => {
  const requestLink = async (pesCpfCnpj: string) =>
    call(
      t,
      'portal/solicitarTrocaTelefone',
      { pesCpfCnpj, captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );

  it('e-mails a single-use link to the partner address that changes the phone', async () => {
    const res = await requestLink('390.533.447-05');
    expect(res.json()).toMatchObject({ retorno: true });
    // Nothing personal in the answer, not even a masked address (issue 14 item 4).
    expect(res.json().mensagem).toBe(
      'Enviamos um link para o e-mail cadastrado. Abra-o para cadastrar o novo telefone.',
    );
    // Step 25 (spec 000 §4): the link was sent.
    expect(await stepsLogged(t, 25, '39053344705')).toBe(1);
    const email = await lastMessage(t, 'email');
    expect(email!.recipient).toBe('joao.lima@example.com');
    const link = /http:\/\/demo\.portal\.localhost:3000\/novo-telefone\?token=([A-Za-z0-9_-]+)/.exec(
      email!.bodyText,
    );
    expect(link).not.toBeNull();
    const token = link![1]!;
    const mismatch = await call(t, 'portal/atualizarTelefone', {
      token,
      pef_fone: '(21) 91111-2222',
      confirmacao: '(21) 91111-3333',
    });
    expect(mismatch.json().dados).toEqual({
      confirmacao: 'Os dois telefones informados são diferentes. Tente novamente.',
    });
    expect(
      (await call(t, 'portal/atualizarTelefone', { token, pef_fone: '', confirmacao: '' })).json().dados,
    ).toEqual({
      pef_fone: 'Digite um novo telefone.',
    });
    const ok = await call(t, 'portal/atualizarTelefone', {
      token,
      pef_fone: '(21) 91111-2222',
      confirmacao: '(21) 91111-2222',
    });
    expect(ok.json()).toMatchObject({ retorno: true, mensagem: 'Operação realizada com sucesso' });
    const [joao] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, '39053344705'));
    expect(joao!.phone).toBe('21911112222');
    const reuse = await call(t, 'portal/atualizarTelefone', {
      token,
      pef_fone: '(21) 93333-4444',
      confirmacao: '(21) 93333-4444',
    });
    expect(reuse.json()).toMatchObject({
      retorno: false,
      mensagem: 'Ocorreu uma falha no cadastro do novo telefone.',
    });
  });

  it('answers the spec messages for an unknown CPF and for a person without e-mail', async () => {
    expect((await requestLink('111.222.333-96')).json().mensagem).toBe('CPF/CNPJ não encontrado.');
    const [withoutEmail] = await t.database.db
      .select()
      .from(persons)
      .where(and(isNull(persons.email)))
      .limit(1);
    // Generated debtors without e-mail may owe in stores the demo partner does not serve; try their partners.
    const res = await call(
      t,
      'portal/solicitarTrocaTelefone',
      { pesCpfCnpj: withoutEmail!.cpfCnpj, captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect([
      'Erro ao enviar o e-mail. Verifique se você tem um e-mail cadastrado junto com o seu CPF.',
      'CPF/CNPJ não encontrado.',
    ]).toContain(res.json().mensagem);
    // No link was sent to either: no step 25.
    expect(await stepsLogged(t, 25, '11122233396')).toBe(0);
    expect(await stepsLogged(t, 25, withoutEmail!.cpfCnpj)).toBe(0);
  });
});

describe('anti-automation limits', () => {
  it('limits passo_1 per CPF/CNPJ across client addresses (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await call(
        t,
        'negociacao_robo/passo_1',
        {
          pesCpfCnpj: '12.ABC.345/01DE-35',
          telefone: '(11) 90000-0000',
          aceite: true,
          captcha: await solveRobotCheck(t),
        },
        { ip: nextIp() },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });

  it('never charges the per-person counters for a failed robot check (nobody can lock a person out)', async () => {
    // LIMIT_LOGIN_PER_DOCUMENT is 8 here: twelve garbage answers from anywhere leave Maria's counters untouched.
    for (let i = 0; i < 12; i++) {
      for (const [action, body] of [
        ['negociacao_robo/passo_1', { ...MARIA, aceite: true, captcha: 'lixo' }],
        ['portal/solicitarTrocaTelefone', { pesCpfCnpj: '390.533.447-05', captcha: 'lixo' }],
        ['portal/atualizarCadastro', { ...NEW_PERSON, cpfCnpj: '100.000.000-19', captcha: 'lixo' }],
      ] as const) {
        const res = await call(t, action, body, { ip: nextIp() });
        expect(res.statusCode).toBe(400);
        expect(res.json().dados).toEqual({ captcha: 'Conclua a verificação de segurança' });
      }
    }
    const login = await call(
      t,
      'negociacao_robo/passo_1',
      { ...MARIA, aceite: true, captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect(login.json()).toMatchObject({ retorno: true });
    // (João's link: Maria's per-document count belongs to the phone-change limit test below.)
    const link = await call(
      t,
      'portal/solicitarTrocaTelefone',
      { pesCpfCnpj: '390.533.447-05', captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect(link.statusCode).toBe(200);
    const registered = await call(
      t,
      'portal/atualizarCadastro',
      { ...NEW_PERSON, cpfCnpj: '100.000.000-19', captcha: await solveRobotCheck(t) },
      { ip: nextIp() },
    );
    expect(registered.json()).toMatchObject({ retorno: true });
  });

  it('limits passo_1 per client address, counting even malformed attempts (429)', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) {
      statuses.add(
        (await call(t, 'negociacao_robo/passo_1', { pesCpfCnpj: '000' }, { ip: '10.9.1.1' })).statusCode,
      );
    }
    expect([...statuses]).toEqual([400]);
    const blocked = await call(t, 'negociacao_robo/passo_1', { ...MARIA, aceite: true }, { ip: '10.9.1.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      retorno: false,
      mensagem: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    });
  });

  it('counts one IPv6 /64 (one customer line) as one client on passo_1 and the phone-change e-mail (429)', async () => {
    // LIMIT_LOGIN_PER_IP is 30: one line has 2^64 addresses to spread its attempts over.
    const statuses = new Set<number>();
    for (let i = 1; i <= 30; i++) {
      const ip = `2001:db8:1:2::${i.toString(16)}`;
      statuses.add((await call(t, 'negociacao_robo/passo_1', { pesCpfCnpj: '000' }, { ip })).statusCode);
    }
    expect([...statuses]).toEqual([400]);
    for (const [action, ip] of [
      ['negociacao_robo/passo_1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff'],
      ['portal/solicitarTrocaTelefone', '2001:db8:1:2:a::1'],
    ] as const) {
      const blocked = await call(t, action, { pesCpfCnpj: '000' }, { ip });
      expect(blocked.statusCode, action).toBe(429);
    }
    // Another line of the same provider is another client.
    const next = await call(t, 'negociacao_robo/passo_1', { pesCpfCnpj: '000' }, { ip: '2001:db8:1:3::1' });
    expect(next.statusCode).toBe(400);
  });

  it('limits phone-change e-mails per CPF/CNPJ (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(
        t,
        'portal/solicitarTrocaTelefone',
        { pesCpfCnpj: MARIA.pesCpfCnpj, captcha: await solveRobotCheck(t) },
        { ip: nextIp() },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits first access per client address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(
        t,
        'portal/atualizarCadastro',
        { ...NEW_PERSON, cpfCnpj: '123.456.789-09', nome: '', captcha: 'x' },
        { ip: '10.9.0.1' },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await call(t, 'portal/atualizarCadastro', {}, { ip: '10.9.0.1' })).json().mensagem).toBe(
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    );
  });

  it('limits first access per IPv6 /64, not per address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await call(t, 'portal/atualizarCadastro', {}, { ip: `2001:db8:3:4::${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('sends at most 3 SMS per phone in 10 minutes, through the SMS provider', async () => {
    const res = await call(
      t,
      'negociacao_robo/passo_1',
      { pesCpfCnpj: '390.533.447-05', dataNascimento: '01/02/1985', aceite: true },
      { host: 'senff.portal.localhost', ip: nextIp() },
    );
    // João has no debts with senff: unknown there.
    expect(res.json().mensagem).toBe('CPF/CNPJ não encontrado!');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const login = await call(
        t,
        'negociacao_robo/passo_1',
        { pesCpfCnpj: MARIA.pesCpfCnpj, dataNascimento: MARIA.dataNascimento, aceite: true },
        { host: 'senff.portal.localhost', ip: nextIp() },
      );
      const sent = await call(
        t,
        'negociacao_robo/enviar_token',
        {},
        { host: 'senff.portal.localhost', cookie: cookieOf(login) },
      );
      statuses.push(sent.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await t.app.outbox.runOnce()).toBeGreaterThanOrEqual(3);
    const sms = smsPeer.received.map((r) => ({ token: r.headers['x-api-token'], body: JSON.parse(r.body) }));
    expect(sms[0]).toMatchObject({ token: 'token-zenvia', body: { from: 'portal', to: '5511987654321' } });
    expect(sms[0]!.body.contents[0].text).toMatch(/Senff: seu código de acesso é \d{6}/);
  });
});

describe('hosted robot check of a partner group (Turnstile protocol, local server)', () => {
  it('verifies the response token with the provider', async () => {
    const [acme] = await t.database.db
      .update(partners)
      .set({ captchaProvider: 'turnstile', captchaSiteKey: 'chave-publica' })
      .where(eq(partners.identifier, 'acme'))
      .returning({ id: partners.id });
    // As a back-office edit does: the process's partner cache forgets the old row at once.
    t.app.partnerCache.invalidate(acme!.id);
    const attempt = (captcha: string) =>
      call(
        t,
        'negociacao_robo/passo_1',
        {
          pesCpfCnpj: '390.533.447-05',
          dataNascimento: '01/02/1985',
          telefone: '(21) 99876-5432',
          aceite: true,
          captcha,
        },
        { host: 'acme.portal.localhost', ip: nextIp() },
      );
    expect((await attempt('ruim')).json().dados).toEqual({ captcha: 'Conclua a verificação de segurança' });
    expect((await attempt('bom')).json().mensagem).toBe('CPF/CNPJ não encontrado!');
    const sent = new URLSearchParams(captchaPeer.received.at(-1)!.body);
    expect(sent.get('secret')).toBe('segredo-de-teste');
    const config = (await t.app.inject({ method: 'GET', url: '/api/parceiro/acme/info' })).json().data;
    expect(config.captcha).toEqual({ provider: 'turnstile', siteKey: 'chave-publica' });
  });
});
