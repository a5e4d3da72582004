import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { type DividasResposta, IMPORT_MESSAGES, type ImportRunAnswer } from '@portal/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCommand } from '../src/cli/import-command';
import { auditLog, instalments, partners, persons } from '../src/db/schema';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { storeUpload } from '../src/services/import/store-upload';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { captureStream } from './capture-stream';
import { call, hostOf, login } from './identification-helpers';
import { staffToken } from './reports-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 18 item 2: the portfolio import from the back office (docs/api.md "Importação", decision 028). The upload
// runs in the server process, all or nothing as the CLI; its answer is the run as it goes, one JSON line each.

const EXAMPLE = readFileSync(new URL('../../../docs/examples/carteira.csv', import.meta.url), 'utf8');
// Line 3 of the file: a value that is no money.
const BAD = EXAMPLE.replace(';10/02/2025;350,00;', ';10/02/2025;35O,00;');

let t: TestApp;
let token: string;
let demoId: number;
const uploadDir = mkdtempSync(join(tmpdir(), 'import-admin-'));

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: uploadDir } });
  token = await staffToken(t);
  demoId = (await findPartnerByIdentifier(t.database.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
});

function upload(body: string | Readable, query = `parceiro=${demoId}&nome=carteira.csv`) {
  return t.app.inject({
    method: 'POST',
    url: `/api/importacoes?${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: body,
  });
}

/** The run's lines as the answer streamed them. */
function runLines(body: string): ImportRunAnswer[] {
  return body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportRunAnswer);
}

async function tableCounts() {
  const [p] = await t.database.db.select({ n: count() }).from(persons);
  const [i] = await t.database.db.select({ n: count() }).from(instalments);
  return { persons: p!.n, instalments: i!.n };
}

async function getRun(id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/importacoes/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRunAnswer;
}

describe('POST /api/importacoes', () => {
  it('imports nothing from a file with one bad line and lists the line and its message', async () => {
    const before = await tableCounts();
    const res = await upload(BAD);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = runLines(res.body);
    expect(lines[0]).toMatchObject({ status: 'running', total: 6, arquivo: 'carteira.csv' });
    const last = lines.at(-1)!;
    expect(last).toMatchObject({
      status: 'rejected',
      total_problemas: 1,
      problemas: [
        { linha: 3, coluna: 'valor', mensagem: "valor inválido '35O,00' (use 1234,56 ou 1.234,56)" },
      ],
      contagens: null,
      iniciada_por: 'admin',
    });
    expect(await tableCounts()).toEqual(before);
    expect(await getRun(last.id)).toMatchObject({ status: 'rejected', total_problemas: 1 });
    // The stored upload is removed once the run ends.
    expect(readdirSync(join(uploadDir, 'uploads', 'importacoes'))).toEqual([]);
  });

  it('tells that a file separated by commas or tabs must be separated by ";", in one problem', async () => {
    // The example's first lines as a spreadsheet saves them in a comma (or tab) locale: money with a comma quoted.
    const head = EXAMPLE.split('\n').slice(0, 3);
    const commas = head.map((line) =>
      line
        .split(';')
        .map((c) => (c.includes(',') ? `"${c}"` : c))
        .join(','),
    );
    const tabs = head.map((line) => line.split(';').join('\t'));
    for (const [lines, name] of [
      [commas, 'vírgula (,)'],
      [tabs, 'tabulação'],
    ] as const) {
      const before = await tableCounts();
      const last = runLines((await upload(lines.join('\n'))).body).at(-1)!;
      expect(last).toMatchObject({
        status: 'rejected',
        total_problemas: 1,
        problemas: [
          {
            linha: 1,
            coluna: null,
            mensagem: `o arquivo parece separado por ${name}, mas o portal lê as colunas separadas por ponto e vírgula (;): salve a planilha como CSV separado por ";" e envie de novo`,
          },
        ],
      });
      expect(await tableCounts()).toEqual(before);
    }
  });

  it('imports a good file to the end, with its counts, and the debts show on the partner’s portal', async () => {
    const res = await upload(EXAMPLE);
    expect(res.statusCode, res.body).toBe(202);
    const lines = runLines(res.body);
    expect(lines[0]).toMatchObject({ status: 'running', fase: 'lendo', linhas: 0, total: 6 });
    const last = lines.at(-1)!;
    expect(last).toMatchObject({
      status: 'done',
      fase: null,
      linhas: 6,
      total: 6,
      parceiro: { id: demoId },
      contagens: {
        pessoas: { total: 3, inclusoes: 3, alteracoes: 0 },
        lojas: { total: 2, inclusoes: 2, alteracoes: 0 },
        contratos: { total: 3, inclusoes: 3, alteracoes: 0 },
        parcelas: { total: 6, inclusoes: 6, alteracoes: 0 },
        lojas_vinculadas: 2,
      },
      problemas: [],
    });
    expect(last.linhas_por_segundo).toBeGreaterThan(0);
    expect(await getRun(last.id)).toMatchObject({ status: 'done', linhas: 6, contagens: last.contagens });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/importacoes',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      list
        .json()
        .data.map((run: ImportRunAnswer) => run.status)
        .slice(0, 2),
    ).toEqual(['done', 'rejected']);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'import_run'), eq(auditLog.entityId, String(last.id))));
    expect(audit).toMatchObject({ username: 'admin', route: 'POST /api/importacoes', action: 'create' });

    const cookie = await login(t, {
      pesCpfCnpj: '246.813.579-28',
      dataNascimento: '12/03/1988',
      telefone: '(11) 91234-5678',
    });
    const debts = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie });
    const answer = debts.json().dados as DividasResposta;
    expect(answer.dividas.map((card) => card.contratos.map((c) => c.con_contrato))).toEqual([['CV-1001']]);
  });

  it('lists the runs without their problems’ messages, which quote a person’s values; one run’s read is audited', async () => {
    const res = await upload(EXAMPLE.replace('ana.costa@example.com', 'ana.costa@example'));
    const rejected = runLines(res.body).at(-1)!;
    expect(rejected.problemas[0]!.mensagem).toContain("'ana.costa@example'");
    const auditor = await createStaffUser(t.database.db, {
      username: 'importacao.auditor',
      password: 'Auditoria#2026',
      role: 'auditor',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: auditor.username, password: 'Auditoria#2026' },
      remoteAddress: '10.28.0.1',
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const auditorRows = () =>
      t.database.db.select().from(auditLog).where(eq(auditLog.username, auditor.username));

    // The list shows how many problems a run had, as the screen does.
    const list = await t.app.inject({ method: 'GET', url: '/api/importacoes', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('ana.costa@example');
    expect(list.json().data[0]).toMatchObject({ id: rejected.id, status: 'rejected', total_problemas: 1 });
    expect(list.json().data[0]).not.toHaveProperty('problemas');
    expect(await auditorRows()).toEqual([]);

    const one = await t.app.inject({ method: 'GET', url: `/api/importacoes/${rejected.id}`, headers });
    expect(one.json().data.problemas).toEqual(rejected.problemas);
    expect(await auditorRows()).toMatchObject([
      {
        route: 'GET /api/importacoes/:id',
        action: 'read',
        entity: 'import_run',
        entityId: String(rejected.id),
      },
    ]);
  });

  it('refuses a second import while one runs (not queued), and takes one again once it ended', async () => {
    const body = new PassThrough();
    body.write(EXAMPLE.slice(0, 200));
    const first = upload(body);
    // The first upload holds the import while its file arrives.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await upload(EXAMPLE);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IMPORT_MESSAGES.running);
    body.end(EXAMPLE.slice(200));
    expect(runLines((await first).body).at(-1)).toMatchObject({ status: 'done' });
    expect(runLines((await upload(EXAMPLE)).body).at(-1)).toMatchObject({ status: 'done' });
  });

  it('refuses what is not the file’s bytes, a partner that does not exist, and a file over the limit', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/importacoes?parceiro=${demoId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { arquivo: EXAMPLE },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(IMPORT_MESSAGES.notCsv);
    const unknown = await upload(EXAMPLE, 'parceiro=999999');
    expect(unknown.statusCode).toBe(404);
    const large = await t.app.inject({
      method: 'POST',
      url: `/api/importacoes?parceiro=${demoId}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'text/csv',
        'content-length': String(300 * 1024 * 1024),
      },
      payload: Readable.from([]),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('refuses a portfolio for an archived partner, and stores nothing', async () => {
    const { db } = t.database;
    const archived = (await findPartnerByIdentifier(db, 'prefeitura'))!.id;
    await db.update(partners).set({ archivedAt: new Date() }).where(eq(partners.id, archived));
    try {
      const before = await tableCounts();
      const res = await upload(EXAMPLE, `parceiro=${archived}&nome=carteira.csv`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Este parceiro está arquivado: a carteira não pode ser importada para ele.',
      );
      expect(await tableCounts()).toEqual(before);
      expect(readdirSync(uploadDir).filter((name) => name.endsWith('.csv'))).toEqual([]);
    } finally {
      await db.update(partners).set({ archivedAt: null }).where(eq(partners.id, archived));
    }
  });

  it('stops storing an upload at the limit and leaves no partial file', async () => {
    const path = join(uploadDir, 'over.csv');
    await expect(
      storeUpload(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), path, 1000),
    ).rejects.toThrow(IMPORT_MESSAGES.tooLarge);
    expect(readdirSync(uploadDir)).not.toContain('over.csv');
    expect(await storeUpload(Readable.from(['a;b\n1;2\n\n3;4']), path, 1000)).toEqual({
      bytes: 12,
      dataLines: 3,
    });
  });
});

describe('npm run import while a server holds the embedded database', () => {
  let holder: ChildProcess;
  let env: Record<string, string>;
  const file = join(uploadDir, 'carteira.csv');

  beforeAll(async () => {
    writeFileSync(file, EXAMPLE);
    const dataDir = mkdtempSync(join(tmpdir(), 'import-cli-'));
    // The data directory's lock names a live process: the command cannot open the database and goes to the server.
    holder = spawn('sleep', ['60'], { stdio: 'ignore' });
    writeFileSync(join(dataDir, 'portal.lock'), String(holder.pid));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    env = { NODE_ENV: 'test', DATA_DIR: dataDir, PORTAL_URL: `http://127.0.0.1:${port}` };
  });
  afterAll(() => {
    holder?.kill();
  });

  async function run(extra: Record<string, string>) {
    const stdout = captureStream();
    const stderr = captureStream();
    const code = await runImportCommand([file, '--partner', 'DEMO'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
      env: { ...env, ...extra },
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it('imports through the server as an administrator, with the summary the command prints itself', async () => {
    const result = await run({ PORTAL_USUARIO: 'admin', PORTAL_SENHA: 'Demo@2026' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^6 linhas em .* · pessoas 3 \(inclusões 0, alterações 0\) · .* · parcelas 6 \(inclusões 0, alterações 0\) · lojas novas no parceiro 0 \(parceiro demo\)\n$/,
    );
    const [last] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ username: 'admin', route: 'POST /api/logout' });
  });

  it('lists the problems of a bad file as the command does, and refuses a wrong password', async () => {
    writeFileSync(file, BAD);
    expect(await run({ PORTAL_USUARIO: 'admin', PORTAL_SENHA: 'Demo@2026' })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "linha 3, coluna valor: valor inválido '35O,00' (use 1234,56 ou 1.234,56)\n" +
        `1 problema(s) em ${file}: nada foi gravado. Corrija o arquivo e importe de novo.\n`,
    });
    const wrong = await run({ PORTAL_USUARIO: 'admin', PORTAL_SENHA: 'Errada#2026' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^o servidor recusou o login de admin: /);
  });
});
