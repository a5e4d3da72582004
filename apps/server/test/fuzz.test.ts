import { type DividasResposta, formatBrDate, storeFormValues, todayInBrasilia } from '@portal/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqItems, privacyRequests, staffUsers } from '../src/db/schema';
import { cardGatewayEnv, type SandboxServer, startSandboxGateway } from './card-gateway-helpers';
import { call, hostOf, login, MARIA, solveRobotCheck } from './identification-helpers';
import { staffToken } from './reports-helpers';
import { collectRoutes } from './route-table';
import { createTestApp, type TestApp, validContact } from './test-app';
import { validJobApplication, validLead, validRightsRequest } from './valid-forms';

// Issue 14 item 5: no request, however odd, answers 5xx. Every route the app registers and every api.php action is
// fuzzed with arbitrary values (control characters, numbers past a 32-bit column, floats, arrays, objects, bodies that
// are not objects, wrong content types, broken paths), mostly as one odd field in an otherwise valid body so the fuzz
// reaches the use cases and the database. A refusal must be a 4xx in the envelope with a Portuguese message, and no
// request may leave a promise rejected with nobody to handle it. FUZZ_RUNS sets the cases per route (default 300: the
// whole file takes 3 to 5 minutes on two cores; CI runs 100, `npm run fuzz` 1000; docs/security-tests.md).

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const CLIENT = '127.0.0.1';

// Routes and actions as the app registers them, with the body limit of each route that has its own.
const { routes: registered, bodyLimits } = collectRoutes();
// A promise a request left rejected with nobody waiting for it (work started and not awaited): none may be left.
const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => void unhandled.push(reason));

// ---- arbitrary values ---------------------------------------------------------------------------------------

const INT4_EDGES = [2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 4_294_967_296];
const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 1e21, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom(...INT4_EDGES),
);
const oddChar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\t', '\n', '\r', '\u2028', '\ufeff', '\ud800', '%', '"', "'", '\\'),
  },
  { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }) },
);
const oddText = fc.oneof(
  fc.string({ unit: oddChar, maxLength: 40 }),
  // Something like a path of the site.
  fc.string({ unit: oddChar, maxLength: 20 }).map((rest) => `/${rest}`),
  oddNumber.map(String),
  fc.constantFrom(
    '\u0000',
    '',
    ' ',
    '99999999999999999999',
    '2147483648',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 7 ',
    '1,2,99999999999',
    '0000-00-00',
    '0000-01-01',
    '9999-12-31',
    '275760-09-14',
    '31/02/2024',
    '00/00/0000',
    '99:99',
    '24:00:60',
    'null',
    'S',
    'A',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).map((s) => s.repeat(3_000)),
);
// Near misses too: small codes that exist, dates about today in both formats.
const nearValue = fc.oneof(
  fc.integer({ min: 1, max: 40 }),
  fc.integer({ min: -400, max: 400 }).map((days) => {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    return days % 2 ? date : formatBrDate(date);
  }),
);
const oddScalar = fc.oneof(
  { weight: 2, arbitrary: nearValue },
  { weight: 6, arbitrary: oddText },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: oddScalar },
  { weight: 1, arbitrary: fc.array(oddScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'codigo', '0', '__proto__'), oddScalar) },
);

// ---- the targets ----------------------------------------------------------------------------------------------

/** Who calls: nobody, Maria's session, the admin's token, the card gateway's webhook credentials. */
type Auth = 'public' | 'debtor' | 'staff' | 'gateway';
interface Target {
  auth: Auth;
  /** Body fields (POST/PUT) or query fields (GET) the route reads. */
  fields?: string[];
  /** A valid body or query, so one or two odd fields reach the use case. */
  base?: () => Record<string, unknown>;
  /** Path parameters and valid values for them. */
  params?: Record<string, () => string>;
  /** The partner host; demo by default. */
  partner?: string;
}

/** Filled in beforeAll from the demo data. */
const demo = {
  storeId: 0,
  contractIds: [] as number[],
  secondCopyStoreId: 0,
  instalmentId: 0,
  secondCopyId: 0,
  planId: 0,
  faqId: 0,
  partnerId: 0,
  privacyRequestId: 0,
  fuzzPartnerId: 0,
  fuzzStoreId: 0,
  adminId: 0,
};
/** Stands for a solved robot check, solved when the request is made (each solution is good once). */
const SOLVED = 'robot check solved';
// A 1x1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const today = formatBrDate(todayInBrasilia());

const debtor = (fields: string[], base?: () => Record<string, unknown>): Target => ({
  auth: 'debtor',
  fields,
  ...(base ? { base } : {}),
});

const ACTIONS: Record<string, Target> = {
  'negociacao_robo/passo_1': {
    auth: 'public',
    fields: [
      'pesCpfCnpj',
      'dataNascimento',
      'telefone',
      'captcha',
      'aceite',
      'enumCanalOrigem',
      'codAssessoriaSenff',
    ],
    base: () => ({ ...MARIA, aceite: true, captcha: SOLVED }),
  },
  'negociacao_robo/enviar_token': { auth: 'debtor' },
  'negociacao_robo/validar_token': debtor(['token_cliente'], () => ({ token_cliente: '123456' })),
  'portal/atualizarCadastro': {
    auth: 'public',
    fields: ['cpfCnpj', 'dataNascimento', 'telefone', 'email', 'sexo', 'nome', 'captcha'],
    base: () => ({
      cpfCnpj: '111.444.777-35',
      dataNascimento: '01/01/1990',
      telefone: '(11) 91234-5678',
      email: 'novo@example.com',
      sexo: 'F',
      nome: 'Nova Pessoa',
      captcha: SOLVED,
    }),
  },
  'portal/solicitarTrocaTelefone': {
    auth: 'public',
    fields: ['pesCpfCnpj', 'captcha'],
    base: () => ({ pesCpfCnpj: MARIA.pesCpfCnpj, captcha: SOLVED }),
  },
  'portal/atualizarTelefone': {
    auth: 'public',
    fields: ['token', 'pef_fone', 'confirmacao'],
    base: () => ({ token: 'a'.repeat(43), pef_fone: '(11) 98765-4321', confirmacao: '(11) 98765-4321' }),
  },
  'portal/sessao': { auth: 'debtor' },
  'negociacao_robo/passo_2_novo': debtor(['lojCodigo', 'lancamentoFuturo'], () => ({
    lojCodigo: demo.storeId,
    lancamentoFuturo: 'S',
  })),
  'negociacao_robo/passo_3_novo': debtor(
    [
      'lojCodigo',
      'preCodigo',
      'primeiroVencimento',
      'pagamentoAvistaPrazo',
      'metodoPagamento',
      'bandeiraCartao',
      'formaCartao',
      'lancamentoFuturo',
    ],
    () => ({
      lojCodigo: demo.storeId,
      preCodigo: demo.contractIds.join(','),
      primeiroVencimento: today,
      pagamentoAvistaPrazo: 'P',
      metodoPagamento: 'boleto',
    }),
  ),
  'portal/naoPossoPagar': debtor(['lojCodigo', 'motivo'], () => ({
    lojCodigo: demo.storeId,
    motivo: 'Desemprego',
  })),
  'portal/cadastrarProposta': debtor(
    ['loj_codigo', 'entrada', 'quantidade_parcelas', 'valor_parcela'],
    () => ({
      loj_codigo: demo.storeId,
      entrada: '100,00',
      quantidade_parcelas: '3',
      valor_parcela: '50,00',
    }),
  ),
  'portal/solicitarLigacao': debtor(['loj_codigo', 'telefone'], () => ({
    loj_codigo: demo.storeId,
    telefone: '(11) 98765-4321',
  })),
  'portal/contatoWhatsapp': debtor(['loj_codigo', 'telefone'], () => ({
    loj_codigo: demo.storeId,
    telefone: '(11) 98765-4321',
  })),
  'negociacao_robo/emitir_segunda_via_boleto': debtor(['par_codigo', 'loj_codigo'], () => ({
    par_codigo: demo.instalmentId,
    loj_codigo: demo.secondCopyStoreId,
  })),
  'negociacao_robo/emitir_segunda_via_boleto_recupera_sysopen': debtor(['loj_codigo', 'con_codigos'], () => ({
    loj_codigo: demo.secondCopyStoreId,
    con_codigos: demo.contractIds.join(','),
  })),
  'negociacao_robo/enviar_email_sms': debtor(['codigo', 'tipoEnvio', 'enderecoEnvio'], () => ({
    codigo: demo.secondCopyId,
    tipoEnvio: 'email',
    enderecoEnvio: 'maria@example.com',
  })),
  // Maria's debt instalment is no agreement instalment of hers: the codes reach the scoped lookup and are not found.
  'negociacao_robo/enviar_boletos_sms': debtor(['aci_codigo', 'fone'], () => ({
    aci_codigo: demo.instalmentId,
    fone: '(11) 98765-4321',
  })),
  'mail/envioPortal': debtor(
    ['aci_codigo', 'termo', 'aco_codigo', 'pem_email', 'email_assunto', 'email_texto'],
    () => ({ aci_codigo: String(demo.instalmentId), pem_email: 'maria@example.com' }),
  ),
  'negociacao_robo/passo_5': debtor(['lojCodigo', 'paginaAtual', 'pagina'], () => ({
    paginaAtual: 1,
    pagina: 'PRO',
  })),
  'negociacao_robo/passo_4_novo': debtor(
    [
      'praCodigo',
      'formaDePagamento',
      'primeiroVencimento',
      'telefone',
      'email',
      'chave_idempotencia',
      'dadosDoCartao',
    ],
    () => ({
      praCodigo: demo.planId,
      formaDePagamento: 'boleto',
      primeiroVencimento: today,
      telefone: '(11) 98765-4321',
      email: 'maria@example.com',
    }),
  ),
  'portal/naoReconhecoDivida': debtor(['lojCodigo'], () => ({ lojCodigo: demo.storeId })),
  'portal/getDuvidas': { auth: 'public', fields: ['codigo'], base: () => ({ codigo: demo.faqId }) },
  'portal/cadastrarDuvida': {
    auth: 'staff',
    fields: ['titulo', 'descricao', 'parceiro'],
    base: () => ({ titulo: 'Como pagar?', descricao: 'Pelo boleto.', parceiro: String(demo.partnerId) }),
  },
  'portal/atualizarDuvida': {
    auth: 'staff',
    fields: ['codigo', 'titulo', 'descricao', 'parceiro'],
    base: () => ({ codigo: demo.faqId, titulo: 'Como pagar?', descricao: 'Pelo boleto.', parceiro: 'todos' }),
  },
  'portal/cadastrarLead': { auth: 'public', fields: Object.keys(validLead()), base: () => validLead() },
  'portal/enviarSolicitacaoPrivacidade': {
    auth: 'public',
    fields: Object.keys(validRightsRequest()),
    base: () => validRightsRequest(),
  },
  'portal/consultarCEP': { auth: 'public', fields: ['cep'], base: () => ({ cep: '80010-000' }) },
  'portal/getEmpresas': { auth: 'staff' },
  'portal/cadastrarEmpresaCredora': {
    auth: 'public',
    fields: [
      'razao_social',
      'cnpj',
      'email',
      'telefone_cel',
      'telefone_fixo',
      'website',
      'nome_contato',
      'link_cadastro',
    ],
    base: () => ({
      razao_social: 'Alfa Cobranças Ltda',
      cnpj: '12.ABC.345/01DE-35',
      nome_contato: 'Ana Souza',
      telefone_cel: '(41) 98765-4321',
      email: 'ana@alfa.com.br',
      website: 'www.alfa.com.br',
    }),
  },
  'portal/getEmpresasCredoras': { auth: 'public', fields: ['codigo'] },
  'portal/getPlanosAtivos': { auth: 'public' },
  // Random fields only: a valid sign-up hashes a password (argon2id) on every call.
  'portal/cadastrarCliente': {
    auth: 'public',
    fields: [
      'emp_nome_banco',
      'emp_nome',
      'usu_nome',
      'usu_email',
      'emp_usuario_banco',
      'emp_senha_banco',
      'usu_login',
      'usu_senha',
      'emp_numero_usuarios',
      'emp_cobranca_prospeccao',
      'emp_usa_site',
      'pla_codigo',
      'codigo',
    ],
  },
  'portal/retornarTokenEmpresa': { auth: 'public', fields: ['emp_codigo'], base: () => ({ emp_codigo: 1 }) },
  'portal/salvarEtapa': {
    auth: 'public',
    fields: [
      'cpfCnpj',
      'pes_cpf_cnpj',
      'esn_fk_ets_codigo',
      'data_agendamento',
      'hora_agendamento',
      'motivo_agendamento',
    ],
    base: () => ({ cpfCnpj: MARIA.pesCpfCnpj, esn_fk_ets_codigo: 31 }),
  },
  'portal/salvarEtapaErro': {
    auth: 'public',
    fields: ['cpfCnpj', 'pes_cpf_cnpj', 'esn_fk_ets_codigo', 'motivo_agendamento', 'resposta', 'mensagem'],
    base: () => ({ cpfCnpj: MARIA.pesCpfCnpj, esn_fk_ets_codigo: 8, resposta: '{}', mensagem: 'Erro' }),
  },
  'portal/enviarContato': { auth: 'public', fields: Object.keys(validContact()), base: () => validContact() },
};

const PARTNER_FORM_FIELDS = [
  'nome',
  'identificador',
  'emp_codigo',
  'logo',
  'tipoLogo',
  'favicon',
  'hotjar_id',
  'pixel_meta',
  'loj_codigo',
  'loj_codigo_nao_negocia',
  'estilo',
  'creditorAccessUrl',
  'ativo',
  'captcha',
  'capacidades',
  'sessoes',
];
const REPORT_PERIOD = ['data_inicial', 'data_final'];
const period = () => ({ data_inicial: todayInBrasilia(), data_final: todayInBrasilia() });
let partners = 0;
/** A valid partner form (a new partner each time unless `identifier` names one). */
const partnerForm = (identifier?: string) => {
  partners += 1;
  return {
    nome: `Parceiro Fuzz ${partners}`,
    identificador: identifier ?? `fuzz${partners}`,
    emp_codigo: identifier ? 4999 : 5000 + partners,
    logo: PNG,
    tipoLogo: 'png',
    estilo: { corPrimaria: '#123456', corSecundaria: '#654321' },
  };
};
/** A valid store form: the fuzz's own store (one CNPJ: a second create is a 409). */
const storeForm = () => ({
  ...storeFormValues(),
  nome_fantasia: 'Loja Fuzz',
  razao_social: 'Loja Fuzz Ltda.',
  cpf_cnpj: '99887766000105',
});
const STORE_FORM_FIELDS = Object.keys(storeFormValues());
// The partner PUT and DELETE change: one of the fuzz's own, never the demo partner the others use.
const partnerIdParam = { id: () => String(demo.fuzzPartnerId) };
const privacyItem = { fila: () => 'lgpd', id: () => String(demo.privacyRequestId) };

const ROUTES: Record<string, Target> = {
  'GET /healthz': { auth: 'public' },
  // A PSP's notification with a token of no store: refused before anything is read.
  'POST /webhooks/pix/:token/pix': {
    auth: 'public',
    fields: ['pix'],
    params: { token: () => `1.${'A'.repeat(43)}` },
  },
  // The card gateway's notification of a charge it does not know: read from the gateway, answered 'unknown'.
  'POST /api/cartao/webhook': {
    auth: 'gateway',
    fields: ['id', 'type', 'data'],
    base: () => ({ id: 'hook_fuzz', type: 'charge.paid', data: { id: 'ch_fuzz' } }),
  },
  'GET /psp-local/qr/v2/cobv/:id': { auth: 'public', params: { id: () => '0'.repeat(32) } },
  'POST /psp-local/sandbox/pay/:txid': {
    auth: 'public',
    fields: ['valor'],
    params: { txid: () => 'A'.repeat(35) },
  },
  'GET /readyz': { auth: 'public' },
  'GET /api/captcha/altcha': { auth: 'public' },
  'GET /api/parceiro/:identificador/info': {
    auth: 'staff',
    params: { identificador: () => String(demo.partnerId) },
  },
  'GET /files/:name': { auth: 'public', params: { name: () => `${'a'.repeat(64)}.png` } },
  'GET /api/segunda-via/:file': { auth: 'debtor', params: { file: () => `${demo.secondCopyId}.pdf` } },
  // Maria's instalments have no agreement: the codes reach the scoped lookup and are not found.
  'GET /api/acordos/boletos.pdf': {
    auth: 'debtor',
    fields: ['parcelas', 'download'],
    base: () => ({ parcelas: String(demo.instalmentId), download: '1' }),
  },
  'GET /api/acordos/pix/:file': { auth: 'debtor', params: { file: () => `${demo.instalmentId}.svg` } },
  'GET /api/acordos/:aco/termo.pdf': {
    auth: 'debtor',
    fields: ['download'],
    base: () => ({ download: '1' }),
    params: { aco: () => '1' },
  },
  'GET /api/acordos/comprovante-cartao/:file': {
    auth: 'debtor',
    fields: ['download'],
    params: { file: () => `comp_cartao_${demo.instalmentId}.pdf` },
  },
  'GET /api/cartao/gateway': { auth: 'public' },
  // Maria has no settled agreement: the code reaches the scoped lookup and is not found.
  'GET /api/acordos/:aco/quitacao.pdf': {
    auth: 'debtor',
    fields: ['download'],
    base: () => ({ download: '1' }),
    params: { aco: () => '1' },
  },
  'GET /api/meus-dados.json': { auth: 'debtor' },
  'GET /api/meus-dados.pdf': { auth: 'debtor' },
  'GET /api/me': { auth: 'staff' },
  'GET /api/parceiro': { auth: 'staff', fields: ['page'] },
  'GET /api/leads': { auth: 'staff', fields: REPORT_PERIOD, base: period },
  'GET /api/leads/planilha': { auth: 'staff', fields: REPORT_PERIOD, base: period },
  'GET /api/painel': {
    auth: 'staff',
    fields: ['parceiro', ...REPORT_PERIOD],
    base: () => ({ parceiro: demo.partnerId, ...period() }),
  },
  'GET /api/solicitacoes-privacidade': { auth: 'staff', fields: ['page', 'parceiro', 'status', 'de', 'ate'] },
  'PUT /api/solicitacoes-privacidade/:id/status': {
    auth: 'staff',
    fields: ['status'],
    base: () => ({ status: 'in_progress' }),
    params: { id: () => String(demo.privacyRequestId) },
  },
  'GET /api/filas/:fila': {
    auth: 'staff',
    fields: ['page', 'parceiro', 'status', 'responsavel'],
    params: { fila: () => 'lgpd' },
  },
  'GET /api/filas/:fila/:id': { auth: 'staff', params: privacyItem },
  'PUT /api/filas/:fila/:id/responsavel': {
    auth: 'staff',
    fields: ['usuario'],
    base: () => ({ usuario: demo.adminId }),
    params: privacyItem,
  },
  'PUT /api/filas/:fila/:id/andamento': { auth: 'staff', params: privacyItem },
  // Answered once by the valid body; every later case finds it answered or is refused before.
  'POST /api/filas/:fila/:id/resposta': {
    auth: 'staff',
    fields: ['texto', 'contraproposta', 'entrada', 'quantidade_parcelas', 'valor_parcela'],
    base: () => ({ texto: 'Resposta da fuzz.' }),
    params: privacyItem,
  },
  'GET /api/cobranca/remessas': { auth: 'staff', fields: ['page'] },
  'POST /api/cobranca/remessas': { auth: 'staff', fields: ['loja'] },
  'GET /api/cobranca/remessas/:id/arquivo': { auth: 'staff', params: { id: () => '1' } },
  // A retorno is the file's text; a form or JSON body reaches the route's own refusal.
  'POST /api/cobranca/retornos': { auth: 'staff', fields: ['nome'] },
  'GET /api/candidaturas': { auth: 'staff', fields: ['page', 'parceiro'] },
  'GET /api/duvidas': { auth: 'staff' },
  'GET /api/duvidas/:id': { auth: 'staff', params: { id: () => String(demo.faqId) } },
  'GET /api/equipe': { auth: 'staff' },
  'POST /api/equipe': {
    auth: 'staff',
    fields: ['usuario', 'papel', 'parceiros'],
    base: () => ({ usuario: 'fuzz.membro', papel: 'auditor', parceiros: [] }),
  },
  // No such member: the fuzz's own administrator is never changed, disabled or given a new password.
  'PUT /api/equipe/:id': {
    auth: 'staff',
    fields: ['papel', 'parceiros'],
    base: () => ({ papel: 'auditor', parceiros: [] }),
    params: { id: () => '999999' },
  },
  'POST /api/equipe/:id/desativar': { auth: 'staff', params: { id: () => '999999' } },
  'POST /api/equipe/:id/senha': { auth: 'staff', params: { id: () => '999999' } },
  'GET /api/importacoes': { auth: 'staff' },
  'GET /api/importacoes/:id': { auth: 'staff', params: { id: () => '1' } },
  // The file's bytes as the body: a form or JSON body reaches the route's own refusal.
  'POST /api/importacoes': { auth: 'staff', fields: ['parceiro', 'nome'] },
  'GET /api/lojas': { auth: 'staff' },
  'GET /api/lojas/:id': { auth: 'staff', params: { id: () => String(demo.storeId) } },
  'POST /api/lojas': { auth: 'staff', fields: STORE_FORM_FIELDS, base: storeForm },
  // The fuzz's own store: the demo stores the other calls negotiate with are never changed.
  'PUT /api/lojas/:id': {
    auth: 'staff',
    fields: STORE_FORM_FIELDS,
    base: storeForm,
    params: { id: () => String(demo.fuzzStoreId) },
  },
  'PUT /api/lojas/:id/situacao': {
    auth: 'staff',
    fields: ['ativa'],
    base: () => ({ ativa: false }),
    params: { id: () => String(demo.fuzzStoreId) },
  },
  'POST /api/lojas/simulacao': {
    auth: 'staff',
    fields: ['politica', 'valor', 'dias_atraso'],
    base: () => ({ politica: null, valor: 100_000, dias_atraso: 30 }),
  },
  'POST /api/equipe/:id/reativar': { auth: 'staff', params: { id: () => '999999' } },
  'GET /api/auditoria': { auth: 'staff', fields: ['page', 'usuario', 'entidade', ...REPORT_PERIOD] },
  'GET /api/auditoria/planilha': { auth: 'staff', fields: ['usuario', 'entidade', ...REPORT_PERIOD] },
  'GET /api/curriculos/:id': { auth: 'staff', params: { id: () => '1' } },
  'DELETE /api/candidaturas/:id': { auth: 'staff', params: { id: () => '999999' } },
  'GET /api/gestao/acordos': {
    auth: 'staff',
    fields: ['page', 'parceiro', 'loja', 'status', 'forma_pagamento', 'cpf_cnpj', ...REPORT_PERIOD],
  },
  'GET /api/gestao/acordos/planilha': {
    auth: 'staff',
    fields: ['parceiro', 'loja', 'status', 'forma_pagamento', 'cpf_cnpj', ...REPORT_PERIOD],
  },
  // The seed's agreement (João's, on demo).
  'GET /api/gestao/acordos/:id': { auth: 'staff', params: { id: () => '1' } },
  'GET /api/gestao/acordos/:id/:documento': {
    auth: 'staff',
    fields: ['parcelas', 'download'],
    params: { id: () => '1', documento: () => 'termo.pdf' },
  },
  // No such agreement: the seed's is never cancelled here.
  'POST /api/gestao/acordos/:id/cancelar': {
    auth: 'staff',
    fields: ['motivo'],
    base: () => ({ motivo: 'Teste' }),
    params: { id: () => '999999' },
  },
  'GET /api/gestao/pagamentos': {
    auth: 'staff',
    fields: ['parceiro', 'loja', ...REPORT_PERIOD],
    base: period,
  },
  'GET /api/gestao/pagamentos/planilha': {
    auth: 'staff',
    fields: ['parceiro', 'loja', ...REPORT_PERIOD],
    base: period,
  },
  'GET /api/gestao/nao-aplicados': {
    auth: 'staff',
    fields: ['page', 'parceiro', 'loja', 'situacao', ...REPORT_PERIOD],
    base: period,
  },
  // No such unapplied amount: nothing is resolved here.
  'POST /api/gestao/nao-aplicados/:id/resolucao': {
    auth: 'staff',
    fields: ['resolucao', 'motivo'],
    base: () => ({ resolucao: 'refunded', motivo: 'Teste' }),
    params: { id: () => '999999' },
  },
  'POST /api/gestao/nao-aplicados/segundas-vias/:id/resolucao': {
    auth: 'staff',
    fields: ['resolucao', 'motivo'],
    base: () => ({ resolucao: 'refunded', motivo: 'Teste' }),
    params: { id: () => '999999' },
  },
  'POST /api/trabalhe-conosco': {
    auth: 'public',
    partner: 'negocie',
    fields: [...Object.keys(validJobApplication()), 'curriculo'],
    base: () => validJobApplication(),
  },
  // A wrong current password: the use case checks it (and never changes the password the token depends on).
  'PUT /api/editar_senha': {
    auth: 'staff',
    fields: ['old_password', 'password', 'password_confirmation'],
    base: () => ({
      old_password: 'Errada#2026',
      password: 'NovaSenha#2026',
      password_confirmation: 'NovaSenha#2026',
    }),
  },
  'POST /api/login': { auth: 'public', fields: ['username', 'password'] },
  'POST /consulta': { auth: 'public', fields: ['cpfCnpj'], base: () => ({ cpfCnpj: MARIA.pesCpfCnpj }) },
  'POST /escolha-de-cookies': {
    auth: 'public',
    fields: ['escolha', 'pagina'],
    base: () => ({ escolha: 'accepted', pagina: '/menu' }),
  },
  'GET /': { auth: 'public' },
  'GET /*': { auth: 'public', params: { '*': () => 'menu' } },
  'GET /dev/mailbox': { auth: 'public' },
  'GET /dev/mailbox.json': { auth: 'public' },
  'POST /api/parceiro': { auth: 'staff', fields: PARTNER_FORM_FIELDS, base: () => partnerForm() },
  // The dispatcher itself: its actions are fuzzed one by one below; here only odd a= and b= reach it.
  'POST /api.php': { auth: 'public', fields: ['a', 'b'] },
};

// Last: they end the session or the token, or change and delete the demo partner and data the others use.
const LAST: Record<string, Target> = {
  'portal/deletarDuvida': { auth: 'staff', fields: ['codigo'], base: () => ({ codigo: demo.faqId }) },
  'portal/solicitarEliminacaoDados': { auth: 'debtor' },
  'portal/sair': { auth: 'debtor' },
  'PUT /api/parceiro/:id': {
    auth: 'staff',
    fields: PARTNER_FORM_FIELDS,
    base: () => partnerForm('fuzz'),
    params: partnerIdParam,
  },
  'DELETE /api/parceiro/:id': { auth: 'staff', params: partnerIdParam },
  'POST /api/logout': { auth: 'staff' },
};

// ---- requests -----------------------------------------------------------------------------------------------

/** Up to `most` of `fields` (or an unknown key) with odd values. */
function oddFields(fields: string[], most: number): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...fields, 'campo_extra'];
  return fc
    .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: Math.min(most, keys.length) })
    .chain((chosen) =>
      fc
        .tuple(...chosen.map(() => oddValue))
        .map((values) => Object.fromEntries(chosen.map((key, i) => [key, values[i]]))),
    );
}

/** Form encoding as a browser or the legacy client sends it: arrays as repeated keys, objects as JSON. */
function formEncoded(values: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return form.toString();
}

/** Every byte of the text's UTF-8 escaped (an unpaired surrogate as the replacement character, like a browser). */
const percentEncoded = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Path parameters no client should send: broken escapes, overlong UTF-8, a way up. */
const MALFORMED_PATHS = ['%', '%zz', '%c0%80', '%ff%fe', '..', '%2e%2e/%2e%2e', 'a/b', '%00'];

type Shape = 'json' | 'form' | 'raw';
const RAW_BODIES: [string, string][] = [
  ['application/json', '[1,2]'],
  ['application/json', '"texto"'],
  ['application/json', '42'],
  ['application/json', 'null'],
  ['application/json', '{"a":'],
  ['application/json', ''],
  ['application/json', '{"__proto__":{"x":1}}'],
  ['text/plain', 'a=1'],
  ['application/xml', '<a/>'],
  ['multipart/form-data; boundary=x', '--x--'],
  ['application/x-www-form-urlencoded', '%zz=%00&a[b]=1'],
];

interface Case {
  values: Record<string, unknown>;
  shape: Shape;
  raw: [string, string];
  params: Record<string, string>;
}

function caseOf(target: Target): fc.Arbitrary<Case> {
  const fields = target.fields ?? [];
  // Mostly one odd field in a valid body: the rest passes, so the odd one goes as far as it can.
  const values = target.base
    ? fc.oneof(
        { weight: 1, arbitrary: oddFields(fields, 4) },
        { weight: 3, arbitrary: oddFields(fields, 1).map((odd) => ({ ...target.base!(), ...odd })) },
      )
    : oddFields(fields, 4);
  const paramNames = Object.keys(target.params ?? {});
  // Never the fuzz's own administrator: an odd id such as ' 1 ' would disable them, or reset their password, and
  // every later call would be refused 401.
  const oddParam = fc.oneof(
    oddText.filter((text) => Number(text.trim()) !== demo.adminId).map(percentEncoded),
    fc.constantFrom(...MALFORMED_PATHS),
  );
  const params = fc
    .tuple(...paramNames.map(() => fc.option(oddParam, { nil: undefined, freq: 2 })))
    .map((picked) =>
      Object.fromEntries(
        paramNames.map((name, i) => [name, picked[i] ?? percentEncoded(target.params![name]!())]),
      ),
    );
  return fc.record({
    values,
    shape: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom<Shape>('json', 'form') },
      { weight: 1, arbitrary: fc.constant<Shape>('raw') },
    ),
    raw: fc.constantFrom(...RAW_BODIES),
    params,
  });
}

let t: TestApp;
const credentials: Record<Auth, Record<string, string>> = { public: {}, debtor: {}, staff: {}, gateway: {} };
const WEBHOOK = { user: 'gateway', password: 'segredo-do-webhook-da-fuzz' };
let sandbox: SandboxServer;

function bodyOf(c: Case): { payload: string; contentType: string } {
  if (c.shape === 'json') return { payload: JSON.stringify(c.values), contentType: 'application/json' };
  if (c.shape === 'form') {
    return { payload: formEncoded(c.values), contentType: 'application/x-www-form-urlencoded' };
  }
  return { payload: c.raw[1], contentType: c.raw[0] };
}

function requestOf(key: string, target: Target, c: Case): InjectOptions {
  const headers: Record<string, string> = {
    host: hostOf(target.partner ?? 'demo'),
    ...credentials[target.auth],
  };
  const withBody = (method: 'POST' | 'PUT', url: string): InjectOptions => {
    const { payload, contentType } = bodyOf(c);
    return {
      method,
      url,
      remoteAddress: CLIENT,
      payload,
      headers: { ...headers, 'content-type': contentType },
    };
  };
  // An api.php action ('area/action').
  if (!key.includes(' ')) return withBody('POST', `/api.php?a=${key.replace('/', '&b=')}`);
  const [method, pattern] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const path = pattern.replace(/:(\w+)|\*/g, (name) => c.params[name === '*' ? '*' : name.slice(1)] ?? '');
  // Query fields: GET and DELETE routes, and the dispatcher's a= and b=.
  if (method === 'GET' || method === 'DELETE' || pattern === '/api.php') {
    const query = formEncoded(c.values);
    const url = query ? `${path}?${query}` : path;
    return method === 'POST' ? withBody(method, url) : { method, url, remoteAddress: CLIENT, headers };
  }
  return withBody(method, path);
}

// English as zod or Fastify write it: every refusal a person may read is in Portuguese.
const ENGLISH = /\b(Invalid|Too (big|small)|expected|received|Required|Unrecognized|must|body|querystring)\b/;

/** Below 500; a refusal in the envelope, its message and per-field messages in Portuguese. */
function expectSane(label: string, res: LightMyRequestResponse): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = res.json() as { retorno: unknown; mensagem: unknown; dados: unknown };
  expect(body, label).toMatchObject({ retorno: false, mensagem: expect.any(String) });
  const messages = [
    body.mensagem,
    ...(body.dados && typeof body.dados === 'object' ? Object.values(body.dados) : []),
  ].filter((m): m is string => typeof m === 'string');
  for (const message of messages) {
    expect(message, `${label}: ${res.body.slice(0, 300)}`).not.toMatch(ENGLISH);
    expect(message.length, label).toBeGreaterThan(0);
  }
}

const validParams = (target: Target): Record<string, string> =>
  Object.fromEntries(
    Object.entries(target.params ?? {}).map(([name, value]) => [name, percentEncoded(value())]),
  );

async function send(key: string, target: Target, c: Case): Promise<LightMyRequestResponse> {
  const values = c.values.captcha === SOLVED ? { ...c.values, captcha: await solveRobotCheck(t) } : c.values;
  return t.app.inject(requestOf(key, target, { ...c, values }));
}

async function fuzz(key: string, target: Target): Promise<void> {
  if (target.base) {
    // The valid body passes the schema and the credentials hold: the odd cases below are judged by the use case.
    const valid = await send(key, target, {
      values: target.base(),
      shape: 'json',
      raw: RAW_BODIES[0]!,
      params: validParams(target),
    });
    expect([400, 401], `${key}: ${valid.body.slice(0, 300)}`).not.toContain(valid.statusCode);
  }
  await fc.assert(
    fc.asyncProperty(caseOf(target), async (c) => expectSane(key, await send(key, target, c))),
    // A route that reads no field (a download, a logout) varies only in its query string and body shape.
    { numRuns: target.fields || target.params ? RUNS : Math.ceil(RUNS / 10) },
  );
}

// ---- the run ------------------------------------------------------------------------------------------------

beforeAll(async () => {
  sandbox = await startSandboxGateway();
  t = await createTestApp({
    env: {
      RATE_LIMIT_ALLOWLIST: CLIENT,
      LIMIT_LOGIN_PER_IP: '1000000',
      LIMIT_LOGIN_PER_DOCUMENT: '1000000',
      LIMIT_FIRST_ACCESS_PER_IP: '1000000',
      LIMIT_SMS_PER_PHONE: '1000000',
      LIMIT_PHONE_CHANGE_PER_DOCUMENT: '1000000',
      LIMIT_STAFF_LOGIN_PER_IP: '1000000',
      LIMIT_STAFF_LOGIN_PER_USER: '1000000',
      LIMIT_AGREEMENT_SENDS_PER_DAY: '1000000',
      CAPTCHA_MAX_NUMBER: '100',
      // The sandbox gateway on a port of its own, as a real gateway outside the portal (served by the portal it
      // would be fuzzed too, and it speaks the gateway's error format, not the portal's): the webhook's lookups and
      // the card charges get an answer.
      ...cardGatewayEnv(sandbox.baseUrl),
      CARD_GATEWAY_TIMEOUT_MS: '500',
      CARD_WEBHOOK_USER: WEBHOOK.user,
      CARD_WEBHOOK_PASSWORD: WEBHOOK.password,
    },
  });
  const maria = await login(t, MARIA);
  credentials.debtor = { cookie: maria };
  credentials.staff = { authorization: `Bearer ${await staffToken(t)}` };
  credentials.gateway = {
    authorization: `Basic ${Buffer.from(`${WEBHOOK.user}:${WEBHOOK.password}`).toString('base64')}`,
  };

  const host = { host: hostOf('demo'), cookie: maria };
  const debts: DividasResposta = (await call(t, 'negociacao_robo/passo_2_novo', {}, host)).json().dados;
  const negotiable = debts.dividas.find((d) => d.loja.loj_fantasia === 'Banco Horizonte')!;
  demo.storeId = negotiable.loj_codigo;
  demo.contractIds = negotiable.pre_codigos;
  const plans = await call(
    t,
    'negociacao_robo/passo_3_novo',
    {
      lojCodigo: demo.storeId,
      preCodigo: demo.contractIds.join(','),
      primeiroVencimento: today,
      pagamentoAvistaPrazo: 'P',
      metodoPagamento: 'boleto',
    },
    host,
  );
  demo.planId = plans.json().dados.pre_acordo[0].pra_codigo;
  const alfa = debts.dividas.find((d) => d.loja.loj_fantasia === 'Alfa Eletro')!;
  demo.secondCopyStoreId = alfa.loj_codigo;
  demo.instalmentId = alfa.contratos[0]!.parcelas[0]!.par_codigo;
  const copy = await call(
    t,
    'negociacao_robo/emitir_segunda_via_boleto',
    { par_codigo: demo.instalmentId, loj_codigo: alfa.loj_codigo },
    host,
  );
  demo.secondCopyId = copy.json().dados.codigo;
  const [faq] = await t.database.db.select({ id: faqItems.id }).from(faqItems).limit(1);
  demo.faqId = faq!.id;
  demo.partnerId = (
    await t.app.inject({ method: 'GET', url: '/api/parceiro/demo/info', headers: { host: hostOf('demo') } })
  ).json().data.id;
  await call(t, 'portal/enviarSolicitacaoPrivacidade', validRightsRequest(), { host: hostOf('demo') });
  const [request] = await t.database.db.select({ id: privacyRequests.id }).from(privacyRequests).limit(1);
  demo.privacyRequestId = request!.id;
  const [admin] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin'));
  demo.adminId = admin!.id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/parceiro',
    headers: credentials.staff,
    payload: partnerForm('fuzz'),
  });
  expect(created.statusCode, created.body).toBe(201);
  demo.fuzzPartnerId = created.json().data.id;
  const store = await t.app.inject({
    method: 'POST',
    url: '/api/lojas',
    headers: credentials.staff,
    payload: storeForm(),
  });
  expect(store.statusCode, store.body).toBe(201);
  demo.fuzzStoreId = store.json().data.id;
}, 300_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

describe('odd input is a 400 in the envelope, in Portuguese', () => {
  const refused = async (key: string, changes: Record<string, unknown>, shape: Shape = 'json') => {
    const target = ACTIONS[key]!;
    const values = { ...target.base?.(), ...changes };
    const res = await send(key, target, { values, shape, raw: RAW_BODIES[0]!, params: {} });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().mensagem).toBe('Dados inválidos. Verifique os campos destacados.');
    return res.json().dados;
  };
  const BAD_TEXT = 'O texto contém caracteres não permitidos.';

  it('a code past its 32-bit column, or not a whole positive number', async () => {
    for (const lojCodigo of ['2147483648', 2_147_483_648, '0', -1, 1.5, '1e3', 'abc']) {
      expect(await refused('portal/naoReconhecoDivida', { lojCodigo })).toEqual({
        lojCodigo: 'Código inválido.',
      });
    }
    expect(await refused('portal/retornarTokenEmpresa', { emp_codigo: '99999999999' }, 'form')).toEqual({
      emp_codigo: 'Código inválido.',
    });
    expect(
      await refused('negociacao_robo/emitir_segunda_via_boleto_recupera_sysopen', {
        con_codigos: '1,2147483648',
      }),
    ).toEqual({ 'con_codigos.1': 'Código inválido.' });
  });

  it('a control character in a text; line breaks only where the text may span lines', async () => {
    expect(await refused('portal/cadastrarLead', { cidade: 'Curi\u0000tiba' })).toEqual({ cidade: BAD_TEXT });
    expect(await refused('portal/cadastrarLead', { nome: 'Ana\nSouza' }, 'form')).toEqual({ nome: BAD_TEXT });
    expect(await refused('portal/cadastrarLead', { obs: 'linha\u001b' })).toEqual({ obs: BAD_TEXT });
    const lines = await send('portal/cadastrarLead', ACTIONS['portal/cadastrarLead']!, {
      values: validLead({ obs: 'primeira linha\r\n\tsegunda linha' }),
      shape: 'json',
      raw: RAW_BODIES[0]!,
      params: {},
    });
    expect(lines.json()).toMatchObject({ retorno: true });
    // An error step keeps only the failed answer's fields it can store: one with a control character keeps no
    // message, and the step itself is still recorded.
    const step = await send('portal/salvarEtapaErro', ACTIONS['portal/salvarEtapaErro']!, {
      values: {
        ...ACTIONS['portal/salvarEtapaErro']!.base?.(),
        resposta: { retorno: false, mensagem: 'a\u0000' },
      },
      shape: 'json',
      raw: RAW_BODIES[0]!,
      params: {},
    });
    expect(step.json()).toMatchObject({ retorno: true, mensagem: 'Etapa registrada.' });
  });

  it("zod's own messages in Portuguese: an option, a length, a type, a missing field", async () => {
    expect(await refused('negociacao_robo/passo_3_novo', { pagamentoAvistaPrazo: 'X' })).toEqual({
      pagamentoAvistaPrazo: 'Opção inválida: esperava uma das seguintes opções: "A"|"P"',
    });
    expect(await refused('portal/consultarCEP', { cep: '8'.repeat(21) })).toEqual({
      cep: 'Use no máximo 20 caracteres.',
    });
    expect(await refused('portal/enviarContato', { name: { a: 1 } })).toEqual({
      name: 'Entrada inválida: esperava um texto, recebeu um objeto',
    });
    expect(await refused('negociacao_robo/enviar_email_sms', { enderecoEnvio: undefined })).toEqual({
      enderecoEnvio: 'Preencha este campo.',
    });
  });

  it('a path code past its column is a 400; a malformed or over-long path too, in the envelope', async () => {
    const get = (url: string, auth: Auth) =>
      t.app.inject({ method: 'GET', url, headers: { host: hostOf('demo'), ...credentials[auth] } });
    for (const [url, auth] of [
      ['/api/curriculos/2147483648', 'staff'],
      ['/api/segunda-via/99999999999.pdf', 'debtor'],
      ['/api/parceiro/2147483648/info', 'staff'],
      ['/api/curriculos/%zz', 'staff'],
      [`/api/curriculos/${'1'.repeat(200)}`, 'staff'],
    ] as const) {
      const res = await get(url, auth);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ retorno: false, mensagem: expect.any(String) });
    }
  });
});

describe('fuzz: no request answers 5xx', () => {
  const targets = { ...ACTIONS, ...ROUTES, ...LAST };

  it('covers every registered route and api.php action', () => {
    expect([...registered].sort()).toEqual(Object.keys(targets).sort());
  });

  const NO_SCRIPT_FORMS = ['POST /consulta', 'POST /escolha-de-cookies'];
  it('refuses a body over the limit of every route that takes one, in the envelope', async () => {
    for (const [key, target] of Object.entries(targets).filter(([key]) => !/^(GET|DELETE) /.test(key))) {
      const limit = bodyLimits.get(key.includes(' ') ? key : 'POST /api.php') ?? 1_048_576;
      const values = { campo: 'x'.repeat(limit) };
      for (const shape of ['json', 'form'] as const) {
        const res = await t.app.inject(
          requestOf(key, target, { values, shape, raw: RAW_BODIES[0]!, params: validParams(target) }),
        );
        expectSane(`${key} (${shape}, over ${limit} bytes)`, res);
        // A no-script form goes back to its page, as for any value it cannot take (decision 059).
        if (NO_SCRIPT_FORMS.includes(key))
          expect([res.statusCode, String(res.headers.location).startsWith('/')], key).toEqual([303, true]);
        else expect(res.statusCode, key).toBeGreaterThanOrEqual(400);
      }
    }
  });

  for (const [key, target] of Object.entries(targets)) {
    it(key.includes(' ') ? key : `api.php ${key}`, () => fuzz(key, target), Math.max(300_000, RUNS * 1_000));
  }

  it('left no promise rejected unhandled', async () => {
    // Work a request started after its answer has had a moment to settle.
    await new Promise((done) => setTimeout(done, 200));
    expect(unhandled.map(String)).toEqual([]);
  });
});
