import { storeFormValues } from '@portal/domain';
import { eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  contactMessages,
  faqItems,
  instalments,
  jobApplications,
  leads,
  partners,
  paymentEvents,
  privacyRequests,
  secondCopyCancellations,
  secondCopyPayments,
  stores,
} from '../src/db/schema';
import { setStaffAccess } from '../src/repositories/staff-repository';
import type { StaffRole } from '../src/repositories/staff-scope';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { insertAgreement, insertSecondCopy, partyOf } from './agreement-admin-helpers';
import { leadRow } from './reports-helpers';
import type { TestApp } from './test-app';

// The staff side of the access matrix (issue 18 item 5, issue 20 item 1): every staff route with its access rule
// (decision 024), the URL and body that reach a row of the caller's partner ('own', acme) or of another ('other',
// demo), and the rows, users and tokens they reach. staff-roles.test.ts calls every row as each staff role;
// access-matrix.test.ts calls them as the debtors and as nobody. A staff route added without a row here fails both.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Access = 'own' | 'read' | 'write' | 'oversight' | 'administration';
export type Target = 'own' | 'other';

export const ALLOWED: Record<Access, readonly StaffRole[]> = {
  own: ['administrator', 'operator', 'auditor'],
  read: ['administrator', 'operator', 'auditor'],
  write: ['administrator', 'operator'],
  oversight: ['administrator', 'auditor'],
  administration: ['administrator'],
};

// The /api routes that are not the back office's: public, or the debtor's (their own tests scope them).
export const NOT_STAFF = new Set([
  'GET /api/captcha/altcha',
  'GET /api/cartao/gateway',
  'GET /api/segunda-via/:p',
  'GET /api/acordos/boletos.pdf',
  'GET /api/acordos/pix/:p',
  'GET /api/acordos/comprovante-cartao/:p',
  'GET /api/acordos/:p/termo.pdf',
  'GET /api/acordos/:p/quitacao.pdf',
  'GET /api/meus-dados.json',
  'GET /api/meus-dados.pdf',
  'POST /api/login',
  'POST /api/trabalhe-conosco',
]);

/** One partner's rows the matrix reaches. */
export interface Subject {
  id: number;
  identifier: string;
  privacyId: number;
  jobId: number;
  storeId: number;
  agreementId: number;
  /** An unapplied payment event of that agreement (decision 063). */
  unappliedId: number;
  copyUnappliedId: number;
  contactId: number;
  faqId: number;
}

export interface Fixture {
  own: Subject;
  other: Subject;
  adminId: number;
  otherNames: string[];
  otherIdentifiers: string[];
  otherCodes: number[];
}

export interface Row {
  method: Method;
  /** The route as registered, parameters written `:p`. */
  route: string;
  access: Access;
  /** The URL for a target partner's row; a route that names no partner gives the same URL for both. */
  url: (target: Target) => string;
  body?: (target: Target) => unknown;
  /** A partner's row: an operator gets 404 for another partner's. */
  byPartner?: boolean;
  /** The own target proves nothing here (e.g. the CV file is not on disk): only 'other' is checked for operators. */
  skipOwn?: boolean;
}

// The last 300 days to tomorrow: every row made here, within a report's 366-day limit.
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const PERIOD = `data_inicial=${day(-300)}&data_final=${day(1)}`;
export let fx: Fixture;
export const FAQ_TITLES: Record<Target, string> = { own: 'Dúvida Acme', other: 'Dúvida Demo Secreta' };
// The info of each partner as the form reads it: saving it back changes nothing.
const partnerForms: Partial<Record<Target, unknown>> = {};
// Each target store's form as the operator would send it (their partner's link only); saving it back changes
// nothing of another partner's.
const storeForms: Partial<Record<Target, unknown>> = {};

export const ROWS: Row[] = [
  { method: 'GET', route: '/api/me', access: 'own', url: () => '/api/me' },
  {
    method: 'PUT',
    route: '/api/editar_senha',
    access: 'own',
    url: () => '/api/editar_senha',
    body: () => ({}),
  },
  { method: 'POST', route: '/api/logout', access: 'own', url: () => '/api/logout' },
  { method: 'GET', route: '/api/parceiro', access: 'read', url: () => '/api/parceiro?situacao=todos' },
  {
    method: 'POST',
    route: '/api/parceiro',
    access: 'administration',
    url: () => '/api/parceiro',
    body: () => ({}),
  },
  {
    method: 'PUT',
    route: '/api/parceiro/:p',
    access: 'write',
    url: (t) => `/api/parceiro/${fx[t].id}`,
    body: (t) => partnerForms[t],
    byPartner: true,
  },
  {
    method: 'DELETE',
    route: '/api/parceiro/:p',
    access: 'administration',
    url: () => '/api/parceiro/999999',
  },
  {
    method: 'GET',
    route: '/api/parceiro/:p/info',
    access: 'read',
    url: (t) => `/api/parceiro/${fx[t].id}/info`,
    byPartner: true,
  },
  { method: 'GET', route: '/api/leads', access: 'read', url: () => `/api/leads?${PERIOD}` },
  { method: 'GET', route: '/api/leads/planilha', access: 'read', url: () => `/api/leads/planilha?${PERIOD}` },
  {
    method: 'GET',
    route: '/api/painel',
    access: 'read',
    url: (t) => `/api/painel?parceiro=${fx[t].id}&${PERIOD}`,
    byPartner: true,
  },
  {
    method: 'GET',
    route: '/api/solicitacoes-privacidade',
    access: 'read',
    url: () => '/api/solicitacoes-privacidade',
  },
  {
    method: 'PUT',
    route: '/api/solicitacoes-privacidade/:p/status',
    access: 'write',
    url: (t) => `/api/solicitacoes-privacidade/${fx[t].privacyId}/status`,
    body: () => ({ status: 'in_progress' }),
    byPartner: true,
  },
  // The work queues, on the contact messages (the privacy rows above already moved the privacy requests).
  { method: 'GET', route: '/api/filas/:p', access: 'read', url: () => '/api/filas/contatos' },
  {
    method: 'GET',
    route: '/api/filas/:p/:p',
    access: 'read',
    url: (t) => `/api/filas/contatos/${fx[t].contactId}`,
    byPartner: true,
  },
  {
    method: 'PUT',
    route: '/api/filas/:p/:p/responsavel',
    access: 'write',
    url: (t) => `/api/filas/contatos/${fx[t].contactId}/responsavel`,
    body: () => ({ usuario: fx.adminId }),
    byPartner: true,
  },
  {
    method: 'PUT',
    route: '/api/filas/:p/:p/andamento',
    access: 'write',
    url: (t) => `/api/filas/contatos/${fx[t].contactId}/andamento`,
    byPartner: true,
  },
  {
    method: 'POST',
    route: '/api/filas/:p/:p/resposta',
    access: 'write',
    url: (t) => `/api/filas/contatos/${fx[t].contactId}/resposta`,
    body: () => ({ texto: 'Retornaremos amanhã.' }),
    byPartner: true,
  },
  { method: 'GET', route: '/api/candidaturas', access: 'read', url: () => '/api/candidaturas' },
  {
    method: 'GET',
    route: '/api/curriculos/:p',
    access: 'read',
    url: (t) => `/api/curriculos/${fx[t].jobId}`,
    byPartner: true,
    skipOwn: true,
  },
  // Deleting the fixture's applications would empty the rows above for the next role: job-applications.test.ts
  // checks an operator's scope.
  {
    method: 'DELETE',
    route: '/api/candidaturas/:p',
    access: 'write',
    url: () => '/api/candidaturas/999999',
  },
  {
    method: 'GET',
    route: '/api/cobranca/remessas',
    access: 'oversight',
    url: () => '/api/cobranca/remessas',
  },
  {
    method: 'POST',
    route: '/api/cobranca/remessas',
    access: 'administration',
    url: () => '/api/cobranca/remessas',
    body: () => ({ loja: 999999 }),
  },
  {
    method: 'GET',
    route: '/api/cobranca/remessas/:p/arquivo',
    access: 'oversight',
    url: () => '/api/cobranca/remessas/999999/arquivo',
  },
  {
    method: 'POST',
    route: '/api/cobranca/retornos',
    access: 'administration',
    url: () => '/api/cobranca/retornos',
  },
  { method: 'GET', route: '/api/duvidas', access: 'read', url: () => '/api/duvidas' },
  {
    method: 'GET',
    route: '/api/duvidas/:p',
    access: 'read',
    url: (t) => `/api/duvidas/${fx[t].faqId}`,
    byPartner: true,
  },
  { method: 'GET', route: '/api/equipe', access: 'administration', url: () => '/api/equipe' },
  {
    method: 'POST',
    route: '/api/equipe',
    access: 'administration',
    url: () => '/api/equipe',
    body: () => ({}),
  },
  {
    method: 'PUT',
    route: '/api/equipe/:p',
    access: 'administration',
    url: () => '/api/equipe/999999',
    body: () => ({}),
  },
  {
    method: 'POST',
    route: '/api/equipe/:p/desativar',
    access: 'administration',
    url: () => '/api/equipe/999999/desativar',
  },
  {
    method: 'POST',
    route: '/api/equipe/:p/reativar',
    access: 'administration',
    url: () => '/api/equipe/999999/reativar',
  },
  {
    method: 'POST',
    route: '/api/equipe/:p/senha',
    access: 'administration',
    url: () => '/api/equipe/999999/senha',
  },
  { method: 'GET', route: '/api/importacoes', access: 'oversight', url: () => '/api/importacoes' },
  {
    method: 'GET',
    route: '/api/importacoes/:p',
    access: 'oversight',
    url: () => '/api/importacoes/999999',
  },
  // A JSON body is refused before anything is stored: the matrix checks who may call it, not an import.
  {
    method: 'POST',
    route: '/api/importacoes',
    access: 'administration',
    url: (t) => `/api/importacoes?parceiro=${fx[t].id}`,
  },
  { method: 'GET', route: '/api/lojas', access: 'read', url: () => '/api/lojas' },
  {
    method: 'GET',
    route: '/api/lojas/:p',
    access: 'read',
    url: (t) => `/api/lojas/${fx[t].storeId}`,
    byPartner: true,
  },
  { method: 'GET', route: '/api/gestao/acordos', access: 'read', url: () => '/api/gestao/acordos' },
  {
    method: 'GET',
    route: '/api/gestao/acordos/planilha',
    access: 'read',
    url: () => '/api/gestao/acordos/planilha',
  },
  {
    method: 'GET',
    route: '/api/gestao/acordos/:p',
    access: 'read',
    url: (t) => `/api/gestao/acordos/${fx[t].agreementId}`,
    byPartner: true,
  },
  {
    method: 'GET',
    route: '/api/gestao/acordos/:p/:p',
    access: 'read',
    url: (t) => `/api/gestao/acordos/${fx[t].agreementId}/termo.pdf`,
    byPartner: true,
  },
  {
    method: 'POST',
    route: '/api/lojas',
    access: 'administration',
    url: () => '/api/lojas',
    body: () => ({}),
  },
  {
    method: 'PUT',
    route: '/api/lojas/:p',
    access: 'write',
    url: (t) => `/api/lojas/${fx[t].storeId}`,
    body: (t) => storeForms[t],
    byPartner: true,
  },
  {
    method: 'PUT',
    route: '/api/lojas/:p/situacao',
    access: 'write',
    url: (t) => `/api/lojas/${fx[t].storeId}/situacao`,
    body: () => ({ ativa: true }),
    byPartner: true,
  },
  {
    method: 'POST',
    route: '/api/lojas/simulacao',
    access: 'read',
    url: () => '/api/lojas/simulacao',
    body: () => ({ politica: null }),
  },
  {
    method: 'POST',
    route: '/api/gestao/acordos/:p/cancelar',
    access: 'write',
    url: (t) => `/api/gestao/acordos/${fx[t].agreementId}/cancelar`,
    body: () => ({ motivo: 'Matriz de acesso' }),
    byPartner: true,
  },
  {
    method: 'GET',
    route: '/api/gestao/pagamentos',
    access: 'read',
    url: () => `/api/gestao/pagamentos?${PERIOD}`,
  },
  {
    method: 'GET',
    route: '/api/gestao/nao-aplicados',
    access: 'read',
    url: () => `/api/gestao/nao-aplicados?${PERIOD}`,
  },
  {
    method: 'POST',
    route: '/api/gestao/nao-aplicados/:p/resolucao',
    access: 'write',
    url: (t) => `/api/gestao/nao-aplicados/${fx[t].unappliedId}/resolucao`,
    body: () => ({ resolucao: 'refunded', motivo: 'Matriz de acesso' }),
    byPartner: true,
  },
  {
    method: 'POST',
    route: '/api/gestao/nao-aplicados/segundas-vias/:p/resolucao',
    access: 'write',
    url: (t) => `/api/gestao/nao-aplicados/segundas-vias/${fx[t].copyUnappliedId}/resolucao`,
    body: () => ({ resolucao: 'refunded', motivo: 'Matriz de acesso' }),
    byPartner: true,
  },
  {
    method: 'GET',
    route: '/api/gestao/pagamentos/planilha',
    access: 'read',
    url: () => `/api/gestao/pagamentos/planilha?${PERIOD}`,
  },
  { method: 'GET', route: '/api/auditoria', access: 'administration', url: () => '/api/auditoria' },
  {
    method: 'GET',
    route: '/api/auditoria/planilha',
    access: 'administration',
    url: () => '/api/auditoria/planilha',
  },
];

// The staff actions of the one api.php route (the route itself is public: the debtor's calls go through it too).
export const PORTAL_ACTIONS: Row[] = [
  { method: 'POST', route: 'getEmpresas', access: 'read', url: () => '/api.php?a=portal&b=getEmpresas' },
  // A partner's FAQ entries: an operator writes their partners' only ('Parceiro não encontrado.' for another's).
  ...(['cadastrarDuvida', 'atualizarDuvida'] as const).map(
    (action): Row => ({
      method: 'POST',
      route: action,
      access: 'write',
      url: () => `/api.php?a=portal&b=${action}`,
      // The same title again: what another partner's entry says stays to be looked for in the operator's answers.
      body: (t) => ({
        codigo: fx[t].faqId,
        titulo: FAQ_TITLES[t],
        descricao: 'Resposta.',
        parceiro: String(fx[t].id),
      }),
      byPartner: true,
    }),
  ),
  {
    method: 'POST',
    route: 'deletarDuvida',
    access: 'write',
    url: () => '/api.php?a=portal&b=deletarDuvida',
    body: () => ({ codigo: 999999 }),
  },
];

let t: TestApp;
export const tokens: Partial<Record<StaffRole, string>> = {};
export const PASSWORD = 'Papel#2026x';
let loginIp = 0;

export async function logIn(username: string): Promise<string> {
  loginIp += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: PASSWORD },
    remoteAddress: `10.18.0.${loginIp}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** A JSON answer names no other partner, nor any of their people. */
export function expectNothingOfOthers(
  res: { headers: Record<string, unknown>; body: string },
  label: string,
) {
  if (!String(res.headers['content-type']).includes('json')) return;
  for (const name of fx.otherNames) expect(res.body, `${label} names ${name}`).not.toContain(name);
  for (const identifier of fx.otherIdentifiers)
    expect(res.body, `${label} names ${identifier}`).not.toContain(`"${identifier}"`);
  for (const code of fx.otherCodes)
    expect(res.body, `${label} names ${code}`).not.toMatch(new RegExp(`"(emp_codigo|codigo)":${code}\\b`));
}

export function callRow(row: Row, target: Target, token: string) {
  const body = row.body?.(target);
  return t.app.inject({
    method: row.method,
    url: row.url(target),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: JSON.stringify(body ?? {}) }),
  });
}

/** Adds the matrix's rows to the demo data of `app`, creates a user of each role and logs each in. */
export async function setUpStaffMatrix(app: TestApp): Promise<void> {
  t = app;
  const db = t.database.db;
  const [acme] = await db.select().from(partners).where(eq(partners.identifier, 'acme'));
  const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const others = await db.select().from(partners).where(ne(partners.identifier, 'acme'));
  const request = (partnerId: number, name: string) => ({
    partnerId,
    protocol: `LGPD-20260110-MATRZ${partnerId}`,
    name,
    phone: '11987654321',
    email: 'pessoa@example.com',
    requestType: 'Outros',
    message: 'Teste',
    dueOn: '2026-01-25',
  });
  const [ownPrivacy] = await db.insert(privacyRequests).values(request(acme!.id, 'Pessoa Acme')).returning();
  const [otherPrivacy] = await db
    .insert(privacyRequests)
    .values(request(demo!.id, 'Pessoa Demo Secreta'))
    .returning();
  await db
    .insert(leads)
    .values([leadRow(acme!.id, 'Lead Acme', new Date()), leadRow(demo!.id, 'Lead Demo Secreto', new Date())]);
  const job = (partnerId: number, name: string) => ({
    partnerId,
    name,
    phone: '11987654321',
    email: 'vaga@example.com',
    vacancyLevel: 'júnior',
    interestArea: 'suporte',
    consentedAt: new Date(),
  });
  const [ownJob] = await db.insert(jobApplications).values(job(acme!.id, 'Candidata Acme')).returning();
  const [otherJob] = await db
    .insert(jobApplications)
    .values(job(demo!.id, 'Candidato Demo Secreto'))
    .returning();
  // Faculdade Saber is served by acme (and camec); Bela Casa by demo and especial, not by acme.
  const storeId = async (name: string) =>
    (await db.select().from(stores).where(eq(stores.tradeName, name)))[0]!.id;
  const agreement = async (identifier: string, cpfCnpj: string) => {
    const party = await partyOf(db, identifier, cpfCnpj);
    const today = day(0);
    const { id, instalmentIds } = await insertAgreement(db, {
      partnerId: party.partnerId,
      personId: party.person.id,
      storeId: party.storeId,
      method: 'boleto',
      createdAt: new Date(),
      instalments: [{ dueDate: today, amountCents: 10_000 }],
    });
    // A PIX paid short (decision 049): money the unapplied list shows and staff resolve.
    const [unapplied] = await db
      .insert(paymentEvents)
      .values({
        instalmentId: instalmentIds[0]!,
        kind: 'unapplied',
        amountCents: 4_000,
        occurredOn: today,
        cause: `pix:E-MATRIZ-${identifier}`,
      })
      .returning({ id: paymentEvents.id });
    // A second copy's boleto paid short, which ended it (decisions 049, 061): a copy's money that paid nothing.
    const [portfolio] = await db
      .select()
      .from(instalments)
      .where(eq(instalments.contractId, party.contract.id));
    const copy = await insertSecondCopy(db, party, {
      instalmentId: portfolio!.id,
      dueDate: today,
      amountCents: 10_000,
      ourNumber: `MATRIZ-${identifier}`,
    });
    const [short] = await db
      .insert(secondCopyPayments)
      .values({
        secondCopyId: copy.id,
        amountCents: 4_000,
        occurredOn: today,
        cause: `cnab:MATRIZ-${identifier}:1`,
      })
      .returning({ id: secondCopyPayments.id });
    await db
      .insert(secondCopyCancellations)
      .values({ secondCopyId: copy.id, cause: `cnab-short:MATRIZ-${identifier}:1` });
    return { agreementId: id, unappliedId: unapplied!.id, copyUnappliedId: short!.id };
  };
  const contact = (partnerId: number, name: string) => ({
    partnerId,
    name,
    email: 'contato@example.com',
    cpfCnpj: '52998224725',
    text: 'Liguem para mim.',
  });
  const [ownContact] = await db.insert(contactMessages).values(contact(acme!.id, 'Contato Acme')).returning();
  const [otherContact] = await db
    .insert(contactMessages)
    .values(contact(demo!.id, 'Contato Demo Secreto'))
    .returning();
  const faq = (partnerId: number, title: string) => ({ partnerId, title, description: 'Resposta.' });
  const [ownFaq, otherFaq] = await db
    .insert(faqItems)
    .values([faq(acme!.id, FAQ_TITLES.own), faq(demo!.id, FAQ_TITLES.other)])
    .returning();
  fx = {
    own: {
      id: acme!.id,
      identifier: 'acme',
      privacyId: ownPrivacy!.id,
      jobId: ownJob!.id,
      storeId: await storeId('Faculdade Saber'),
      ...(await agreement('acme', '52998224725')),
      contactId: ownContact!.id,
      faqId: ownFaq!.id,
    },
    other: {
      id: demo!.id,
      identifier: 'demo',
      privacyId: otherPrivacy!.id,
      jobId: otherJob!.id,
      storeId: await storeId('Bela Casa'),
      ...(await agreement('demo', '39053344705')),
      contactId: otherContact!.id,
      faqId: otherFaq!.id,
    },
    adminId: 0,
    otherNames: [
      FAQ_TITLES.other,
      ...others.map((p) => p.name),
      'João Pereira Lima',
      'Pessoa Demo Secreta',
      'Lead Demo Secreto',
      'Candidato Demo Secreto',
      'Contato Demo Secreto',
    ],
    otherIdentifiers: others.map((p) => p.identifier),
    otherCodes: others.map((p) => p.companyCode),
  };

  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    const user = await createStaffUser(db, { username: `matriz.${role}`, password: PASSWORD, role });
    if (role === 'operator') await setStaffAccess(db, user.id, { role, partnerIds: [acme!.id] });
    if (role === 'administrator') fx.adminId = user.id;
    tokens[role] = await logIn(user.username);
  }
  for (const target of ['own', 'other'] as const) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/parceiro/${fx[target].id}/info`,
      headers: { authorization: `Bearer ${tokens.administrator}` },
    });
    partnerForms[target] = res.json().data;
    const store = await t.app.inject({
      method: 'GET',
      url: `/api/lojas/${fx[target].storeId}`,
      headers: { authorization: `Bearer ${tokens.administrator}` },
    });
    const form = storeFormValues(store.json().data);
    storeForms[target] =
      target === 'own' ? { ...form, parceiros: [{ parceiro: acme!.id, negocia: true }] } : form;
  }
}
