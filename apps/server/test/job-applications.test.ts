import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { JOB_CV_MAX_BYTES } from '@portal/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobApplications, outboundMessages, partners } from '../src/db/schema';
import { smtpTransport } from '../src/integrations/mail/mail-transport';
import { setStaffAccess } from '../src/repositories/staff-repository';
import { createStaffUser } from '../src/services/staff/create-staff-user';
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
const BODY_TOO_LARGE =
  'Os dados enviados passam do tamanho permitido. Envie menos texto ou arquivos menores.';

/** A one-page CV as pdf-lib writes it (object streams and a cross-reference stream). */
async function pdfLibCv(options: { useObjectStreams?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Ana Souza - desenvolvedora front-end');
  return Buffer.from(await document.save(options));
}

/** A one-page CV as pdfkit writes it (a classic cross-reference table); with a password when `encrypted`. */
function pdfKitCv(encrypted = false): Promise<Buffer> {
  const document = new PDFKit(encrypted ? { userPassword: 'segredo', ownerPassword: 'dono' } : {});
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => document.on('end', () => resolve(Buffer.concat(chunks))));
  document.text('Ana Souza - desenvolvedora front-end');
  document.end();
  return done;
}

/** The first `fraction` of `pdf`: an upload cut short. */
const cut = (pdf: Buffer, fraction: number) => pdf.subarray(0, Math.floor(pdf.length * fraction));

/** `pdf` grown to `size` bytes by blanks before its final '%%EOF' (still a whole PDF). */
function padded(pdf: Buffer, size: number): Buffer {
  const eof = pdf.lastIndexOf('%%EOF');
  return Buffer.concat([pdf.subarray(0, eof), Buffer.alloc(size - pdf.length, 0x20), pdf.subarray(eof)]);
}

/**
 * A valid one-page PDF with an object stream that inflates to `inflated` bytes (its one object, then blanks) from a
 * few kilobytes: what a decompression bomb looks like to the parser.
 */
function pdfWithObjectStream(inflated: number): Buffer {
  const header = '5 0 ';
  const objects = `${header}<< /Note (padding) >>`;
  const stream = deflateSync(
    Buffer.concat([Buffer.from(objects), Buffer.alloc(inflated - objects.length, 0x20)]),
  );
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
        '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
        '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n' +
        `4 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    ),
    stream,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n'),
  ]);
}

let PDF: Buffer;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;
let ip = 0;
const cvDir = () => join(dataDir, 'uploads', 'curriculos');

beforeAll(async () => {
  PDF = await pdfLibCv();
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
function post(payload: unknown, options: { host?: string; ip?: string; key?: string } = {}) {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url: URL_FORM,
    payload: payload as Record<string, unknown>,
    headers: { host: options.host ?? NEGOCIE, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    remoteAddress: options.ip ?? `10.7.${Math.floor(ip / 250)}.${(ip % 250) + 1}`,
  });
}

async function stored() {
  const [rows] = await t.database.db.select({ n: count() }).from(jobApplications);
  const [outbox] = await t.database.db.select({ n: count() }).from(outboundMessages);
  return { rows: Number(rows?.n), outbox: Number(outbox?.n) };
}

const cvFiles = () => (existsSync(cvDir()) ? readdirSync(cvDir()) : []);

/** Refused with the CV message under its field, and nothing stored: no row, no e-mail, no file. */
async function expectCvRefused(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    retorno: false,
    mensagem: CV_MESSAGE,
    dados: { curriculo: CV_MESSAGE },
  });
  expect(await stored()).toEqual({ rows: 0, outbox: 0 });
  expect(cvFiles()).toEqual([]);
}

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
    await expectCvRefused(
      await post(
        application({
          curriculo: `data:application/pdf;base64,${text.toString('base64')}`,
          arquivo: 'cv.pdf',
        }),
      ),
    );
  });

  // Issue 14 item 11: '%PDF-' at the start is not enough; the file must open in a PDF parser.
  it.each([
    ['a PDF cut short (the last tenth lost)', async () => cut(PDF, 0.9)],
    ['a PDF cut in half', async () => cut(await pdfKitCv(), 0.5)],
    [
      'a PDF header followed by garbage',
      async () => Buffer.from(`%PDF-1.4\n${'não é um PDF '.repeat(40)}\n%%EOF\n`),
    ],
    [
      'a PDF without pages',
      async () =>
        Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    ],
    ['an encrypted PDF', async () => pdfKitCv(true)],
    ['a PDF whose streams inflate to 40 MB', async () => pdfWithObjectStream(40 * 1024 * 1024)],
  ])('refuses %s with the CV message and stores nothing', async (_name, make) => {
    const bytes = await make();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expectCvRefused(await post(application({ curriculo: bytes.toString('base64') })));
  });

  it.each([
    ['pdf-lib without object streams', () => pdfLibCv({ useObjectStreams: false })],
    ['pdfkit', () => pdfKitCv()],
    ['an object stream that inflates to 1 MB', async () => pdfWithObjectStream(1024 * 1024)],
  ])('accepts a one-page PDF written by %s', async (_name, make) => {
    const res = await post(application({ curriculo: (await make()).toString('base64') }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ rows: 1 });
  });

  it('refuses a PDF one byte over 5 MB, and one far over the body limit (413), with the CV message', async () => {
    const big = Buffer.alloc(JOB_CV_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const res = await post(application({ curriculo: big.toString('base64') }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ retorno: false, mensagem: CV_MESSAGE });

    const huge = Buffer.alloc(8 * 1024 * 1024, 0x20);
    PDF.copy(huge);
    const body = JSON.stringify(application({ curriculo: huge.toString('base64') }));
    // Announced by Content-Length, and sent chunked without it (the body is read until it passes the limit).
    for (const payload of [body, Readable.from([Buffer.from(body)])]) {
      ip += 1;
      const tooBig = await t.app.inject({
        method: 'POST',
        url: URL_FORM,
        payload,
        headers: { host: NEGOCIE, 'content-type': 'application/json' },
        remoteAddress: `10.7.200.${ip % 250}`,
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({
        retorno: false,
        dados: { curriculo: CV_MESSAGE },
        mensagem: CV_MESSAGE,
        message: CV_MESSAGE,
      });
    }
    expect(await stored()).toEqual({ rows: 0, outbox: 0 });
    expect(cvFiles()).toEqual([]);
  });

  it('accepts a PDF of exactly 5 MB (the route has its own body limit; the global one stays 1 MB)', async () => {
    const max = padded(PDF, JOB_CV_MAX_BYTES);
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
    expect(bigContact.json()).toEqual({ retorno: false, dados: null, mensagem: BODY_TOO_LARGE });
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

  it('is erased by staff with its CV and the text of its e-mail, then read no more (LGPD)', async () => {
    const id = (await post(application({ mensagem: 'Trabalho com React.' }))).json().dados.id as number;
    expect(cvFiles()).toHaveLength(1);
    const auth = { authorization: `Bearer ${await staffToken()}` };

    const res = await t.app.inject({ method: 'DELETE', url: `/api/candidaturas/${id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Candidatura excluída com sucesso!' });
    expect(await stored()).toEqual({ rows: 0, outbox: 1 });
    expect(cvFiles()).toEqual([]);
    // The partner's notification keeps its address and loses the candidate's data; not yet sent, it never is.
    const [message] = await t.database.db.select().from(outboundMessages);
    expect(message).toMatchObject({
      recipient: 'contato@negocie.example.com',
      replyTo: null,
      status: 'failed',
      bodyText: 'Conteúdo eliminado a pedido do titular (LGPD).',
      lastError: 'Cancelada: dados eliminados a pedido do titular (LGPD).',
    });
    expect(JSON.stringify(message)).not.toMatch(/Ana Souza|ana@example\.com|98765|React/);
    expect(await t.app.outbox.runOnce()).toBe(0);
    expect(smtp.received).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job_application'), eq(auditLog.entityId, String(id))));
    expect(audit.map((row) => row.action)).toEqual(['delete']);

    const cv = await t.app.inject({ method: 'GET', url: `/api/curriculos/${id}`, headers: auth });
    expect(cv.statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/candidaturas/${id}`, headers: auth });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Candidatura não encontrada.' });
  });

  it('is not erased by an operator of another partner, nor by an auditor', async () => {
    const id = (await post(application())).json().dados.id as number;
    const [other] = await t.database.db
      .select()
      .from(partners)
      .where(ne(partners.identifier, 'negocie'))
      .limit(1);
    const password = 'Operador#2026';
    for (const role of ['operator', 'auditor'] as const) {
      const user = await createStaffUser(t.database.db, { username: `vagas.${role}`, password, role });
      if (role === 'operator')
        await setStaffAccess(t.database.db, user.id, { role, partnerIds: [other!.id] });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password },
        remoteAddress: '10.9.9.8',
      });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/candidaturas/${id}`,
        headers: { authorization: `Bearer ${login.json().access_token}` },
      });
      expect(res.statusCode, role).toBe(role === 'operator' ? 404 : 403);
    }
    expect(await stored()).toEqual({ rows: 1, outbox: 1 });
    expect(cvFiles()).toHaveLength(1);
  });

  it('is stored once when the same send is repeated (a lost answer retried, a double click)', async () => {
    const key = 'candidatura-0b7c1f2e-9a41-4d3e-8f00-5a6b7c8d9e0f';
    // Three at once (the unique index settles the race), then a retry.
    const raced = await Promise.all([1, 2, 3].map(() => post(application(), { key })));
    const id = raced[0]!.json().dados.id as number;
    for (const res of [...raced, await post(application(), { key })]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ retorno: true, dados: { id }, mensagem: SUCCESS });
    }
    expect(await stored()).toEqual({ rows: 1, outbox: 1 });
    expect(cvFiles()).toHaveLength(1);

    // Another send has another key: another application.
    expect((await post(application(), { key: `${key}-2` })).json().dados.id).not.toBe(id);
    expect(await stored()).toEqual({ rows: 2, outbox: 2 });
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
