import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../src/cli/staff-command';
import { type DatabaseOptions, openDatabase } from '../src/db/client';
import { staffTokens, staffUsers } from '../src/db/schema';
import { createStaffUser } from '../src/services/staff/create-staff-user';
import { captureStream } from './capture-stream';
import { solveRobotCheck } from './identification-helpers';
import { createTestApp, migratedCommandDatabase, type TestApp } from './test-app';

// Staff accounts and the admin guard (spec 002 §2 staff login, §5, §6, §7 /api/login and editar_senha, §8; issue 5
// items 1 and 2).

const LOGIN_FAILED = 'Usuário ou senha inválido';
const ADMIN = { username: 'admin', password: 'Demo@2026' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LIMIT_STAFF_LOGIN_PER_USER: '4', LIMIT_STAFF_LOGIN_PER_IP: '6', CAPTCHA_MAX_NUMBER: '2000' },
  });
});
afterAll(async () => {
  await t?.close();
});

// Each test logs in from its own address, so the per-address limit only bites where a test wants it to.
let nextIp = 1;
const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function login(body: unknown, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: body as object, remoteAddress: ip });
}

async function tokenOf(credentials: { username: string; password: string }): Promise<string> {
  const res = await login(credentials);
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

function admin(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

let userCount = 0;
/** A staff user of its own for a test (the per-user limit counts per name). */
async function newStaff(password = 'Primeira#2026') {
  userCount += 1;
  const username = `operador${userCount}`;
  const user = await createStaffUser(t.database.db, { username, password });
  return { id: user.id, username, password };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /api/login', () => {
  it('answers a random access token of 20+ characters and the user id to the demo account', async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.access_token.length).toBeGreaterThanOrEqual(20);
    expect(body.token_type).toBe('Bearer');
    const [user] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.username, 'admin'));
    expect(body.userId).toBe(user!.id);
    expect(body.username).toBe('admin');
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 7 * 3_600_000);
    expect(res.headers['cache-control']).toBe('no-store');

    const again = (await login(ADMIN)).json().access_token;
    expect(again).not.toBe(body.access_token);
  });

  it('stores the token and the password hashed only', async () => {
    const staff = await newStaff();
    const token = await tokenOf(staff);
    const rows = await t.database.db.select().from(staffTokens).where(eq(staffTokens.staffUserId, staff.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const [user] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(staff.password);
    expect(await verify(user!.passwordHash, staff.password)).toBe(true);
  });

  it('accepts the user name in any case', async () => {
    const staff = await newStaff();
    expect(
      (await login({ username: ` ${staff.username.toUpperCase()} `, password: staff.password })).statusCode,
    ).toBe(200);
  });

  it.each([
    { name: 'a wrong password', body: { username: 'admin', password: 'Demo@2025' } },
    { name: 'an unknown user', body: { username: 'ninguem', password: 'Demo@2026' } },
    { name: 'no password', body: { username: 'admin' } },
    { name: 'no user', body: { password: 'Demo@2026' } },
    { name: 'an empty body', body: {} },
    { name: 'fields of the wrong type', body: { username: ['admin'], password: 1 } },
  ])("refuses $name with 'Usuário ou senha inválido'", async ({ body }) => {
    const res = await login(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: LOGIN_FAILED, mensagem: LOGIN_FAILED, retorno: false });
    expect(res.json()).not.toHaveProperty('access_token');
  });

  it('counts only failures per user name: a success clears them, so nobody locks a colleague out', async () => {
    const staff = await newStaff();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++)
        expect((await login({ username: staff.username, password: 'errada123' })).statusCode).toBe(401);
      // Successful logins never count, and each one forgets the failures before it.
      expect((await login(staff)).statusCode).toBe(200);
    }
  });

  it('asks for the robot check after 4 failures for a user name instead of refusing, from any address', async () => {
    const staff = await newStaff();
    for (let i = 0; i < 4; i++)
      expect((await login({ username: staff.username, password: 'errada123' })).statusCode).toBe(401);
    const asked = await login(staff);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({
      message: 'Conclua a verificação de segurança',
      dados: { captcha: 'Conclua a verificação de segurança' },
    });
    expect(asked.json()).not.toHaveProperty('access_token');
    const garbage = await login({ ...staff, captcha: 'bm90LWEtc29sdXRpb24=' });
    expect(garbage.statusCode).toBe(400);
    // A wrong password with a solved robot check is still just a failed login.
    const wrong = await login({
      username: staff.username,
      password: 'errada123',
      captcha: await solveRobotCheck(t),
    });
    expect(wrong.statusCode).toBe(401);
    const solved = await login({ ...staff, captcha: await solveRobotCheck(t) });
    expect(solved.statusCode).toBe(200);
    // The success cleared the failures: no robot check any more.
    expect((await login(staff)).statusCode).toBe(200);
    // Another user is not affected.
    const other = await newStaff();
    expect((await login(other)).statusCode).toBe(200);
  });

  it('asks for the robot check past 4 failures even when the guesses arrive at once, from many addresses', async () => {
    const staff = await newStaff();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ username: staff.username, password: `errada-${i}` })),
    );
    // Each guess is counted before its password is weighed: only 4 are weighed, the others ask for the check.
    const statuses = guesses.map((res) => res.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array(8).fill(400), ...Array(4).fill(401)]);
    expect(guesses.find((res) => res.statusCode === 400)!.json().dados).toEqual({
      captcha: 'Conclua a verificação de segurança',
    });
    // The right password still needs the robot check, and with it logs in.
    expect((await login(staff)).statusCode).toBe(400);
    expect((await login({ ...staff, captcha: await solveRobotCheck(t) })).statusCode).toBe(200);
    expect((await login(staff)).statusCode).toBe(200);
  });

  it('limits attempts per client address, whatever the user name', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      const res = await login({ username: `desconhecido${i}`, password: 'qualquer1' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const staff = await newStaff();
    expect((await login(staff, ip)).statusCode).toBe(429);
    expect((await login(staff)).statusCode).toBe(200);
  });

  it('limits attempts per client address, counting an IPv6 /64 (one customer line) as one client', async () => {
    for (let i = 1; i <= 6; i++) {
      const res = await login({ username: `desconhecido${i}`, password: 'qualquer1' }, `2001:db8:5:6::${i}`);
      expect(res.statusCode).toBe(401);
    }
    const staff = await newStaff();
    expect((await login(staff, '2001:0DB8:0005:0006:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await login(staff, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});

describe('the admin guard', () => {
  const ROUTES = [
    { method: 'GET', url: '/api/me' },
    { method: 'POST', url: '/api/logout' },
    { method: 'PUT', url: '/api/editar_senha' },
  ] as const;

  async function expectRefused(token: string | undefined, header?: string) {
    for (const route of ROUTES) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        headers:
          header !== undefined
            ? { authorization: header }
            : token
              ? { authorization: `Bearer ${token}` }
              : {},
        payload: { old_password: 'x', password: 'y', password_confirmation: 'y' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Unauthenticated', retorno: false });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  }

  it('lets a valid token through and says whose it is', async () => {
    const staff = await newStaff();
    const res = await admin('GET', '/api/me', await tokenOf(staff));
    expect(res.statusCode).toBe(200);
    // Users made by the command line are administrators of every partner (decision 024).
    expect(res.json()).toEqual({
      data: {
        id: staff.id,
        username: staff.username,
        papel: 'administrator',
        parceiros: null,
        trocar_senha: false,
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses every admin call without a token, or with a malformed or unknown one', async () => {
    await expectRefused(undefined);
    await expectRefused(undefined, '');
    await expectRefused(undefined, 'Basic YWRtaW46RGVtb0AyMDI2');
    await expectRefused('curto');
    await expectRefused('x'.repeat(43));
    // The stored hash itself is not a token.
    const token = await tokenOf(await newStaff());
    await expectRefused(sha256(token));
  });

  it('refuses an expired token', async () => {
    const token = await tokenOf(await newStaff());
    expect((await admin('GET', '/api/me', token)).statusCode).toBe(200);
    await t.database.db
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffTokens.tokenHash, sha256(token)));
    await expectRefused(token);
  });

  it('refuses a token after logout, and only that one', async () => {
    const staff = await newStaff();
    const token = await tokenOf(staff);
    const other = await tokenOf(staff);
    const res = await admin('POST', '/api/logout', token);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(staffTokens)
      .where(eq(staffTokens.tokenHash, sha256(token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    await expectRefused(token);
    expect((await admin('GET', '/api/me', other)).statusCode).toBe(200);
  });
});

describe('PUT /api/editar_senha', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    admin('PUT', '/api/editar_senha', token, body);

  it.each([
    {
      name: 'no current password',
      body: { password: 'Nova#20260', password_confirmation: 'Nova#20260' },
      field: 'old_password',
      message: 'O campo senha atual é obrigatória',
    },
    {
      name: 'no new password',
      body: { old_password: 'Primeira#2026', password: '', password_confirmation: 'Nova#20260' },
      field: 'password',
      message: 'O campo nova senha é obrigatória',
    },
    {
      name: 'no confirmation',
      body: { old_password: 'Primeira#2026', password: 'Nova#20260' },
      field: 'password_confirmation',
      message: 'O campo confirmar nova senha é obrigatória',
    },
    {
      name: 'nothing at all',
      body: {},
      field: 'old_password',
      message: 'O campo senha atual é obrigatória',
    },
    {
      name: 'a short new password',
      body: { old_password: 'Primeira#2026', password: 'Curta1', password_confirmation: 'Curta1' },
      field: 'password',
      message: 'A nova senha deve ter no mínimo 8 caracteres.',
    },
    {
      name: 'the current password again',
      body: {
        old_password: 'Primeira#2026',
        password: 'Primeira#2026',
        password_confirmation: 'Primeira#2026',
      },
      field: 'password',
      message: 'A nova senha deve ser diferente da senha atual.',
    },
    {
      name: 'a confirmation that differs',
      body: { old_password: 'Primeira#2026', password: 'Nova#20260', password_confirmation: 'Nova#20261' },
      field: 'password_confirmation',
      message: 'A confirmação deve ser igual à nova senha.',
    },
  ])('refuses $name with its message and keeps the password', async ({ body, field, message }) => {
    const staff = await newStaff();
    const token = await tokenOf(staff);
    const res = await change(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, retorno: false, dados: { [field]: message } });
    expect((await login(staff)).statusCode).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const staff = await newStaff();
    const token = await tokenOf(staff);
    const res = await change(token, {
      old_password: 'Errada#2026',
      password: 'Nova#20260',
      password_confirmation: 'Nova#20260',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'A senha atual está incorreta.',
      dados: { old_password: 'A senha atual está incorreta.' },
    });
    expect((await login(staff)).statusCode).toBe(200);
  });

  it('changes the password: the new one logs in, the old one no more, other tokens end, this one stays', async () => {
    const staff = await newStaff();
    const token = await tokenOf(staff);
    const elsewhere = await tokenOf(staff);
    const res = await change(token, {
      old_password: staff.password,
      password: 'Nova#20260',
      password_confirmation: 'Nova#20260',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha atualizada com sucesso!' });
    expect((await admin('GET', '/api/me', token)).statusCode).toBe(200);
    expect((await admin('GET', '/api/me', elsewhere)).statusCode).toBe(401);
    expect((await login(staff)).json().message).toBe(LOGIN_FAILED);
    expect((await login({ username: staff.username, password: 'Nova#20260' })).statusCode).toBe(200);
  });
});

describe('npm run staff -- create <user>', () => {
  let dir: string;
  let env: Record<string, string>;
  let dbOptions: DatabaseOptions;
  let dropScratch: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-staff-'));
    const scratch = await migratedCommandDatabase(dir);
    env = scratch.env;
    dbOptions = scratch.options;
    dropScratch = scratch.drop;
  });
  afterAll(async () => {
    await dropScratch?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function run(argv: string[], input: string) {
    const stdout = captureStream();
    const stderr = captureStream();
    const code = await runStaffCommand(argv, {
      stdin: Readable.from([input]),
      stdout: stdout.stream,
      stderr: stderr.stream,
      env,
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  async function storedUser(username: string) {
    const database = await openDatabase(dbOptions);
    try {
      const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, username));
      return row;
    } finally {
      await database.close();
    }
  }

  it('creates a user with the password read from standard input, hashed, and never prints it', async () => {
    const result = await run(['create', 'Supervisora'], 'Segura#Senha1\nresto ignorado\n');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^usuário supervisora criado \(id \d+\)\n$/);
    expect(result.stdout).not.toContain('Segura#Senha1');
    const row = await storedUser('supervisora');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(row!.passwordHash, 'Segura#Senha1')).toBe(true);
  });

  it.each([
    {
      name: 'no verb',
      argv: [],
      input: 'Segura#Senha1\n',
      message: 'uso: npm run staff -- create <usuário>\n',
    },
    {
      name: 'an unknown verb',
      argv: ['delete', 'x'],
      input: 'Segura#Senha1\n',
      message: 'uso: npm run staff -- create <usuário>\n',
    },
    {
      name: 'a short password',
      argv: ['create', 'curto'],
      input: 'abc\n',
      message: 'A nova senha deve ter no mínimo 8 caracteres.\n',
    },
    {
      name: 'a bad user name',
      argv: ['create', 'nome com espaço'],
      input: 'Segura#Senha1\n',
      message: 'Usuário inválido: use de 2 a 60 letras minúsculas, números, ponto, hífen, sublinhado ou @.\n',
    },
  ])('refuses $name', async ({ argv, input, message }) => {
    expect(await run(argv, input)).toEqual({ code: 1, stdout: '', stderr: message });
  });

  it('refuses a user that exists and keeps its password', async () => {
    expect((await run(['create', 'duplicado'], 'Primeira#2026\n')).code).toBe(0);
    expect(await run(['create', 'DUPLICADO'], 'Outra#Senha22\n')).toMatchObject({
      code: 1,
      stderr: 'Este usuário já existe.\n',
    });
    expect(await verify((await storedUser('duplicado'))!.passwordHash, 'Primeira#2026')).toBe(true);
  });

  it('works as the npm script, with the password piped in', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const result = spawnSync('npm', ['run', '-s', 'staff', '--', 'create', 'pelo.terminal'], {
      cwd: root,
      input: 'Pelo#Terminal1\n',
      env: { ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stdout).toMatch(/usuário pelo\.terminal criado/);
    expect(result.status).toBe(0);
  });
});
