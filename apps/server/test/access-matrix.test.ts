import { type DividasResposta, formatBrDate, todayInBrasilia } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementInstalments,
  agreements,
  contracts,
  partnerStores,
  partners,
  persons,
} from '../src/db/schema';
import { SANDBOX_KEYS } from '../src/integrations/card-gateway/configured-gateway';
import type { StaffRole } from '../src/repositories/staff-scope';
import { insertAgreement } from './agreement-admin-helpers';
import { plansBody } from './debt-helpers';
import { api, call, hostOf, JOAO, login, MARIA, solveRobotCheck } from './identification-helpers';
import { collectRoutes } from './route-table';
import { PORTAL_ACTIONS, ROWS, type Row, setUpStaffMatrix, tokens } from './staff-access';
import { createTestApp, type TestApp, validContact } from './test-app';
import { validJobApplication, validLead, validRightsRequest } from './valid-forms';

// Issue 20 item 1: the access-control matrix. Two partners (demo, acme) x two debtors (João, who has agreements and
// payments on demo; Maria, with debts on both) x each staff role (administrator, operator of acme, auditor) x nobody,
// against every route and api.php action the instance registers. Each answers its owner or refuses, and no answer
// holds data of another person or of the person's debts on another partner: every answer (a PDF's text too) is
// searched for the others' names, CPFs (formatted, digits and masked), e-mail, contract numbers, agreement codes and
// amounts. A route without an access rule here (or a staff row in staff-access.ts) fails the first test. The staff
// roles against the staff routes are staff-roles.test.ts's part of the matrix, on the same rows and fixture.

const { routes: registered } = collectRoutes();
/** Every call comes from one address that is not this machine: development-only routes must refuse it. */
const CLIENT = '10.20.0.1';
const WEBHOOK = { user: 'gateway', password: 'segredo-do-webhook-da-matriz' };
const SANDBOX_SECRET = `Basic ${Buffer.from(`${SANDBOX_KEYS.secretKey}:`).toString('base64')}`;

// ---- the subjects --------------------------------------------------------------------------------------------

type SessionName = 'joao@demo' | 'maria@demo' | 'maria@acme';
type SubjectName = SessionName | StaffRole | 'anonymous';
const SESSIONS: SessionName[] = ['joao@demo', 'maria@demo', 'maria@acme'];
const SUBJECTS: SubjectName[] = [...SESSIONS, 'administrator', 'operator', 'auditor', 'anonymous'];

/** What a debtor session owns: the codes its calls send, found through its own session. */
interface Owned {
  partner: string;
  personId: number;
  cookie: string;
  storeId: number;
  contractIds: number[];
  planId: number;
  /** An instalment of a store that issues second copies, its store and contracts (else the negotiable debt's). */
  instalmentId: number;
  secondCopyStoreId: number;
  secondCopyContractIds: number[];
  /** The second copy issued (acme's stores issue none). */
  secondCopyId?: number;
  /** João's agreements: an active one with a payment, a settled one. */
  agreement?: { id: number; instalmentId: number; settledId: number };
}
const owned = {} as Record<SessionName, Owned>;
/** Per subject, what no answer to it may contain (strings, or patterns for codes inside JSON). */
const forbidden = {} as Record<SubjectName, (string | RegExp)[]>;
const PERSONS = { joao: JOAO.pesCpfCnpj, maria: MARIA.pesCpfCnpj, empresa: '12.ABC.345/01DE-35' };
const PARTNER_NAMES: Record<string, string> = { demo: 'Portal Demo', acme: 'Acme Cobranças' };
// João's settled agreement, an amount nothing else has.
const SETTLED_CENTS = 123_457;

// ---- the access rules ------------------------------------------------------------------------------------------

interface Req {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** With the sandbox gateway's secret key (public by design: it is in this repository). */
  secret?: boolean;
  url: string;
  body?: Record<string, unknown>;
  host?: string;
}

type Rule =
  /** A debtor's call: 401 to anyone without a debtor session; a session gets its own data only. */
  | {
      kind: 'debtor';
      /** The call names a target's codes (made as every session for every target), or names nothing. */
      request: (target: Owned) => Req;
      targeted: boolean;
      /** The answer is a file: another session's codes must be refused (>= 400). */
      file?: boolean;
      /** The codes it names only some sessions have (João's agreements, a second copy): it targets those. */
      needs?: (target: Owned) => unknown;
      /** It ends the session: made with a session of its own. */
      fresh?: boolean;
      /** Without a session it has nothing to do and says so (logging out twice): not a refusal. */
      idempotent?: boolean;
    }
  /** Anyone may call it; it answers nobody's data (the robot check is solved per call when `captcha`). */
  | { kind: 'public'; request: () => Req; captcha?: boolean }
  /** Development and sandbox tools: they answer the local machine only, and refuse this client (404). */
  | { kind: 'local'; request: () => Req }
  /** The sandbox gateway's browser side, in the gateway's own format (not the portal's envelope). */
  | { kind: 'sandbox'; request: () => Req; status: number }
  /** A machine's call with its own credentials (a PSP, the card gateway): refused to every subject here. */
  | { kind: 'machine'; request: () => Req };

const today = formatBrDate(todayInBrasilia());
const debtor = (
  request: (target: Owned) => Req,
  options: {
    targeted?: boolean;
    file?: boolean;
    needs?: (target: Owned) => unknown;
    fresh?: boolean;
    idempotent?: boolean;
  } = {},
): Rule => ({ kind: 'debtor', request, targeted: options.targeted ?? true, ...options });
const action = (name: string, body: Record<string, unknown> = {}): Req => ({ url: api(name), body });
const untargeted = (name: string, body: Record<string, unknown> = {}, fresh = false) =>
  debtor(() => action(name, body), { targeted: false, fresh });
const agreementFile = (url: (a: NonNullable<Owned['agreement']>) => string) =>
  debtor((o) => ({ method: 'GET', url: url(o.agreement!) }), { file: true, needs: (o) => o.agreement });

const RULES: Record<string, Rule> = {
  // The debtor's calls (spec 001).
  'negociacao_robo/enviar_token': untargeted('negociacao_robo/enviar_token'),
  'negociacao_robo/validar_token': untargeted('negociacao_robo/validar_token', { token_cliente: '000000' }),
  'portal/sessao': untargeted('portal/sessao'),
  'negociacao_robo/passo_2_novo': debtor((o) =>
    action('negociacao_robo/passo_2_novo', { lojCodigo: o.storeId, lancamentoFuturo: 'S' }),
  ),
  'negociacao_robo/passo_3_novo': debtor((o) =>
    action(
      'negociacao_robo/passo_3_novo',
      plansBody({ loj_codigo: o.storeId, pre_codigos: o.contractIds }, { pagamentoAvistaPrazo: 'P' }),
    ),
  ),
  'portal/naoPossoPagar': debtor((o) =>
    action('portal/naoPossoPagar', { lojCodigo: o.storeId, motivo: 'Desemprego' }),
  ),
  'portal/cadastrarProposta': debtor((o) =>
    action('portal/cadastrarProposta', {
      loj_codigo: o.storeId,
      entrada: '100,00',
      quantidade_parcelas: '3',
      valor_parcela: '50,00',
    }),
  ),
  'portal/solicitarLigacao': debtor((o) =>
    action('portal/solicitarLigacao', { loj_codigo: o.storeId, telefone: '(11) 91234-0000' }),
  ),
  'portal/contatoWhatsapp': debtor((o) =>
    action('portal/contatoWhatsapp', { loj_codigo: o.storeId, telefone: '(11) 91234-0000' }),
  ),
  'negociacao_robo/emitir_segunda_via_boleto': debtor((o) =>
    action('negociacao_robo/emitir_segunda_via_boleto', {
      par_codigo: o.instalmentId,
      loj_codigo: o.secondCopyStoreId,
    }),
  ),
  'negociacao_robo/emitir_segunda_via_boleto_recupera_sysopen': debtor((o) =>
    action('negociacao_robo/emitir_segunda_via_boleto_recupera_sysopen', {
      loj_codigo: o.secondCopyStoreId,
      con_codigos: o.secondCopyContractIds.join(','),
    }),
  ),
  'negociacao_robo/enviar_email_sms': debtor(
    (o) =>
      action('negociacao_robo/enviar_email_sms', {
        codigo: o.secondCopyId,
        tipoEnvio: 'email',
        enderecoEnvio: 'matriz@example.com',
      }),
    { needs: (o) => o.secondCopyId },
  ),
  'negociacao_robo/enviar_boletos_sms': debtor(
    (o) =>
      action('negociacao_robo/enviar_boletos_sms', {
        aci_codigo: o.agreement!.instalmentId,
        fone: '(11) 91234-0000',
      }),
    { needs: (o) => o.agreement },
  ),
  'mail/envioPortal': debtor(
    (o) =>
      action('mail/envioPortal', {
        aci_codigo: String(o.agreement!.instalmentId),
        pem_email: 'matriz@example.com',
      }),
    { needs: (o) => o.agreement },
  ),
  'negociacao_robo/passo_5': untargeted('negociacao_robo/passo_5', { paginaAtual: 1, pagina: 'PRO' }),
  'portal/naoReconhecoDivida': debtor((o) => action('portal/naoReconhecoDivida', { lojCodigo: o.storeId })),
  'negociacao_robo/passo_4_novo': debtor((o) =>
    action('negociacao_robo/passo_4_novo', {
      praCodigo: o.planId,
      formaDePagamento: 'boleto',
      primeiroVencimento: today,
      telefone: '(11) 91234-0000',
      email: 'matriz@example.com',
    }),
  ),
  'portal/sair': debtor(() => action('portal/sair'), { targeted: false, fresh: true, idempotent: true }),
  'portal/solicitarEliminacaoDados': untargeted('portal/solicitarEliminacaoDados', {}, true),
  'GET /api/segunda-via/:file': debtor(
    (o) => ({ method: 'GET', url: `/api/segunda-via/${o.secondCopyId}.pdf` }),
    { file: true, needs: (o) => o.secondCopyId },
  ),
  'GET /api/acordos/boletos.pdf': agreementFile((a) => `/api/acordos/boletos.pdf?parcelas=${a.instalmentId}`),
  'GET /api/acordos/pix/:file': agreementFile((a) => `/api/acordos/pix/${a.instalmentId}.svg`),
  'GET /api/acordos/:aco/termo.pdf': agreementFile((a) => `/api/acordos/${a.id}/termo.pdf`),
  'GET /api/acordos/:aco/quitacao.pdf': agreementFile((a) => `/api/acordos/${a.settledId}/quitacao.pdf`),
  'GET /api/acordos/comprovante-cartao/:file': agreementFile(
    (a) => `/api/acordos/comprovante-cartao/comp_cartao_${a.instalmentId}.pdf`,
  ),
  'GET /api/meus-dados.json': debtor(() => ({ method: 'GET', url: '/api/meus-dados.json' }), {
    targeted: false,
  }),
  'GET /api/meus-dados.pdf': debtor(() => ({ method: 'GET', url: '/api/meus-dados.pdf' }), {
    targeted: false,
  }),

  // Identification and the public forms: named with João's CPF where they take one, never with his secrets.
  'negociacao_robo/passo_1': {
    kind: 'public',
    captcha: true,
    request: () => action('negociacao_robo/passo_1', { ...JOAO, dataNascimento: '02/02/1990', aceite: true }),
  },
  'portal/atualizarCadastro': {
    kind: 'public',
    captcha: true,
    request: () =>
      action('portal/atualizarCadastro', {
        cpfCnpj: JOAO.pesCpfCnpj,
        dataNascimento: '02/02/1990',
        telefone: '(11) 91234-0000',
        email: 'outro@example.com',
        sexo: 'M',
        nome: 'Outra Pessoa',
      }),
  },
  'portal/solicitarTrocaTelefone': {
    kind: 'public',
    captcha: true,
    request: () => action('portal/solicitarTrocaTelefone', { pesCpfCnpj: JOAO.pesCpfCnpj }),
  },
  'portal/atualizarTelefone': {
    kind: 'public',
    request: () =>
      action('portal/atualizarTelefone', {
        token: 'a'.repeat(43),
        pef_fone: '(11) 91234-0000',
        confirmacao: '(11) 91234-0000',
      }),
  },
  'portal/salvarEtapa': {
    kind: 'public',
    request: () => action('portal/salvarEtapa', { cpfCnpj: JOAO.pesCpfCnpj, esn_fk_ets_codigo: 31 }),
  },
  'portal/salvarEtapaErro': {
    kind: 'public',
    request: () =>
      action('portal/salvarEtapaErro', { cpfCnpj: JOAO.pesCpfCnpj, esn_fk_ets_codigo: 8, mensagem: 'Erro' }),
  },
  'POST /consulta': {
    kind: 'public',
    request: () => ({ url: '/consulta', body: { cpfCnpj: JOAO.pesCpfCnpj } }),
  },
  'portal/getDuvidas': { kind: 'public', request: () => action('portal/getDuvidas') },
  'portal/cadastrarLead': { kind: 'public', request: () => action('portal/cadastrarLead', validLead()) },
  'portal/enviarSolicitacaoPrivacidade': {
    kind: 'public',
    request: () => action('portal/enviarSolicitacaoPrivacidade', validRightsRequest()),
  },
  'portal/enviarContato': { kind: 'public', request: () => action('portal/enviarContato', validContact()) },
  'portal/consultarCEP': {
    kind: 'public',
    request: () => action('portal/consultarCEP', { cep: '80010-000' }),
  },
  'portal/cadastrarEmpresaCredora': {
    kind: 'public',
    request: () =>
      action('portal/cadastrarEmpresaCredora', {
        razao_social: 'Matriz Cobranças Ltda',
        cnpj: '12.ABC.345/01DE-35',
        nome_contato: 'Ana Souza',
        telefone_cel: '(41) 98765-4321',
        email: 'ana@matriz.com.br',
      }),
  },
  'portal/getEmpresasCredoras': { kind: 'public', request: () => action('portal/getEmpresasCredoras') },
  'portal/getPlanosAtivos': { kind: 'public', request: () => action('portal/getPlanosAtivos') },
  'portal/cadastrarCliente': { kind: 'public', request: () => action('portal/cadastrarCliente') },
  'portal/retornarTokenEmpresa': {
    kind: 'public',
    request: () => action('portal/retornarTokenEmpresa', { emp_codigo: 100 }),
  },
  'POST /api.php': { kind: 'public', request: () => ({ url: '/api.php?a=portal&b=nada' }) },
  'POST /api/login': {
    kind: 'public',
    request: () => ({ url: '/api/login', body: { username: 'admin', password: 'Errada#2026' } }),
  },
  'POST /api/trabalhe-conosco': {
    kind: 'public',
    request: () => ({ url: '/api/trabalhe-conosco', body: validJobApplication(), host: hostOf('negocie') }),
  },
  'POST /escolha-de-cookies': {
    kind: 'public',
    request: () => ({ url: '/escolha-de-cookies', body: { escolha: 'accepted', pagina: '/menu' } }),
  },
  'GET /': { kind: 'public', request: () => ({ method: 'GET', url: '/' }) },
  'GET /*': { kind: 'public', request: () => ({ method: 'GET', url: '/minhas-dividas' }) },
  'GET /healthz': { kind: 'public', request: () => ({ method: 'GET', url: '/healthz' }) },
  'GET /readyz': { kind: 'public', request: () => ({ method: 'GET', url: '/readyz' }) },
  'GET /api/captcha/altcha': {
    kind: 'public',
    request: () => ({ method: 'GET', url: '/api/captcha/altcha' }),
  },
  'GET /api/cartao/gateway': {
    kind: 'public',
    request: () => ({ method: 'GET', url: '/api/cartao/gateway' }),
  },
  'GET /files/:name': {
    kind: 'public',
    request: () => ({ method: 'GET', url: `/files/${'a'.repeat(64)}.png` }),
  },
  'GET /psp-local/qr/v2/cobv/:id': {
    kind: 'public',
    request: () => ({ method: 'GET', url: `/psp-local/qr/v2/cobv/${'0'.repeat(32)}` }),
  },

  // The development mailbox and the sandboxes: this machine only.
  'GET /dev/mailbox': { kind: 'local', request: () => ({ method: 'GET', url: '/dev/mailbox' }) },
  'GET /dev/mailbox.json': { kind: 'local', request: () => ({ method: 'GET', url: '/dev/mailbox.json' }) },
  'POST /psp-local/sandbox/pay/:txid': {
    kind: 'local',
    request: () => ({ url: `/psp-local/sandbox/pay/${'A'.repeat(35)}`, body: {} }),
  },

  // The sandbox card gateway (outside production): the browser tokenises a card with the public key; the calls
  // with the secret key (in this repository) are the server's own, from this machine only.
  'POST /sandbox-gateway/core/v5/tokens': {
    kind: 'sandbox',
    status: 401,
    request: () => ({ url: '/sandbox-gateway/core/v5/tokens', body: {} }),
  },
  'OPTIONS /sandbox-gateway/core/v5/tokens': {
    kind: 'sandbox',
    status: 204,
    request: () => ({ method: 'OPTIONS', url: '/sandbox-gateway/core/v5/tokens' }),
  },
  'GET /sandbox-gateway/core/v5/orders': {
    kind: 'local',
    request: () => ({ method: 'GET', url: '/sandbox-gateway/core/v5/orders', secret: true }),
  },
  'POST /sandbox-gateway/core/v5/orders': {
    kind: 'local',
    request: () => ({ url: '/sandbox-gateway/core/v5/orders', body: {}, secret: true }),
  },
  'GET /sandbox-gateway/core/v5/charges': {
    kind: 'local',
    request: () => ({ method: 'GET', url: '/sandbox-gateway/core/v5/charges?status=canceled', secret: true }),
  },
  'GET /sandbox-gateway/core/v5/charges/:id': {
    kind: 'local',
    request: () => ({ method: 'GET', url: '/sandbox-gateway/core/v5/charges/ch_matriz', secret: true }),
  },
  'DELETE /sandbox-gateway/core/v5/charges/:id': {
    kind: 'local',
    request: () => ({ method: 'DELETE', url: '/sandbox-gateway/core/v5/charges/ch_matriz', secret: true }),
  },

  // Machines with credentials of their own.
  'POST /webhooks/pix/:token/pix': {
    kind: 'machine',
    request: () => ({ url: `/webhooks/pix/1.${'A'.repeat(43)}/pix`, body: { pix: [] } }),
  },
  'POST /api/cartao/webhook': {
    kind: 'machine',
    request: () => ({
      url: '/api/cartao/webhook',
      body: { id: 'hook_matriz', type: 'charge.paid', data: { id: 'ch_matriz' } },
    }),
  },
};

/** A staff row's route as the onRoute table writes it (parameter names instead of ':p'). */
const staffKey = (row: Row) =>
  row.route.startsWith('/') ? `${row.method} ${row.route}` : `portal/${row.route}`;
const STAFF_ROWS = [...ROWS, ...PORTAL_ACTIONS];
const asStaffPattern = (key: string) => key.replace(/:\w+/g, ':p');

// ---- calls and checks ------------------------------------------------------------------------------------------

let t: TestApp;

function headersOf(subject: SubjectName): Record<string, string> {
  if (SESSIONS.includes(subject as SessionName)) {
    const session = owned[subject as SessionName];
    return { host: hostOf(session.partner), cookie: session.cookie };
  }
  if (subject === 'anonymous') return { host: hostOf('demo') };
  return { host: hostOf('demo'), authorization: `Bearer ${tokens[subject as StaffRole]}` };
}

async function send(req: Req, headers: Record<string, string>, captcha = false) {
  const body = captcha ? { ...req.body, captcha: await solveRobotCheck(t) } : req.body;
  const method = req.method ?? 'POST';
  return t.app.inject({
    method,
    url: req.url,
    remoteAddress: CLIENT,
    headers: {
      ...headers,
      ...(req.host ? { host: req.host } : {}),
      ...(req.secret ? { authorization: SANDBOX_SECRET } : {}),
    },
    ...(method === 'POST' || method === 'PUT' ? { payload: body ?? {} } : {}),
  });
}

/** The answer as a person reads it: a PDF's text, anything else as sent. */
async function readable(res: LightMyRequestResponse): Promise<string> {
  if (!String(res.headers['content-type']).includes('pdf')) return res.body;
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
    mergePages: true,
  });
  return text;
}

async function expectNothingForbidden(subject: SubjectName, res: LightMyRequestResponse, label: string) {
  const text = await readable(res);
  for (const item of forbidden[subject]) {
    if (typeof item === 'string') expect(text, `${label} holds ${item}`).not.toContain(item);
    else expect(text, `${label} holds ${item}`).not.toMatch(item);
  }
}

function expectRefusal(res: LightMyRequestResponse, status: number, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(status);
  expect(res.json(), label).toMatchObject({ retorno: false, mensagem: expect.any(String) });
}

// ---- the fixture -----------------------------------------------------------------------------------------------

const formatted = (cpf: string) =>
  cpf.replace(/\D/g, '').replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const masked = (cpf: string) => cpf.replace(/\D/g, '').replace(/^(\d{3})\d{6}(\d{2})$/, '$1.***.***-$2');

/** A person's marks: name, CPF/CNPJ in every form, e-mail, and (by partner) contract numbers and agreement codes. */
async function marksOf(cpfCnpj: string) {
  const db = t.database.db;
  const digits = cpfCnpj.replace(/[^0-9A-Z]/g, '');
  const [person] = await db.select().from(persons).where(eq(persons.cpfCnpj, digits));
  const own = await db.select().from(contracts).where(eq(contracts.personId, person!.id));
  const made = await db.select().from(agreements).where(eq(agreements.personId, person!.id));
  const partnerRows = await db
    .select()
    .from(partners)
    .where(inArray(partners.identifier, ['demo', 'acme']));
  const contractsOutside = async (identifier: string) => {
    const partner = partnerRows.find((p) => p.identifier === identifier)!;
    const served = await db
      .select({ storeId: partnerStores.storeId })
      .from(partnerStores)
      .where(eq(partnerStores.partnerId, partner.id));
    return {
      numbers: own.filter((c) => !served.some((s) => s.storeId === c.storeId)).map((c) => c.number),
      agreements: made.filter((a) => a.partnerId !== partner.id).map((a) => codeMark('aco_codigo', a.id)),
    };
  };
  return {
    personId: person!.id,
    everything: [
      person!.name,
      digits,
      cpfCnpj,
      formatted(digits),
      masked(digits),
      ...(person!.email ? [person!.email] : []),
      ...own.map((c) => c.number),
      ...made.map((a) => codeMark('aco_codigo', a.id)),
    ],
    outside: contractsOutside,
  };
}
const codeMark = (key: string, code: number) => new RegExp(`"${key}":"?${code}\\b`).source;
const asMark = (mark: string) => (mark.startsWith('"') ? new RegExp(mark) : mark);

async function session(person: typeof JOAO, partner: string): Promise<Owned> {
  const cookie = await login(t, person, partner);
  const host = { host: hostOf(partner), cookie, ip: CLIENT };
  const debts: DividasResposta = (await call(t, 'negociacao_robo/passo_2_novo', {}, host)).json().dados;
  const other = partner === 'demo' ? 'acme' : 'demo';
  const [otherPartner] = await t.database.db.select().from(partners).where(eq(partners.identifier, other));
  const sharedStores = (
    await t.database.db
      .select({ storeId: partnerStores.storeId })
      .from(partnerStores)
      .where(eq(partnerStores.partnerId, otherPartner!.id))
  ).map((s) => s.storeId);
  // Cards of stores the other partner does not serve: what this session reaches, the other cannot.
  const cards = debts.dividas.filter((d) => !sharedStores.includes(d.loj_codigo) && !d.acordo_ativo);
  const negotiable = cards.find((d) => d.tipo_necociacao === 'S') ?? cards[0]!;
  const plans = await call(
    t,
    'negociacao_robo/passo_3_novo',
    plansBody(negotiable, { pagamentoAvistaPrazo: 'P' }),
    host,
  );
  expect(plans.json().retorno, plans.body).toBe(true);
  let copy: Pick<Owned, 'instalmentId' | 'secondCopyStoreId' | 'secondCopyContractIds' | 'secondCopyId'> = {
    instalmentId: negotiable.contratos[0]!.parcelas[0]!.par_codigo,
    secondCopyStoreId: negotiable.loj_codigo,
    secondCopyContractIds: negotiable.pre_codigos,
  };
  // A second copy from any store that issues them (acme's only such store is one demo serves too).
  for (const card of debts.dividas) {
    const instalmentId = card.contratos[0]!.parcelas[0]!.par_codigo;
    const res = await call(
      t,
      'negociacao_robo/emitir_segunda_via_boleto',
      { par_codigo: instalmentId, loj_codigo: card.loj_codigo },
      host,
    );
    if (res.json().retorno !== true) continue;
    copy = {
      instalmentId,
      secondCopyStoreId: card.loj_codigo,
      secondCopyContractIds: card.pre_codigos,
      secondCopyId: res.json().dados.codigo,
    };
    break;
  }
  return {
    partner,
    personId: debts.pessoa.pes_codigo,
    cookie,
    storeId: negotiable.loj_codigo,
    contractIds: negotiable.pre_codigos,
    planId: plans.json().dados.pre_acordo[0].pra_codigo,
    ...copy,
  };
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_ALLOWLIST: `${CLIENT},10.1.1.1`,
      LIMIT_LOGIN_PER_DOCUMENT: '1000',
      LIMIT_SMS_PER_PHONE: '1000',
      LIMIT_PHONE_CHANGE_PER_DOCUMENT: '1000',
      LIMIT_AGREEMENT_SENDS_PER_DAY: '1000',
      CAPTCHA_MAX_NUMBER: '100',
      CARD_WEBHOOK_USER: WEBHOOK.user,
      CARD_WEBHOOK_PASSWORD: WEBHOOK.password,
    },
  });
  await setUpStaffMatrix(t);
  const db = t.database.db;
  owned['joao@demo'] = await session(JOAO, 'demo');
  owned['maria@demo'] = await session(MARIA, 'demo');
  owned['maria@acme'] = await session(MARIA, 'acme');
  // João's agreements on demo: the seed's, with its entry paid, and a settled one of an amount of its own.
  const joao = owned['joao@demo'];
  const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const [active] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.personId, joao.personId), eq(agreements.partnerId, demo!.id)));
  const [instalment] = await db
    .select()
    .from(agreementInstalments)
    .where(eq(agreementInstalments.agreementId, active!.id));
  const settled = await insertAgreement(db, {
    partnerId: demo!.id,
    personId: joao.personId,
    storeId: joao.storeId,
    method: 'boleto',
    status: 'settled',
    createdAt: new Date(Date.now() - 40 * 86_400_000),
    instalments: [
      {
        dueDate: todayInBrasilia(),
        amountCents: SETTLED_CENTS,
        paid: { cause: 'matriz:quitado', on: todayInBrasilia(), kind: 'settled' },
      },
    ],
  });
  joao.agreement = { id: active!.id, instalmentId: instalment!.id, settledId: settled.id };

  const joaoMarks = await marksOf(JOAO.pesCpfCnpj);
  const mariaMarks = await marksOf(MARIA.pesCpfCnpj);
  const companyMarks = await marksOf(PERSONS.empresa);
  const amount = ['1.234,57', String(SETTLED_CENTS)];
  const everyone = [...joaoMarks.everything, ...mariaMarks.everything, ...companyMarks.everything, ...amount];
  for (const subject of ['administrator', 'operator', 'auditor', 'anonymous'] as const)
    forbidden[subject] = everyone.map(asMark);
  const sessionMarks = async (own: typeof joaoMarks, others: string[], partner: string) => {
    const outside = await own.outside(partner);
    return [
      ...others,
      ...outside.numbers,
      ...outside.agreements,
      PARTNER_NAMES[partner === 'demo' ? 'acme' : 'demo']!,
    ].map(asMark);
  };
  forbidden['joao@demo'] = await sessionMarks(
    joaoMarks,
    [...mariaMarks.everything, ...companyMarks.everything],
    'demo',
  );
  for (const partner of ['demo', 'acme'] as const)
    forbidden[`maria@${partner}`] = await sessionMarks(
      mariaMarks,
      [...joaoMarks.everything, ...companyMarks.everything, ...amount],
      partner,
    );
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the access matrix over every route', () => {
  it('has an access rule for every route and api.php action the instance serves', () => {
    const staff = new Set(STAFF_ROWS.map((row) => asStaffPattern(staffKey(row))));
    const ruled = (key: string) => key in RULES || staff.has(asStaffPattern(key));
    expect([...registered].filter((key) => !ruled(key)).sort()).toEqual([]);
    // And no rule for a route that does not exist.
    const served = new Set([...registered].map(asStaffPattern));
    expect(Object.keys(RULES).filter((key) => !registered.has(key))).toEqual([]);
    expect(STAFF_ROWS.map(staffKey).filter((key) => !served.has(asStaffPattern(key)))).toEqual([]);
  });

  it('refuses every staff route to the debtors and to nobody, in the envelope', async () => {
    for (const subject of [...SESSIONS, 'anonymous'] as const)
      for (const row of STAFF_ROWS) {
        const url = row.url('other');
        const body = row.body?.('other') as Record<string, unknown> | undefined;
        const res = await send({ method: row.method, url, body }, headersOf(subject));
        const label = `${subject} ${row.method} ${url}`;
        expectRefusal(res, 401, label);
        await expectNothingForbidden(subject, res, label);
      }
  });

  it('answers the public routes to everyone with nobody’s data', async () => {
    for (const [key, rule] of Object.entries(RULES))
      for (const subject of SUBJECTS) {
        if (rule.kind === 'debtor') continue;
        const res = await send(rule.request(), headersOf(subject), rule.kind === 'public' && rule.captcha);
        const label = `${subject} ${key}`;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (rule.kind === 'local') expect(res.statusCode, label).toBe(404);
        if (rule.kind === 'machine') expectRefusal(res, 401, label);
        if (rule.kind === 'sandbox') expect(res.statusCode, label).toBe(rule.status);
        await expectNothingForbidden(subject, res, label);
      }
  });

  it('refuses every debtor route without a debtor session (nobody, the staff), in the envelope', async () => {
    for (const [key, rule] of Object.entries(RULES))
      for (const subject of ['administrator', 'operator', 'auditor', 'anonymous'] as const) {
        if (rule.kind !== 'debtor') continue;
        const res = await send(rule.request(owned['joao@demo']), headersOf(subject));
        const label = `${subject} ${key}`;
        if (rule.idempotent) expect(res.json(), label).toMatchObject({ retorno: true, dados: null });
        else expectRefusal(res, 401, label);
        await expectNothingForbidden(subject, res, label);
      }
  });

  it('shows each session its own, which the marks would find in another’s answer', async () => {
    const own = async (subject: SessionName, req: Req) =>
      send(req, headersOf(subject)).then((res) => res.body);
    /** The marks of `subject`'s forbidden list that `text` holds. */
    const found = (subject: SubjectName, text: string) =>
      forbidden[subject].filter((mark) => (typeof mark === 'string' ? text.includes(mark) : mark.test(text)));
    const agreements = await own(
      'joao@demo',
      action('negociacao_robo/passo_5', { paginaAtual: 1, pagina: 'PRO' }),
    );
    expect(agreements).toContain(`"aco_codigo":${owned['joao@demo'].agreement!.id}`);
    expect(found('maria@demo', agreements)).not.toEqual([]);
    expect(found('anonymous', agreements)).not.toEqual([]);
    // Maria's debts on demo hold contracts of stores acme does not serve, and the other way round.
    const onDemo = await own('maria@demo', action('negociacao_robo/passo_2_novo'));
    const onAcme = await own('maria@acme', action('negociacao_robo/passo_2_novo'));
    for (const debts of [onDemo, onAcme]) expect(debts).toContain('Maria da Silva Santos');
    expect(found('maria@acme', onDemo)).not.toEqual([]);
    expect(found('maria@demo', onAcme)).not.toEqual([]);
    expect(found('joao@demo', onAcme)).toContain('Maria da Silva Santos');
  });

  it('answers each debtor session its own data only, and refuses another’s files', async () => {
    const ordered = Object.entries(RULES).sort(([, a], [, b]) => Number(isFresh(a)) - Number(isFresh(b)));
    for (const [key, rule] of ordered) {
      if (rule.kind !== 'debtor') continue;
      for (const subject of SESSIONS) {
        const targets = !rule.targeted
          ? [subject]
          : SESSIONS.filter((s) => !rule.needs || rule.needs(owned[s]));
        for (const target of targets) {
          const headers = rule.fresh
            ? {
                host: hostOf(owned[subject].partner),
                cookie: await login(t, personOf(subject), owned[subject].partner),
              }
            : headersOf(subject);
          const res = await send(rule.request(owned[target]), headers);
          const label = `${subject} ${key} (codes of ${target})`;
          expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect([401, 403], `${label}: ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
          if (rule.file && target !== subject) expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          await expectNothingForbidden(subject, res, label);
        }
      }
    }
  });
});

const isFresh = (rule: Rule) => rule.kind === 'debtor' && rule.fresh === true;
const personOf = (subject: SessionName) => (subject.startsWith('joao') ? JOAO : MARIA);
