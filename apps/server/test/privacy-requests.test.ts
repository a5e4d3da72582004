import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundMessages, partnerSections, partners, privacyRequests } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { invalidatePartner } from '../src/repositories/partner-repository';
import { header, startSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';
import { validRightsRequest } from './valid-forms';

// The privacy portal's rights request (spec 000 §3, §5, §7, §8; issue 6 item 1) and the back office's privacy
// queue, on the API without the browser.

const ACTION = '/api.php?a=portal&b=enviarSolicitacaoPrivacidade';
const QUEUE = '/api/solicitacoes-privacidade';
const REQUIRED = 'Preencha todos os campos, por favor.';
const SUCCESS =
  'Sua solicitação foi enviada com sucesso. Entraremos em contato em breve, para falar com você sobre a resolução da sua solicitação.';
const PROTOCOL = /^LGPD-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let token: string;
let clientNumber = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ mailTransport: smtpTransport(smtp.url) });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Demo@2026' },
    remoteAddress: '10.7.255.1',
  });
  token = login.json().access_token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(privacyRequests);
  await t.database.db.delete(outboundMessages);
});

// Each call comes from its own client address so the per-address rate limit does not leak between tests.
function post(payload: unknown, options: { host?: string; ip?: string; form?: boolean } = {}) {
  clientNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: ACTION,
    ...(options.form
      ? {
          payload: new URLSearchParams(payload as Record<string, string>).toString(),
          headers: {
            host: options.host ?? 'localhost:3000',
            'content-type': 'application/x-www-form-urlencoded',
          },
        }
      : { payload: payload as Record<string, unknown>, headers: { host: options.host ?? 'localhost:3000' } }),
    remoteAddress: options.ip ?? `10.7.0.${clientNumber}`,
  });
}

function staff(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, bearer: string | null = token) {
  return t.app.inject({
    method,
    url,
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    ...(payload ? { payload } : {}),
  });
}

async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(privacyRequests);
  const [outbox] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return { requests: Number(rows?.n), outbox: Number(outbox?.n) };
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const brasiliaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const br = (iso: string) => iso.split('-').reverse().join('/');

describe('enviarSolicitacaoPrivacidade: validation without the browser', () => {
  it.each([
    [{ nome: '' }, 'nome', REQUIRED],
    [{ telefone: '' }, 'telefone', REQUIRED],
    [{ email: '  ' }, 'email', REQUIRED],
    [{ tipoRequisicao: '' }, 'tipoRequisicao', REQUIRED],
    [{ solicitacao: '' }, 'solicitacao', REQUIRED],
    [{ telefone: '(41) 3333-4444' }, 'telefone', 'Digite um celular válido'],
    [{ email: 'ana@' }, 'email', 'Digite um e-mail válido'],
    [{ tipoRequisicao: 'Apagar tudo' }, 'tipoRequisicao', 'Escolha o tipo de solicitação na lista.'],
    [{ nome: 'a'.repeat(121) }, 'nome', 'O campo nome deve ter no máximo 120 caracteres.'],
    [
      { solicitacao: 'x'.repeat(2001) },
      'solicitacao',
      'O campo solicitação deve ter no máximo 2000 caracteres.',
    ],
  ])('refuses %o: 400 with the field message, nothing stored or sent', async (override, field, message) => {
    const res = await post(validRightsRequest(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
    expect(await stored()).toEqual({ requests: 0, outbox: 0 });
  });

  it('marks every field of an empty body with the one spec message', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().dados).toEqual({
      nome: REQUIRED,
      telefone: REQUIRED,
      email: REQUIRED,
      tipoRequisicao: REQUIRED,
      solicitacao: REQUIRED,
    });
  });

  it('answers 404 with the spec text for an unknown partner host', async () => {
    const res = await post(validRightsRequest(), { host: 'naoexiste.portal.localhost' });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe('Subdomínio não encontrado!');
    expect(await stored()).toEqual({ requests: 0, outbox: 0 });
  });

  it('limits one client to five requests a minute', async () => {
    const statuses: number[] = [];
    // Each another request: the same one sent again would be the first (decision 085).
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post(validRightsRequest({ solicitacao: `Pedido ${i}` }), { ip: '10.7.9.9' })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await stored()).requests).toBe(5);
  });
});

describe('enviarSolicitacaoPrivacidade: stored and e-mailed', () => {
  it('stores the request with protocol and due date, and both e-mails arrive over SMTP', async () => {
    const res = await post(validRightsRequest(), { host: 'acme.portal.localhost:3000', form: true });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ retorno: true, mensagem: SUCCESS });
    expect(answer.dados.protocolo).toMatch(PROTOCOL);
    const today = brasiliaToday();
    expect(answer.dados.protocolo.slice(5, 13)).toBe(today.replaceAll('-', ''));
    expect(answer.dados.prazo).toBe(addDays(today, 15));

    const [acme] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'acme'));
    const [row] = await t.database.db.select().from(privacyRequests);
    expect(row).toMatchObject({
      partnerId: acme!.id,
      protocol: answer.dados.protocolo,
      name: 'Ana Souza',
      phone: '41987654321',
      email: 'ana@example.com',
      requestType: 'Acesso aos dados',
      message: 'Quero uma cópia dos meus <dados>.',
      status: 'open',
      dueOn: addDays(today, 15),
      personId: null,
      answeredAt: null,
    });
    expect(row!.partnerMessageId).not.toBeNull();
    expect(row!.personMessageId).not.toBeNull();

    expect(await t.app.outbox.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    const toPartner = smtp.received.find((mail) => mail.to[0] === 'contato@acme.example.com')!;
    const toPerson = smtp.received.find((mail) => mail.to[0] === 'ana@example.com')!;
    expect(header(toPartner, 'Subject')).toBe(
      `[Acme Cobranças] Solicitação LGPD ${answer.dados.protocolo}: Acesso aos dados`,
    );
    expect(header(toPartner, 'Reply-To')).toBe('ana@example.com');
    const outbox = await t.database.db.select().from(outboundMessages);
    expect(outbox.map((m) => [m.template, m.status]).sort()).toEqual([
      ['privacy-request-partner', 'sent'],
      ['privacy-request-person', 'sent'],
    ]);
    const sent = (template: string) => outbox.find((m) => m.template === template)!;
    const partnerText = `${sent('privacy-request-partner').bodyText}\n${sent('privacy-request-partner').bodyHtml}`;
    for (const fact of [
      answer.dados.protocolo,
      'Tipo de solicitação: Acesso aos dados',
      'Nome: Ana Souza',
      'Telefone: (41) 98765-4321',
      'E-mail: ana@example.com',
      `Prazo de resposta: ${br(addDays(today, 15))}`,
      'Quero uma cópia dos meus <dados>.',
      'Quero uma cópia dos meus &#60;dados&#62;.',
    ])
      expect(partnerText, fact).toContain(fact);

    expect(header(toPerson, 'Subject')).toBe(
      `[Acme Cobranças] Recebemos a sua solicitação ${answer.dados.protocolo}`,
    );
    expect(header(toPerson, 'Reply-To')).toBe('contato@acme.example.com');
    const personText = `${sent('privacy-request-person').bodyText}\n${sent('privacy-request-person').bodyHtml}`;
    for (const fact of [
      `Protocolo: ${answer.dados.protocolo}`,
      'Tipo de solicitação: Acesso aos dados',
      `Prazo de resposta: ${br(addDays(today, 15))}`,
    ])
      expect(personText, fact).toContain(fact);
    // The person's copy carries nothing the visitor typed (no message relay to a typed address).
    expect(personText).not.toContain('Ana Souza');
    expect(personText).not.toContain('dados&#62;');
  });

  it('gives each request its own protocol', async () => {
    const protocols = new Set<string>();
    for (let i = 0; i < 4; i++)
      protocols.add((await post(validRightsRequest({ solicitacao: `Pedido ${i}` }))).json().dados.protocolo);
    expect(protocols.size).toBe(4);
  });

  it('stores the request and still e-mails the person when the partner has no contact e-mail', async () => {
    const [camec] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'camec'));
    const where = and(eq(partnerSections.partnerId, camec!.id), eq(partnerSections.name, 'contact'));
    const [contact] = await t.database.db.select().from(partnerSections).where(where);
    const { email: _dropped, ...withoutEmail } = contact!.fields;
    await t.database.db.update(partnerSections).set({ fields: withoutEmail }).where(where);
    invalidatePartner(t.database.db, camec!.id);
    try {
      const res = await post(validRightsRequest({ tipoRequisicao: 'Eliminação' }), {
        host: 'camec.portal.localhost:3000',
      });
      expect(res.json()).toMatchObject({ retorno: true, mensagem: SUCCESS });
      const [row] = await t.database.db.select().from(privacyRequests);
      expect(row).toMatchObject({ partnerId: camec!.id, requestType: 'Eliminação', partnerMessageId: null });
      expect(row!.personMessageId).not.toBeNull();
      expect(await t.app.outbox.runOnce()).toBe(1);
      expect(smtp.received.map((mail) => mail.to)).toEqual([['ana@example.com']]);
    } finally {
      await t.database.db.update(partnerSections).set({ fields: contact!.fields }).where(where);
      invalidatePartner(t.database.db, camec!.id);
    }
  });
});

describe('the back office privacy queue (staff only)', () => {
  it('answers 401 without a staff token, or with a bad one', async () => {
    for (const bearer of [null, 'x'.repeat(43)]) {
      const list = await staff('GET', QUEUE, undefined, bearer);
      expect(list.statusCode).toBe(401);
      expect(list.json().message).toBe('Unauthenticated');
      const move = await staff('PUT', `${QUEUE}/1/status`, { status: 'answered' }, bearer);
      expect(move.statusCode).toBe(401);
    }
  });

  it('lists requests with their deadline and moves one forward to answered', async () => {
    const first = (await post(validRightsRequest(), { host: 'acme.portal.localhost:3000' })).json().dados;
    const second = (
      await post(
        validRightsRequest({
          nome: 'Bruno Lima',
          email: 'bruno@example.com',
          tipoRequisicao: 'Portabilidade',
        }),
      )
    ).json().dados;
    // An older request, overdue by two days.
    const [overdue] = await t.database.db
      .update(privacyRequests)
      .set({ createdAt: new Date(Date.now() - 17 * 86_400_000), dueOn: addDays(brasiliaToday(), -2) })
      .where(eq(privacyRequests.protocol, second.protocolo))
      .returning();

    const res = await staff('GET', QUEUE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
    // Nearest deadline first.
    expect(page.data.map((item: { protocolo: string }) => item.protocolo)).toEqual([
      second.protocolo,
      first.protocolo,
    ]);
    expect(page.data[0]).toMatchObject({
      id: overdue!.id,
      parceiro: { nome: 'Portal Demo', identificador: 'demo' },
      tipo: 'Portabilidade',
      nome: 'Bruno Lima',
      email: 'bruno@example.com',
      telefone: '41987654321',
      prazo: addDays(brasiliaToday(), -2),
      dias_restantes: -2,
      status: 'open',
      respondida_em: null,
    });
    expect(page.data[1]).toMatchObject({
      parceiro: { identificador: 'acme' },
      solicitacao: 'Quero uma cópia dos meus <dados>.',
      prazo: addDays(brasiliaToday(), 15),
      dias_restantes: 15,
    });
    expect(Date.parse(page.data[1].recebida_em)).toBeGreaterThan(Date.now() - 60_000);

    const id = page.data[1].id;
    const started = await staff('PUT', `${QUEUE}/${id}/status`, { status: 'in_progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'in_progress', respondida_em: null });
    // Answering is a written answer e-mailed to the person (decision 030), no status click.
    const click = await staff('PUT', `${QUEUE}/${id}/status`, { status: 'answered' });
    expect(click.statusCode).toBe(409);
    const answered = await staff('POST', `/api/filas/lgpd/${id}/resposta`, { texto: 'Atendida.' });
    expect(answered.json().data).toMatchObject({ status: 'answered' });
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
    expect(row!.status).toBe('answered');
    expect(row!.answeredAt).not.toBeNull();
    expect(row!.answeredBy).not.toBeNull();

    // Never back, nor again.
    for (const status of ['in_progress', 'open', 'answered']) {
      const back = await staff('PUT', `${QUEUE}/${id}/status`, { status });
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toBe(
        'O status desta solicitação só avança: aberta, em atendimento, respondida.',
      );
    }
    expect((await staff('PUT', `${QUEUE}/999999/status`, { status: 'answered' })).statusCode).toBe(404);
    expect((await staff('PUT', `${QUEUE}/${id}/status`, { status: 'fechada' })).statusCode).toBe(400);

    // Answered requests go after the waiting ones.
    const after = (await staff('GET', QUEUE)).json();
    expect(after.data.map((item: { id: number }) => item.id)).toEqual([overdue!.id, id]);
  });

  it('filters by partner, status and the Brasília dates of receipt, and paginates', async () => {
    for (let i = 0; i < 3; i++)
      await post(validRightsRequest({ nome: `Acme ${i}` }), { host: 'acme.portal.localhost' });
    for (let i = 0; i < 22; i++) {
      await t.database.db.insert(privacyRequests).values({
        partnerId: (await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo')))[0]!
          .id,
        protocol: `LGPD-20260110-AAAA${String(i).padStart(2, '0')}`,
        name: `Demo ${i}`,
        phone: '11987654321',
        email: 'demo@example.com',
        requestType: 'Outros',
        message: 'Teste',
        dueOn: '2026-01-25',
        // 23:30 in Brasília on 10/01 is 02:30 UTC on 11/01: it was received on the 10th.
        createdAt: new Date('2026-01-11T02:30:00Z'),
        status: i < 2 ? 'answered' : 'open',
      });
    }
    const [acme] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'acme'));

    const byPartner = (await staff('GET', `${QUEUE}?parceiro=${acme!.id}`)).json();
    expect(byPartner.meta.total).toBe(3);
    expect(byPartner.data.every((item: { parceiro: { id: number } }) => item.parceiro.id === acme!.id)).toBe(
      true,
    );

    const answered = (await staff('GET', `${QUEUE}?status=answered`)).json();
    expect(answered.meta.total).toBe(2);

    const onTheTenth = (await staff('GET', `${QUEUE}?de=2026-01-10&ate=2026-01-10`)).json();
    expect(onTheTenth.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 22 });
    expect((await staff('GET', `${QUEUE}?de=2026-01-11&ate=2026-01-11`)).json().meta.total).toBe(0);
    const pageTwo = (await staff('GET', `${QUEUE}?de=2026-01-10&ate=2026-01-10&page=2`)).json();
    expect(pageTwo.data).toHaveLength(2);
    expect(pageTwo.data.every((item: { status: string }) => item.status === 'answered')).toBe(true);

    const empty = (await staff('GET', `${QUEUE}?parceiro=&status=&de=&ate=`)).json();
    expect(empty.meta.total).toBe(25);
    const bad = await staff('GET', `${QUEUE}?de=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dados).toEqual({ de: 'Data inválida: use AAAA-MM-DD.' });
    const reversed = await staff('GET', `${QUEUE}?de=2026-01-11&ate=2026-01-10`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().dados).toEqual({
      ate: 'A data final deve ser igual ou posterior à data inicial.',
    });
    expect((await staff('GET', `${QUEUE}?status=fechada`)).statusCode).toBe(400);
  });
});
