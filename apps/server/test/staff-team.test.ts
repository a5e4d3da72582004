import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partners, staffUsers } from '../src/db/schema';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { hashStaffPassword } from '../src/services/staff/staff-credentials';
import { createTestApp, type TestApp } from './test-app';

// Issue 18 item 5: staff managed from the back office (docs/api.md "Staff"; decision 024): create with a role and
// partners (a temporary password shown once, changed at the first login), change role and partners, disable (no
// login, tokens revoked), reset the password; the last active administrator stays.

const PASSWORD = 'Equipe#2026x';
let t: TestApp;
let admin: string;
let acmeId: number;
let ip = 0;

function logIn(username: string, password: string) {
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: `10.19.0.${ip}`,
  });
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await createStaffUser(t.database.db, { username: 'chefe', password: PASSWORD });
  admin = (await logIn('chefe', PASSWORD)).json().access_token;
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.identifier, 'acme'));
  acmeId = acme!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('staff management', () => {
  it('creates an operator of one partner with a temporary password to change at the first login', async () => {
    const created = await call('POST', '/api/equipe', admin, {
      usuario: ' Operadora.Acme ',
      papel: 'operator',
      parceiros: [acmeId],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Usuário cadastrado com sucesso!');
    const { usuario, senha_temporaria: temporary } = created.json().data;
    expect(usuario).toMatchObject({
      usuario: 'operadora.acme',
      papel: 'operator',
      parceiros: [{ id: acmeId, nome: 'Acme Cobranças' }],
      ativo: true,
      trocar_senha: true,
    });
    expect(temporary).toMatch(/^[A-Za-z2-9]{14}$/);
    // Never stored in clear, never listed again.
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, usuario.id));
    expect(row!.passwordHash).not.toContain(temporary);
    expect((await call('GET', '/api/equipe', admin)).body).not.toContain(temporary);

    const login = await logIn('operadora.acme', temporary);
    expect(login.json().must_change_password).toBe(true);
    const token = login.json().access_token;
    const blocked = await call('GET', '/api/parceiro', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Altere a sua senha para continuar.');
    const changed = await call('PUT', '/api/editar_senha', token, {
      old_password: temporary,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const list = await call('GET', '/api/parceiro', token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([acmeId]);
  });

  it('refuses an operator without partners and an unknown partner, with the field’s message', async () => {
    const none = await call('POST', '/api/equipe', admin, { usuario: 'sem.parceiro', papel: 'operator' });
    expect(none.statusCode).toBe(400);
    expect(none.json().dados).toEqual({ parceiros: 'Selecione ao menos um parceiro para o operador.' });
    const unknown = await call('POST', '/api/equipe', admin, {
      usuario: 'parceiro.errado',
      papel: 'operator',
      parceiros: [999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(staffUsers).where(eq(staffUsers.username, 'parceiro.errado')),
    ).toEqual([]);
    // Past an integer column it is refused as a code, not sent to the database (a 500 before).
    const past = await call('POST', '/api/equipe', admin, {
      usuario: 'parceiro.enorme',
      papel: 'operator',
      parceiros: [3_000_000_000],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().dados).toEqual({ 'parceiros.0': 'Código inválido.' });
  });

  it('changes role and partners, and the next call of the member already uses them', async () => {
    const { usuario } = (
      await call('POST', '/api/equipe', admin, { usuario: 'muda.papel', papel: 'auditor' })
    ).json().data;
    await t.database.db
      .update(staffUsers)
      .set({ mustChangePassword: false, passwordHash: await hashStaffPassword(PASSWORD) })
      .where(eq(staffUsers.id, usuario.id));
    const token = (await logIn('muda.papel', PASSWORD)).json().access_token;
    expect((await call('GET', '/api/parceiro', token)).json().data.length).toBeGreaterThan(1);
    const updated = await call('PUT', `/api/equipe/${usuario.id}`, admin, {
      papel: 'operator',
      parceiros: [acmeId],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ papel: 'operator', parceiros: [{ id: acmeId }] });
    expect((await call('GET', '/api/parceiro', token)).json().data.map((p: { id: number }) => p.id)).toEqual([
      acmeId,
    ]);
    // The audit row was written in the change's transaction, with the member before and after.
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff_user'), eq(auditLog.entityId, String(usuario.id))));
    expect(rows.map((row) => [row.action, row.username])).toEqual([
      ['create', 'chefe'],
      ['update', 'chefe'],
    ]);
    expect(rows[1]).toMatchObject({
      route: 'PUT /api/equipe/:id',
      before: { papel: 'auditor', parceiros: [] },
      after: { papel: 'operator', parceiros: [{ id: acmeId }] },
    });
  });

  it('disables a member: their tokens stop at once and their right password no longer logs in', async () => {
    await createStaffUser(t.database.db, { username: 'sai.hoje', password: PASSWORD, role: 'auditor' });
    const token = (await logIn('sai.hoje', PASSWORD)).json().access_token;
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.username, 'sai.hoje'));
    const disabled = await call('POST', `/api/equipe/${row!.id}/desativar`, admin);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      message: 'Usuário desativado com sucesso!',
      data: { ativo: false },
    });
    expect((await call('GET', '/api/me', token)).statusCode).toBe(401);
    const login = await logIn('sai.hoje', PASSWORD);
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Usuário ou senha inválido');
  });

  it('enables a disabled member again: their password logs in, audited with before and after', async () => {
    await createStaffUser(t.database.db, { username: 'volta.logo', password: PASSWORD, role: 'auditor' });
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.username, 'volta.logo'));
    expect((await call('POST', `/api/equipe/${row!.id}/desativar`, admin)).statusCode).toBe(200);
    expect((await logIn('volta.logo', PASSWORD)).statusCode).toBe(401);
    const enabled = await call('POST', `/api/equipe/${row!.id}/reativar`, admin);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({
      message: 'Usuário reativado com sucesso!',
      data: { ativo: true },
    });
    expect((await logIn('volta.logo', PASSWORD)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(row!.id)), eq(auditLog.action, 'enable')));
    expect(audit).toMatchObject([
      { route: 'POST /api/equipe/:id/reativar', before: { ativo: false }, after: { ativo: true } },
    ]);
    const unknown = await call('POST', '/api/equipe/999999/reativar', admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('resets a password: a new temporary one, the old password and the open sessions end', async () => {
    await createStaffUser(t.database.db, { username: 'esqueceu', password: PASSWORD, role: 'auditor' });
    const token = (await logIn('esqueceu', PASSWORD)).json().access_token;
    const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.username, 'esqueceu'));
    const reset = await call('POST', `/api/equipe/${row!.id}/senha`, admin);
    expect(reset.statusCode).toBe(200);
    const temporary = reset.json().data.senha_temporaria;
    expect((await call('GET', '/api/me', token)).statusCode).toBe(401);
    expect((await logIn('esqueceu', PASSWORD)).statusCode).toBe(401);
    const login = await logIn('esqueceu', temporary);
    expect(login.statusCode).toBe(200);
    expect(login.json().must_change_password).toBe(true);
  });

  it('keeps the last active administrator: neither disabled nor demoted', async () => {
    // Only 'chefe' and the demo 'admin' are administrators here: disable the demo one first.
    const members = (await call('GET', '/api/equipe', admin)).json().data as {
      id: number;
      usuario: string;
    }[];
    const demo = members.find((m) => m.usuario === 'admin');
    const me = members.find((m) => m.usuario === 'chefe')!;
    if (demo) expect((await call('POST', `/api/equipe/${demo.id}/desativar`, admin)).statusCode).toBe(200);
    const disable = await call('POST', `/api/equipe/${me.id}/desativar`, admin);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().message).toBe('É preciso manter ao menos um administrador ativo.');
    const demote = await call('PUT', `/api/equipe/${me.id}`, admin, { papel: 'auditor' });
    expect(demote.statusCode).toBe(409);
    // Refused changes leave no audit row.
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'staff_user'), eq(auditLog.entityId, String(me.id)))),
    ).toEqual([]);
    expect((await call('GET', '/api/me', admin)).json().data.papel).toBe('administrator');
  });
});
