import type { AuditItem, DividasResposta, WorkItem } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contactMessages,
  debtorRequests,
  outboundMessages,
  partners,
  persons,
  privacyRequests,
} from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { debtListingBothWays } from './debt-helpers';
import { call, hostOf, JOAO, login } from './identification-helpers';
import { header, mimeParts, type ReceivedMail, startSmtpPeer } from './smtp-peer';
import { CONTACT_ACTION, createTestApp, type TestApp, validContact } from './test-app';
import { validRightsRequest } from './valid-forms';

// Issue 18 item 4: the back office's work queues. Staff list, take, start and answer what debtors and visitors
// asked; the answer reaches the person's address at a real SMTP peer through the outbox; a proposal's counter-offer
// shows on the debtor's debts; operators see only their partners' items, auditors only read.

const CLIENT = '10.30.0.1';
const PASSWORD = 'Filas#2026x';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let joao: string;
let storeId: number;
let agreedStoreId: number;
const tokens: Record<'administrator' | 'operator' | 'auditor', string> = {
  administrator: '',
  operator: '',
  auditor: '',
};
const ids = { administrator: 0, operator: 0 };

function staff(method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, token = tokens.administrator) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

const debtor = (action: string, body: Record<string, unknown>) =>
  call(t, action, body, { host: hostOf('demo'), cookie: joao, ip: CLIENT });

/** João proposes `terms` for the test store; then the open proposals, as the queue lists them. */
async function proposeAndListOpen(terms: {
  entrada: string;
  quantidade_parcelas: string;
  valor_parcela: string;
}) {
  await debtor('portal/cadastrarProposta', { loj_codigo: storeId, ...terms });
  return (await staff('GET', '/api/filas/propostas?status=open')).json().data as WorkItem[];
}

function textOf(mail: ReceivedMail): string {
  return mimeParts(mail)
    .find((p) => p.contentType === 'text/plain')!
    .content.toString('utf8');
}

async function firstItem(queue: string): Promise<WorkItem> {
  const res = await staff('GET', `/api/filas/${queue}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ mailTransport: smtpTransport(smtp.url), env: { RATE_LIMIT_ALLOWLIST: CLIENT } });
  const { db } = t.database;
  const [acme] = await db.select().from(partners).where(eq(partners.identifier, 'acme'));
  let ip = 0;
  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    const user = await createStaffUser(db, { username: `filas.${role}`, password: PASSWORD, role });
    if (role === 'operator') await setStaffAccess(db, user.id, { role, partnerIds: [acme!.id] });
    if (role !== 'auditor') ids[role] = user.id;
    ip += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: PASSWORD },
      remoteAddress: `10.30.1.${ip}`,
    });
    tokens[role] = res.json().access_token;
  }
  joao = await login(t, JOAO);
  const { dividas } = (await debtor('negociacao_robo/passo_2_novo', {})).json().dados as DividasResposta;
  // A counter-offer answers a debt that is free to negotiate; the seed's agreement covers another of his stores.
  storeId = dividas.find((d) => !d.acordo_ativo)!.loj_codigo;
  agreedStoreId = dividas.find((d) => d.acordo_ativo)!.loj_codigo;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

describe('the proposals queue', () => {
  it('lists a proposal with the person, the store and the contracts, and filters by status', async () => {
    const sent = await debtor('portal/cadastrarProposta', {
      loj_codigo: storeId,
      entrada: 'R$ 150,00',
      quantidade_parcelas: '6',
      valor_parcela: '120,00',
    });
    expect(sent.json().retorno).toBe(true);
    const res = await staff('GET', '/api/filas/propostas');
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page.meta).toMatchObject({ current_page: 1, total: 1 });
    expect(page.data[0]).toMatchObject({
      fila: 'propostas',
      parceiro: { nome: 'Portal Demo' },
      status: 'open',
      responsavel: null,
      prazo: null,
      divida: { loja: { id: storeId } },
      pedido: { proposta: { entrada: 15_000, quantidade_parcelas: 6, valor_parcela: 12_000 } },
      resposta: null,
    });
    expect(page.data[0].divida.contratos.length).toBeGreaterThan(0);
    expect((await staff('GET', '/api/filas/propostas?status=answered')).json().meta.total).toBe(0);
    expect((await staff('GET', '/api/filas/desconhecida')).statusCode).toBe(400);
  });

  it("carries only what the queue's screen shows of the person; the item's page has the contact", async () => {
    const res = await staff('GET', '/api/filas/propostas');
    const [item] = res.json().data as WorkItem[];
    // The queue shows the name and the CPF/CNPJ; neither the e-mail nor the phone on file is on it.
    expect(item!.pessoa).toEqual({ nome: expect.stringMatching(/^João/), cpf_cnpj: '39053344705' });
    expect(item!.pedido.telefone).toBeNull();
    for (const contact of ['joao.lima@example.com', '21998765432']) expect(res.body).not.toContain(contact);
    // The item's page shows how to reach the person, so it has both.
    const detail = await staff('GET', `/api/filas/propostas/${item!.id}`);
    expect(detail.json().data.pessoa).toEqual({
      ...item!.pessoa,
      email: 'joao.lima@example.com',
      telefone: '21998765432',
    });
  });

  it('is taken, started and answered with a counter-offer that reaches the debtor by e-mail and on the debts', async () => {
    const item = await firstItem('propostas');
    const base = `/api/filas/propostas/${item.id}`;
    const taken = await staff('PUT', `${base}/responsavel`, { usuario: ids.administrator });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.responsavel).toEqual({ id: ids.administrator, usuario: 'filas.administrator' });
    // A write answers the item as the queue lists it, with no more of the person.
    expect(taken.json().data.pessoa).toEqual(item.pessoa);
    const started = await staff('PUT', `${base}/andamento`);
    expect(started.json()).toMatchObject({
      message: 'Atendimento iniciado.',
      data: { status: 'in_progress' },
    });
    expect((await staff('PUT', `${base}/andamento`)).statusCode).toBe(409);

    // A counter-offer breaks the same rules as the debtor's own proposal.
    const bad = await staff('POST', `${base}/resposta`, {
      texto: 'Segue',
      contraproposta: true,
      quantidade_parcelas: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().dados).toMatchObject({
      quantidade_parcelas: 'Digite uma quantidade de parcelas válida',
    });

    const answer = {
      texto: 'Olá! Não conseguimos aceitar 6 parcelas de R$ 120,00.\n\nPodemos fazer a entrada abaixo.',
      contraproposta: true,
      entrada: 'R$ 200,00',
      quantidade_parcelas: '4',
      valor_parcela: 'R$ 150,00',
    };
    const answered = await staff('POST', `${base}/resposta`, answer);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      message: 'Resposta registrada e enviada por e-mail.',
      data: {
        status: 'answered',
        resposta: {
          texto: answer.texto,
          por: 'filas.administrator',
          contraproposta: { entrada: 20_000, quantidade_parcelas: 4, valor_parcela: 15_000 },
        },
      },
    });
    // Answering twice is refused, and queues no second e-mail.
    const again = await staff('POST', `${base}/resposta`, answer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este item já foi respondido.');
    const queued = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'work-answer'));
    expect(queued).toHaveLength(1);

    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['joao.lima@example.com']);
    expect(header(mail!, 'subject')).toBe('[Portal Demo] Resposta à sua proposta');
    const text = textOf(mail!);
    expect(text).toContain('Podemos fazer a entrada abaixo.');
    expect(text).toMatch(/entrada de R\$\s200,00 e 4 parcela\(s\) de R\$\s150,00/);

    // The debtor sees the counter-offer on the store's debts.
    const debts = (await debtor('negociacao_robo/passo_2_novo', {})).json().dados as DividasResposta;
    const card = debts.dividas.find((d) => d.loj_codigo === storeId)!;
    expect(card.contraproposta).toMatchObject({
      entrada: 20_000,
      quantidade_parcelas: 4,
      valor_parcela: 15_000,
      mensagem: answer.texto,
    });
    // When it was answered, to the millisecond the database keeps (read with the session, as JSON text).
    const [answeredRow] = await t.database.db
      .select({ answeredAt: debtorRequests.answeredAt })
      .from(debtorRequests)
      .where(eq(debtorRequests.id, item.id));
    expect(card.contraproposta?.respondida_em).toBe(answeredRow!.answeredAt!.toISOString());
    // The counter-offer is in the listing's bytes as JSON.stringify writes them (its schema serialiser).
    const { sent, stringified } = await debtListingBothWays(t, { cookie: joao, partner: 'demo' });
    expect(sent).toBe(stringified);

    // The history says who did what, and each write left its audit row.
    const detail = (await staff('GET', base)).json().data;
    expect(detail.historico.map((e: { acao: string; usuario: string }) => [e.acao, e.usuario])).toEqual([
      ['assign', 'filas.administrator'],
      ['start', 'filas.administrator'],
      ['answer', 'filas.administrator'],
    ]);
    const audited = await staff('GET', '/api/auditoria?entidade=debtor_request');
    expect(audited.statusCode, audited.body).toBe(200);
    const audits = (audited.json().data as AuditItem[]).filter((row) => row.entidade_id === String(item.id));
    expect(audits.map((row) => row.acao).sort()).toEqual(['answer', 'assign', 'start']);
    // The answer's row says who answered, when, how long the text was and the counter-offer; never what was written,
    // which the person's erasure or the retention removes (decision 062).
    expect(audits.find((row) => row.acao === 'answer')!.depois).toEqual({
      status: 'answered',
      responsavel: ids.administrator,
      resposta_caracteres: [...answer.texto].length,
      contraproposta: { entryCents: 20_000, instalmentCount: 4, instalmentCents: 15_000 },
    });
    expect(audited.body).not.toContain('Podemos fazer a entrada');
    const [stored] = await t.database.db.select().from(debtorRequests).where(eq(debtorRequests.id, item.id));
    expect(stored).toMatchObject({
      status: 'answered',
      answerText: answer.texto,
      answeredBy: ids.administrator,
    });
  });

  it('checks a counter-offer against what the person owes at the store today, and shows that value', async () => {
    const [item] = (await proposeAndListOpen({
      entrada: 'R$ 50,00',
      quantidade_parcelas: '10',
      valor_parcela: '60,00',
    })) as [WorkItem];
    const base = `/api/filas/propostas/${item.id}`;
    // What the debtor's own card says the store's debt is today, future entries included.
    const debts = (await debtor('negociacao_robo/passo_2_novo', { lancamentoFuturo: 'S' })).json()
      .dados as DividasResposta;
    const owed = debts.dividas
      .filter((d) => d.loj_codigo === storeId)
      .reduce((sum, d) => sum + d.totalCorrigido, 0);
    const future = debts.dividas
      .filter((d) => d.loj_codigo === storeId)
      .reduce((sum, d) => sum + d.lancamentos_futuros.total, 0);
    expect(owed).toBeGreaterThan(0);
    expect((await staff('GET', base)).json().data.divida_hoje).toEqual({
      valor_atualizado: owed - future,
      lancamentos_futuros: future,
      acordo_ativo: false,
    });

    const money = (centavos: number) =>
      `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
    const offer = (entrada: number) => ({
      texto: 'Podemos assim.',
      contraproposta: true,
      entrada: money(entrada),
      quantidade_parcelas: '3',
      valor_parcela: '10,00',
    });
    // An entry above the whole debt can never make sense: refused under the field, nothing recorded or sent.
    const above = await staff('POST', `${base}/resposta`, offer(owed + 1));
    expect(above.statusCode, above.body).toBe(400);
    const refusal = 'A entrada não pode ser maior que o valor atualizado da dívida.';
    expect(above.json()).toMatchObject({ message: refusal, dados: { entrada: refusal } });
    expect((await staff('GET', base)).json().data).toMatchObject({ status: 'open', resposta: null });
    // The instalments on top may total more than the debt (interest): an entry of the whole debt is accepted.
    const whole = await staff('POST', `${base}/resposta`, offer(owed));
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data.resposta.contraproposta).toEqual({
      entrada: owed,
      quantidade_parcelas: 3,
      valor_parcela: 1000,
    });
    // Its e-mail goes now, so the next test's is the only one it finds.
    expect(await t.app.outbox.runOnce()).toBe(1);
  });

  it("refuses a counter-offer where the person's debt is under an active agreement ('Acordo Ativo')", async () => {
    // The seed's agreement covers João's one contract at this store: his card there reads 'Acordo Ativo'.
    await debtor('portal/cadastrarProposta', {
      loj_codigo: agreedStoreId,
      entrada: 'R$ 80,00',
      quantidade_parcelas: '4',
      valor_parcela: '70,00',
    });
    const items = (await staff('GET', '/api/filas/propostas?status=open')).json().data as WorkItem[];
    const item = items.find((i) => i.divida?.loja.id === agreedStoreId)!;
    const base = `/api/filas/propostas/${item.id}`;
    expect((await staff('GET', base)).json().data.divida_hoje).toMatchObject({ acordo_ativo: true });
    const refused = await staff('POST', `${base}/resposta`, {
      texto: 'Podemos assim.',
      contraproposta: true,
      entrada: '80,00',
      quantidade_parcelas: '2',
      valor_parcela: '60,00',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const refusal =
      'A pessoa já tem um acordo ativo nesta loja: responda sem contraproposta, ou cancele o acordo antes.';
    expect(refused.json()).toMatchObject({ message: refusal, dados: { contraproposta: refusal } });
    expect((await staff('GET', base)).json().data).toMatchObject({ status: 'open', resposta: null });
    // An answer without a counter-offer still goes.
    const answered = await staff('POST', `${base}/resposta`, { texto: 'Seu acordo segue ativo.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await t.app.outbox.runOnce()).toBe(1);
  });

  it('refuses to take an item someone else took meanwhile, instead of silently taking it from them', async () => {
    const listed = await proposeAndListOpen({
      entrada: 'R$ 100,00',
      quantidade_parcelas: '3',
      valor_parcela: '90,00',
    });
    const item = listed.find((i) => i.responsavel === null)!;
    const base = `/api/filas/propostas/${item.id}/responsavel`;
    // Two screens that both showed nobody in charge take it at once: one wins, the other is told.
    const both = await Promise.all([
      staff('PUT', base, { usuario: ids.administrator, responsavel_atual: null }),
      staff('PUT', base, { usuario: ids.administrator, responsavel_atual: null }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.statusCode === 409)!.json().mensagem).toBe(
      'Outra pessoa da equipe assumiu este item enquanto você o via. Confira o responsável agora.',
    );
    // A screen that saw the current assignee may still give the item to someone else.
    const given = await staff('PUT', base, {
      usuario: ids.administrator,
      responsavel_atual: ids.administrator,
    });
    expect(given.statusCode, given.body).toBe(200);
  });
});

describe('the other queues', () => {
  it('answers a dispute without a counter-offer, and refuses one', async () => {
    await debtor('portal/naoReconhecoDivida', { lojCodigo: storeId });
    const item = await firstItem('contestacoes');
    const offer = await staff('POST', `/api/filas/contestacoes/${item.id}/resposta`, {
      texto: 'Analisamos.',
      contraproposta: true,
      entrada: '10,00',
      quantidade_parcelas: '1',
      valor_parcela: '10,00',
    });
    expect(offer.statusCode).toBe(400);
    expect(offer.json().message).toBe('Só uma proposta pode ser respondida com uma contraproposta.');
    const ok = await staff('POST', `/api/filas/contestacoes/${item.id}/resposta`, { texto: 'Analisamos.' });
    expect(ok.json().data.status).toBe('answered');
    await t.app.outbox.runOnce();
    expect(header(smtp.received[0]!, 'subject')).toBe('[Portal Demo] Resposta à sua contestação');
  });

  it('lists a cannot-pay reason', async () => {
    await debtor('portal/naoPossoPagar', { lojCodigo: storeId, motivo: 'Desemprego' });
    const item = await firstItem('nao-posso-pagar');
    expect(item.pedido.motivo).toBe('Desemprego');
  });

  it('answers a contact message to the address the visitor gave', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: CONTACT_ACTION,
      headers: { host: 'localhost:3000' },
      payload: validContact({ email: 'visitante@example.com' }),
      remoteAddress: CLIENT,
    });
    expect(sent.json().retorno, sent.body).toBe(true);
    const item = await firstItem('contatos');
    expect(item).toMatchObject({ divida: null, status: 'open' });
    const detail = (await staff('GET', `/api/filas/contatos/${item.id}`)).json().data;
    expect(detail.pessoa).toMatchObject({ email: 'visitante@example.com' });
    const answered = await staff('POST', `/api/filas/contatos/${item.id}/resposta`, {
      texto: 'Ligaremos amanhã.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await t.app.outbox.runOnce();
    const mail = smtp.received.find((m) => m.to.includes('visitante@example.com'));
    expect(textOf(mail!)).toContain('Ligaremos amanhã.');
  });

  it("names the sender in the answer's outbox row only when they sent the message logged in", async () => {
    // Someone else types João's CPF/CNPJ; João, logged in, writes too (docs/decisions/054).
    const typed = { identification: '390.533.447-05' };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: CONTACT_ACTION,
      headers: { host: hostOf('demo') },
      payload: validContact({ ...typed, email: 'outra@example.com', text: 'Escrevo com o CPF do João.' }),
      remoteAddress: CLIENT,
    });
    expect(anonymous.json().retorno, anonymous.body).toBe(true);
    const own = await debtor('portal/enviarContato', validContact({ ...typed, text: 'Sou o João, logado.' }));
    expect(own.json().retorno, own.body).toBe(true);
    const { db } = t.database;
    const answerOf = async (text: string) => {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.text, text));
      const res = await staff('POST', `/api/filas/contatos/${row!.id}/resposta`, { texto: 'Respondido.' });
      expect(res.statusCode, res.body).toBe(200);
      const [answered] = await db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
      const [message] = await db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.id, answered!.answerMessageId!));
      return { sender: row!.personId, answerFor: message!.personId };
    };
    const [joaoRow] = await db.select().from(persons).where(eq(persons.cpfCnpj, '39053344705'));
    expect(await answerOf('Escrevo com o CPF do João.')).toEqual({ sender: null, answerFor: null });
    expect(await answerOf('Sou o João, logado.')).toEqual({ sender: joaoRow!.id, answerFor: joaoRow!.id });
  });

  it('answers an LGPD request with a written answer instead of the one-click status', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=enviarSolicitacaoPrivacidade',
      headers: { host: 'localhost:3000' },
      payload: validRightsRequest({ email: 'titular@example.com' }),
      remoteAddress: '10.30.2.1',
    });
    const protocol = sent.json().dados.protocolo;
    const item = await firstItem('lgpd');
    expect(item).toMatchObject({ pedido: { protocolo: protocol }, prazo: expect.any(String) });
    const click = await staff('PUT', `/api/solicitacoes-privacidade/${item.id}/status`, {
      status: 'answered',
    });
    expect(click.statusCode).toBe(409);
    expect(click.json().message).toBe(
      'Escreva a resposta no formulário de resposta: a pessoa a recebe por e-mail.',
    );
    const started = await staff('PUT', `/api/solicitacoes-privacidade/${item.id}/status`, {
      status: 'in_progress',
    });
    expect(started.json().data).toMatchObject({ status: 'in_progress' });

    const answered = await staff('POST', `/api/filas/lgpd/${item.id}/resposta`, {
      texto: 'Seus dados foram eliminados.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, item.id));
    expect(row).toMatchObject({ status: 'answered', answerText: 'Seus dados foram eliminados.' });
    expect(row!.answeredAt).not.toBeNull();
    const list = (await staff('GET', '/api/solicitacoes-privacidade?status=answered')).json();
    expect(list.data[0]).toMatchObject({ protocolo: protocol, resposta: 'Seus dados foram eliminados.' });
    await t.app.outbox.runOnce();
    // The request's own receipt may go in the same run, in any order: the answer is the one that says so.
    const mail = smtp.received.find(
      (m) => m.to.includes('titular@example.com') && header(m, 'subject')?.includes('Resposta'),
    )!;
    expect(header(mail, 'subject')).toBe(
      `[Portal Demo] Resposta à sua requisição de privacidade (protocolo ${protocol})`,
    );
    expect(textOf(mail)).toContain('Seus dados foram eliminados.');
  });
});

describe('who may do what', () => {
  it('shows an operator only their partners’ items: another partner’s is 404 for every action', async () => {
    const item = await firstItem('nao-posso-pagar');
    const op = tokens.operator;
    expect((await staff('GET', '/api/filas/nao-posso-pagar', undefined, op)).json().meta.total).toBe(0);
    const base = `/api/filas/nao-posso-pagar/${item.id}`;
    expect((await staff('GET', base, undefined, op)).statusCode).toBe(404);
    expect((await staff('PUT', `${base}/responsavel`, { usuario: ids.operator }, op)).statusCode).toBe(404);
    expect((await staff('PUT', `${base}/andamento`, undefined, op)).statusCode).toBe(404);
    expect((await staff('POST', `${base}/resposta`, { texto: 'x' }, op)).statusCode).toBe(404);
    // Nor can the item be given to an operator who does not serve its partner, or to an auditor.
    const given = await staff('PUT', `${base}/responsavel`, { usuario: ids.operator });
    expect(given.statusCode).toBe(400);
    expect(given.json().message).toBe('Escolha um usuário ativo da equipe que atenda este parceiro.');
  });

  it('lets an auditor read and nothing more', async () => {
    const item = await firstItem('nao-posso-pagar');
    const audit = tokens.auditor;
    expect((await staff('GET', '/api/filas/nao-posso-pagar', undefined, audit)).json().meta.total).toBe(1);
    const answer = await staff(
      'POST',
      `/api/filas/nao-posso-pagar/${item.id}/resposta`,
      { texto: 'x' },
      audit,
    );
    expect(answer.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(debtorRequests).where(eq(debtorRequests.id, item.id));
    expect(row!.status).toBe('open');
  });
});
