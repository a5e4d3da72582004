import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { JOB_CV_MAX_BYTES } from '@portal/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobApplications, outboundMessages } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { header, startSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';
import { validJobApplication } from './valid-forms';

// WorkWithUs (spec 002 §2 "Job form", §3, §5, §8; spec 000 §2 only for negocie): POST /api/trabalhe-conosco, the
// staff list GET /api/candidaturas and the staff-only CV download GET /api/curriculos/{id}.

const NEGOCIE = 'negocie.portal.localhost:3000';
const URL_FORM = '/api/trabalhe-conosco';
const SUCCESS =
  'Recebemos a sua candidatura! Obrigado por querer fazer parte da nossa equipe. Se o seu perfil combinar com uma das nossas vagas, entraremos em contato.';
const CV_MESSAGE = 'O currículo deve ser um arquivo PDF de até 5 MB.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;
let ip = 0;
const cvDir = () => join(dataDir, 'uploads', 'curriculos');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
  t = await createTestApp({ mailTransport: smtpTransport(smtp.url), env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(jobApplications);
  await t.database.db.delete(outboundMessages);
  rmSync(cvDir(), { recursive: true, force: true });
});

function application(overrides: Record<string, unknown> = {}) {
  return validJobApplication({ curriculo: PDF.toString('base64'), ...overrides });
}

// Each call from its own client address, so the per-address limit only bites where a test wants it to.
function post(payload: unknown, options: { host?: string; ip?: string } = {}) {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url: URL_FORM,
    payload: payload as Record<string, unknown>,
    headers: { host: options.host ?? NEGOCIE },
    remoteAddress: options.ip ?? `10.7.${Math.floor(ip / 250)}.${(ip % 250) + 1}`,
  });
}

async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(jobApplications);
  const [outbox] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return { rows: Number(rows?.n), outbox: Number(outbox?.n) };
}

const cvFiles = () => (existsSync(cvDir()) ? readdirSync(cvDir()) : []);

async function staffToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'Demo@2026' },
    remoteAddress: '10.9.9.9',
  });
  return res.json().access_token;
}

describe('POST /api/trabalhe-conosco: validation without a browser', () => {
  it.each([
    [{ nome: '' }, 'nome', 'Preencha todos os campos obrigatórios.'],
    [{ telefone: '' }, 'telefone', 'Preencha todos os campos obrigatórios.'],
    [{ email: '' }, 'email', 'Preencha todos os campos obrigatórios.'],
    [{ tipoDeAtuacao: '' }, 'tipoDeAtuacao', 'Preencha todos os campos obrigatórios.'],
    [{ interesse: '' }, 'interesse', 'Preencha todos os campos obrigatórios.'],
    [{ telefone: '(11) 3333-4444' }, 'telefone', 'Digite um celular válido'],
    [{ email: 'ana@' }, 'email', 'Digite um e-mail válido'],
    [{ tipoDeAtuacao: 'diretor' }, 'tipoDeAtuacao', 'Escolha uma das opções da lista.'],
    [{ consentimento: false }, 'consentimento', 'Marque a caixa de consentimento para enviar.'],
  ])('refuses %o with the field message and stores nothing', async (override, field, message) => {
    const res = await post(application(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, dados: { [field]: message } });
    expect(await stored()).toEqual({ rows: 0, outbox: 0 });
    expect(cvFiles()).toEqual([]);
  });

  it('refuses a text file renamed .pdf (checked by content, a name is never trusted)', async () => {
    const text = Buffer.from('Meu currículo: experiência em vendas.');
    const res = await post(
      application({ curriculo: `data:application/pdf;base64,${text.toString('base64')}`, arquivo: 'cv.pdf' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      retorno: false,
      mensagem: CV_MESSAGE,
      dados: { curriculo: CV_MESSAGE },
    });
    expect(await stored()).toEqual({ rows: 0, outbox: 0 });
    expect(cvFiles()).toEqual([]);
  });

  it('refuses a PDF one byte over 5 MB, and one far over the body limit, with the CV message', async () => {
    const big = Buffer.alloc(JOB_CV_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const res = await post(application({ curriculo: big.toString('base64') }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: CV_MESSAGE });

    const huge = Buffer.alloc(8 * 1024 * 1024, 0x20);
    PDF.copy(huge);
    const tooBig = await post(application({ curriculo: huge.toString('base64') }));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ retorno: false, mensagem: CV_MESSAGE });
    expect(await stored()).toEqual({ rows: 0, outbox: 0 });
    expect(cvFiles()).toEqual([]);
  });

  it('accepts a PDF of exactly 5 MB (the route has its own body limit; the global one stays 1 MB)', async () => {
    const max = Buffer.alloc(JOB_CV_MAX_BYTES, 0x20);
    PDF.copy(max);
    const res = await post(application({ curriculo: max.toString('base64') }));
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(jobApplications);
    expect(row!.cvBytes).toBe(JOB_CV_MAX_BYTES);
    const bigContact = await t.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=enviarContato',
      payload: { name: 'Ana Souza', text: 'x'.repeat(1_100_000) },
      headers: { host: NEGOCIE },
      remoteAddress: '10.8.0.1',
    });
    expect(bigContact.statusCode).toBe(413);
  });

  it('is refused (404, typed message) for a partner without the workWithUsMenu capability', async () => {
    const res = await post(application(), { host: 'acme.portal.localhost:3000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      retorno: false,
      mensagem: 'O formulário "Trabalhe conosco" não está disponível neste portal.',
    });
    expect(await stored()).toEqual({ rows: 0, outbox: 0 });
  });

  it('is rate limited: 5 a minute per client address, the sixth is 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post(application({ nome: '' }), { ip: '10.6.6.6' })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await post(application(), { ip: '10.6.6.6' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ retorno: false });
    expect(await stored()).toEqual({ rows: 0, outbox: 0 });
  });
});

describe('a stored application', () => {
  it('is stored with its CV outside the web root, e-mailed to the partner over SMTP, and listed for staff', async () => {
    const res = await post(application());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ retorno: true, mensagem: SUCCESS });
    const id = res.json().dados.id as number;

    const [row] = await t.database.db.select().from(jobApplications);
    expect(row).toMatchObject({
      id,
      name: 'Ana Souza',
      phone: '11987654321',
      vacancyLevel: 'pleno',
      interestArea: 'desenvolvedor front-end',
      cvBytes: PDF.length,
    });
    // A random key names the file; the person's name and any file name stay out of the path.
    expect(row!.cvFileKey).toMatch(/^[0-9a-f]{32}$/);
    expect(cvFiles()).toEqual([`${row!.cvFileKey}.pdf`]);
    const path = join(cvDir(), `${row!.cvFileKey}.pdf`);
    expect(readFileSync(path).equals(PDF)).toBe(true);
    // Under DATA_DIR (here a temp dir), far from the web build that @fastify/static serves.
    expect(relative(dataDir, path)).toBe(join('uploads', 'curriculos', `${row!.cvFileKey}.pdf`));

    // The e-mail arrives at the real SMTP peer, addressed to the partner's contact, without the PDF.
    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['contato@negocie.example.com']);
    expect(header(mail, 'Subject')).toBe('[Negocie Já] Nova candidatura pelo Trabalhe conosco');
    expect(header(mail, 'Reply-To')).toBe('ana@example.com');
    expect(mail.raw).toContain('painel administrativo');
    expect(mail.raw).not.toContain(PDF.toString('base64'));
    expect(mail.raw.toLowerCase()).not.toContain('application/pdf');

    // No public URL serves it.
    for (const url of [
      `/uploads/curriculos/${row!.cvFileKey}.pdf`,
      `/data/uploads/curriculos/${row!.cvFileKey}.pdf`,
      `/curriculos/${row!.cvFileKey}.pdf`,
      `/files/${row!.cvFileKey}.pdf`,
      `/api/curriculos/${id}`,
    ]) {
      const got = await t.app.inject({ method: 'GET', url, headers: { host: NEGOCIE } });
      expect(got.body.startsWith('%PDF-'), url).toBe(false);
    }

    const token = await staffToken();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/candidaturas?parceiro=${row!.partnerId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [
        {
          id,
          nome: 'Ana Souza',
          telefone: '11987654321',
          parceiro: { identificador: 'negocie' },
          curriculo: { url: `/api/curriculos/${id}`, bytes: PDF.length },
        },
      ],
      meta: { current_page: 1, last_page: 1, total: 1 },
    });
    const otherPartner = await t.app.inject({
      method: 'GET',
      url: `/api/candidaturas?parceiro=${row!.partnerId + 1}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(otherPartner.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('serves the CV to staff only, as an attachment that is never sniffed or cached', async () => {
    const id = (await post(application())).json().dados.id as number;
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/curriculos/${id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('%PDF');
    const anonymousList = await t.app.inject({ method: 'GET', url: '/api/candidaturas' });
    expect(anonymousList.statusCode).toBe(401);

    const token = await staffToken();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/curriculos/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="curriculo-${id}.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(PDF)).toBe(true);

    const withoutCv = (await post(application({ curriculo: '' }))).json().dados.id as number;
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/curriculos/${withoutCv}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.statusCode).toBe(404);
  });
});
