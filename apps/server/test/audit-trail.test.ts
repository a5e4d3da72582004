import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partners, persons, privacyRequests } from '../src/db/schema';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { createTestApp, type TestApp } from './test-app';

// Issue 18 item 6 "Tests that must exist": every staff write leaves an audit row (who, when, from where, what,
// before and after), so does every staff read of a person's data; the rows cannot be changed nor deleted, even by
// SQL; only administrators read and export them (decision 024).

const PASSWORD = 'Auditoria#2026';
let t: TestApp;
const tokens: Record<string, string> = {};
let requestId: number;

const mariaId = async () =>
  (await t.database.db.select({ id: persons.id }).from(persons).where(eq(persons.cpfCnpj, '52998224725')))[0]!
    .id;

function call(method: 'GET' | 'PUT', url: string, token: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
    remoteAddress: '10.20.0.1',
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  // Behind a proxy: the audit keeps the client's address as Fastify resolves it.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  let ip = 0;
  for (const role of ['administrator', 'operator', 'auditor'] as const) {
    await createStaffUser(t.database.db, { username: `audit.${role}`, password: PASSWORD, role });
    ip += 1;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: `audit.${role}`, password: PASSWORD },
      remoteAddress: `10.20.1.${ip}`,
    });
    tokens[role] = login.json().access_token;
  }
  const [demo] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
  const [row] = await t.database.db
    .insert(privacyRequests)
    .values({
      partnerId: demo!.id,
      protocol: 'LGPD-20260110-AUDIT1',
      name: 'Pessoa Auditada',
      phone: '11987654321',
      email: 'pessoa@example.com',
      requestType: 'Outros',
      message: 'Teste',
      dueOn: '2026-01-25',
    })
    .returning();
  requestId = row!.id;
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (entity: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id);

describe('the audit trail', () => {
  it('records a staff write with who, where, what, and the state before and after', async () => {
    const res = await call(
      'PUT',
      `/api/solicitacoes-privacidade/${requestId}/status`,
      tokens.administrator!,
      {
        status: 'in_progress',
      },
    );
    expect(res.statusCode).toBe(200);
    // Moving an LGPD request to in progress starts its work item (decision 030): the row names that action.
    const [row] = (await rowsOf('privacy_request')).filter((r) => r.action === 'start');
    expect(row).toMatchObject({
      username: 'audit.administrator',
      ip: '203.0.113.9',
      route: 'PUT /api/solicitacoes-privacidade/:id/status',
      action: 'start',
      entity: 'privacy_request',
      entityId: String(requestId),
      before: { status: 'open', responsavel: null },
      after: { status: 'in_progress' },
    });
    expect(Date.now() - row!.at.getTime()).toBeLessThan(60_000);
  });

  it('records no row for a refused write', async () => {
    const before = (await rowsOf('privacy_request')).length;
    const res = await call('PUT', `/api/solicitacoes-privacidade/${requestId}/status`, tokens.auditor!, {
      status: 'answered',
    });
    expect(res.statusCode).toBe(403);
    expect((await rowsOf('privacy_request')).length).toBe(before);
  });

  it('records a portal staff action, and nothing for one that failed', async () => {
    const faq = (b: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api.php?a=portal&b=${b}`,
        headers: { authorization: `Bearer ${tokens.administrator}` },
        payload,
      });
    const created = await faq('cadastrarDuvida', { titulo: 'Auditada?', descricao: 'Sim.' });
    expect(created.json().retorno).toBe(true);
    const codigo = created.json().dados.duvida.codigo;
    expect(await rowsOf('faq')).toMatchObject([
      {
        route: 'POST /api.php?a=portal&b=cadastrarDuvida',
        action: 'create',
        entityId: String(codigo),
        after: { id: codigo, title: 'Auditada?', description: 'Sim.', partnerId: null },
      },
    ]);
    expect((await faq('deletarDuvida', { codigo: 999_999 })).json().retorno).toBe(false);
    expect((await rowsOf('faq')).length).toBe(1);
  });

  it('records each staff read of people’s data', async () => {
    const before = (await rowsOf('privacy_request')).length;
    expect((await call('GET', '/api/solicitacoes-privacidade', tokens.auditor!)).statusCode).toBe(200);
    const rows = await rowsOf('privacy_request');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      username: 'audit.auditor',
      route: 'GET /api/solicitacoes-privacidade',
      action: 'read',
    });
    // One item read names the item, so the audit answers who saw whose request.
    expect((await call('GET', `/api/filas/lgpd/${requestId}`, tokens.auditor!)).statusCode).toBe(200);
    const [itemRead] = (await rowsOf('work_item')).slice(-1);
    expect(itemRead).toMatchObject({
      username: 'audit.auditor',
      route: 'GET /api/filas/:fila/:id',
      action: 'read',
      entityId: `lgpd/${requestId}`,
    });
  });

  it('records which page and filters each list read asked for, so a search names whose data was looked for', async () => {
    const maria = await mariaId();
    // A CPF/CNPJ searched for is kept as the person's id, never as typed (decision 070).
    const reads = [
      ['/api/solicitacoes-privacidade?page=2&status=open', 'privacy_request', '?page=2&status=open'],
      ['/api/gestao/acordos?cpf_cnpj=529.982.247-25', 'agreement', `?pessoa=${maria}`],
      ['/api/gestao/acordos/planilha?page=2&cpf_cnpj=52998224725', 'agreement', `?page=2&pessoa=${maria}`],
      [
        '/api/gestao/acordos?cpf_cnpj=111.444.777-35&status=active',
        'agreement',
        '?pessoa=nenhuma&status=active',
      ],
      ['/api/filas/lgpd?page=3', 'work_item', 'lgpd?page=3'],
    ] as const;
    for (const [url, entity, entityId] of reads) {
      expect((await call('GET', url, tokens.auditor!)).statusCode, url).toBe(200);
      expect((await rowsOf(entity)).at(-1), url).toMatchObject({
        username: 'audit.auditor',
        action: 'read',
        entityId,
      });
    }
    // Any other parameter, or a known one with a value it cannot take, is kept by its name only: free text may name
    // anyone (decision 080).
    const freeText = [
      ['/api/gestao/acordos?status=active&nome=Maria%20da%20Silva', '?status=active&nome=omitido'],
      [
        '/api/gestao/acordos?page=2&email=maria%40exemplo.com.br&telefone=11987654321',
        '?page=2&email=omitido&telefone=omitido',
      ],
      ['/api/gestao/acordos?page=1&busca=529.982.247-25', '?page=1&busca=omitido'],
      ['/api/gestao/acordos?Maria%20Silva=1', '?omitido=omitido'],
    ] as const;
    for (const [url, entityId] of freeText) {
      expect((await call('GET', url, tokens.auditor!)).statusCode, url).toBe(200);
      expect((await rowsOf('agreement')).at(-1), url).toMatchObject({ action: 'read', entityId });
    }
    // A list read without a query is the whole first page: nothing to name.
    await call('GET', '/api/solicitacoes-privacidade', tokens.auditor!);
    expect((await rowsOf('privacy_request')).at(-1)!.entityId).toBeNull();
  });

  it('keeps no searched CPF/CNPJ in reads written before searches were recorded by the person (migration 0048)', async () => {
    const read = (entityId: string) => ({
      staffUserId: 1,
      username: 'audit.auditor',
      route: 'GET /api/gestao/acordos',
      action: 'read',
      entity: 'agreement',
      entityId,
    });
    const rows = await t.database.db
      .insert(auditLog)
      .values([
        read('?page=2&cpf_cnpj=529.982.247-25&status=ativo'),
        read('?cpf_cnpj=52998224725&cpf_cnpj=111.444.777-35'),
        read('?cpf_cnpj=12.ABC.345%2F01DE-35'),
        read('?page=3'),
      ])
      .returning();
    const migration = readFileSync(
      new URL('../src/db/migrations/0048_audit_reads_without_documents.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    const [company] = await t.database.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.cpfCnpj, '12ABC34501DE35'));
    const maria = await mariaId();
    const entityIds = [];
    for (const row of rows)
      entityIds.push(
        (await t.database.db.select().from(auditLog).where(eq(auditLog.id, row.id)))[0]!.entityId,
      );
    expect(entityIds).toEqual([
      `?page=2&pessoa=${maria}&status=ativo`,
      `?pessoa=${maria}&pessoa=nenhuma`,
      `?pessoa=${company!.id}`,
      '?page=3',
    ]);
    await expect(
      t.database.db.execute(sql`update audit_log set username = 'outro' where id = ${rows[0]!.id}`),
    ).rejects.toThrow();
  });

  it('refuses to change or delete a row, even by SQL', async () => {
    const [row] = await rowsOf('privacy_request');
    await expect(
      t.database.db.execute(sql`update audit_log set username = 'outro' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [kept] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(kept!.username).toBe('audit.administrator');
  });

  it('keeps no answer text in rows written before answers were recorded by their length (migration 0043)', async () => {
    const written = (after: object) => ({
      staffUserId: 1,
      username: 'audit.administrator',
      route: 'POST /api/filas/:fila/:id/resposta',
      action: 'answer',
      entity: 'contact_message',
      entityId: '77',
      after,
    });
    const [old, current] = await t.database.db
      .insert(auditLog)
      .values([
        written({ status: 'answered', responsavel: 1, resposta: 'Olá, Márcia: ligue no 21 3456-7890.' }),
        written({ status: 'answered', responsavel: 1, resposta_caracteres: 12 }),
      ])
      .returning();
    const migration = readFileSync(
      new URL('../src/db/migrations/0043_audit_answers_without_text.sql', import.meta.url),
      'utf8',
    );
    // As the migrator runs it: every statement in one transaction.
    await t.database.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    const after = async (id: number) =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.id, id)))[0]!.after;
    expect(await after(old!.id)).toEqual({ status: 'answered', responsavel: 1, resposta_caracteres: 35 });
    expect(await after(current!.id)).toEqual(current!.after);
    // The trail is append-only again once it ran.
    await expect(
      t.database.db.execute(sql`update audit_log set username = 'outro' where id = ${old!.id}`),
    ).rejects.toThrow();
  });

  it('lists and exports the rows for administrators only, filtered by user and entity', async () => {
    const list = await call('GET', '/api/auditoria?entidade=privacy_request', tokens.administrator!);
    expect(list.statusCode).toBe(200);
    const items = list.json().data as { usuario: string; entidade: string; acao: string }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(new Set(items.map((i) => i.entidade))).toEqual(new Set(['privacy_request']));
    const [admin] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.username, 'audit.administrator'))
      .limit(1);
    const byUser = await call('GET', `/api/auditoria?usuario=${admin!.staffUserId}`, tokens.administrator!);
    expect(new Set(byUser.json().data.map((i: { usuario: string }) => i.usuario))).toEqual(
      new Set(['audit.administrator']),
    );

    const sheet = await call(
      'GET',
      '/api/auditoria/planilha?entidade=privacy_request',
      tokens.administrator!,
    );
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('Antes');
    expect(rows.slice(1).some((r) => r.includes('{"status":"open","responsavel":null}'))).toBe(true);
    // Action and entity in the words of the screen, not the stored codes.
    expect(rows.slice(1).every((r) => r.includes('Solicitação de privacidade'))).toBe(true);
    expect(rows.slice(1).some((r) => r.includes('Consulta'))).toBe(true);
    expect(rows.flat()).not.toContain('privacy_request');

    for (const role of ['operator', 'auditor']) {
      for (const url of ['/api/auditoria', '/api/auditoria/planilha']) {
        const res = await call('GET', url, tokens[role]!);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });
});
