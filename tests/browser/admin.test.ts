import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { STEP_CODES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffTokens, stepLogs } from '../../apps/server/src/db/schema';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { solveRobotCheck } from './debtor-login';
import { axeViolations, connectChromium, type Portal, refuseCookiesBeforehand, startPortal } from './harness';
import { logIn } from './staff-login';

// Back office, issue 5 items 1 and 2 (spec 002 §2 admin area and staff login, §4, §5 password change, §6, §8):
// the login screen, the guard of /admin, the shell, the password change and logout, through the built web app.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

const SHOTS = '/tmp/admin-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(
  path: string,
  options: { viewport?: { width: number; height: number }; storage?: Record<string, string> } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    bypassCSP: true,
    locale: 'pt-BR',
  });
  await refuseCookiesBeforehand(context);
  await context.addInitScript((storage: Record<string, string>) => {
    // Only on the first page of the context: later navigations keep what the app stored.
    if (!window.sessionStorage.getItem('seeded')) {
      for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
      window.sessionStorage.setItem('seeded', '1');
    }
  }, options.storage ?? {});
  const page = await context.newPage();
  await page.goto(portal.url(null, path));
  return page;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: window.localStorage.getItem('access_token'),
    userId: window.localStorage.getItem('user_id'),
  }));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let staffCount = 0;
async function newStaff(password = 'Primeira#2026') {
  staffCount += 1;
  const username = `atendente${staffCount}`;
  await createStaffUser(portal.database.db, { username, password });
  return { username, password };
}

describe('the admin guard in the browser', () => {
  it.each(['/admin', '/admin/alterar-senha', '/admin/parceiros'])(
    '%s without a token goes to /login',
    async (path) => {
      const page = await open(path);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Acessar conta' }).waitFor();
    },
  );

  it('a stored token shorter than 20 characters is no token (spec 002 §2)', async () => {
    const page = await open('/admin', { storage: { access_token: 'a'.repeat(19), user_id: '1' } });
    await page.waitForURL('**/login');
  });

  it('a revoked token goes to /login without any modal', async () => {
    const staff = await newStaff();
    const login = await fetch(portal.url(null, '/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(staff),
    });
    const { access_token, userId } = (await login.json()) as { access_token: string; userId: number };
    await fetch(portal.url(null, '/api/logout'), {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const page = await open('/admin', { storage: { access_token, user_id: String(userId) } });
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Acessar conta' }).waitFor();
    expect(await page.getByTestId('modal').count()).toBe(0);
    expect(await stored(page)).toEqual({ token: null, userId: null });
  });
});

describe('staff login (spec 002 §2)', () => {
  it('uses the fixed colours, asks for both fields, and says a wrong password plainly', async () => {
    const page = await open('/login', { viewport: PHONE });
    await page.getByRole('heading', { name: 'Acessar conta' }).waitFor();
    const button = page.getByRole('button', { name: 'Acessar Conta' });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(0, 192, 251)');
    expect(await page.locator('.admin-login').evaluate((e) => getComputedStyle(e).backgroundImage)).toContain(
      'rgb(89, 56, 200)',
    );
    await shot(page, 'login-phone');
    await expectNoAxeViolations(page);

    await button.click();
    await page.getByText('O campo usuário é obrigatório').waitFor();
    await page.getByText('O campo senha é obrigatório').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');

    await logIn(page, 'admin', 'Errada#2026');
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Usuário ou senha inválido');
    await shot(page, 'login-wrong-password');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/login$/);
    expect(await stored(page)).toEqual({ token: null, userId: null });
  });

  it('logs the demo admin in with the keyboard alone and opens the back office shell', async () => {
    const page = await open('/login');
    await page.getByRole('heading', { name: 'Acessar conta' }).waitFor();
    // Tab from the top of the page: the skip link, then the user field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Demo@2026');
    await page.keyboard.press('Enter');
    // Spec 002 §2: a login lands on ListPartners; Início is the shell's greeting.
    await page.waitForURL('**/admin/parceiros');
    await page.getByRole('heading', { name: 'Lista de parceiros' }).waitFor();
    await page.getByRole('link', { name: 'Início', exact: true }).click();
    await page.getByRole('heading', { name: 'Olá, admin' }).waitFor();
    // The start page leads to every section of the back office (an administrator's: decision 024).
    expect(
      await page
        .locator('.admin-home__links a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual([
      '/admin/parceiros',
      '/admin/lojas',
      '/admin/duvidas',
      '/admin/leads',
      '/admin/painel',
      '/admin/acordos',
      '/admin/pagamentos',
      '/admin/nao-aplicados',
      '/admin/filas/propostas',
      '/admin/privacidade',
      '/admin/candidaturas',
      '/admin/cobranca',
      '/admin/importacao',
      '/admin/equipe',
      '/admin/auditoria',
      '/admin/alterar-senha',
    ]);
    expect(await page.getByTestId('admin-user').textContent()).toContain('admin');
    const { token, userId } = await stored(page);
    expect(token!.length).toBeGreaterThanOrEqual(20);
    expect(Number(userId)).toBeGreaterThan(0);
    expect(await page.locator('.admin-bar').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      'rgb(89, 56, 200)',
    );
    await shot(page, 'admin-home');
    await expectNoAxeViolations(page);

    // Opening /login again discards the stored token, on the server too (spec 002 §2, §4).
    await page.goto(portal.url(null, '/login'));
    await page.getByRole('heading', { name: 'Acessar conta' }).waitFor();
    expect(await stored(page)).toEqual({ token: null, userId: null });
    await expect
      .poll(async () => {
        const [row] = await portal.database.db
          .select()
          .from(staffTokens)
          .where(eq(staffTokens.tokenHash, sha256(token!)));
        return row?.revokedAt instanceof Date;
      })
      .toBe(true);

    // Staff pages are no visit to the partner's portal: the dashboard's 'Acessou o portal' counts debtors only. The
    // landing page, opened last, records its visit, so the staff pages' would have arrived by then.
    await page.goto(portal.url(null, '/'));
    await expect.poll(() => portalVisits(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await portalVisits()).toBe(1);
  });
});

/** The step log's 'Acessou o portal' rows (spec 000 §7 step 31), whatever the partner. */
async function portalVisits(): Promise<number> {
  const rows = await portal.database.db
    .select({ id: stepLogs.id })
    .from(stepLogs)
    .where(eq(stepLogs.stepCode, STEP_CODES.accessPortal));
  return rows.length;
}

describe('staff login after repeated failures (issue 14 item 3)', () => {
  it('asks for the robot check instead of locking the user out, and logs in once it is solved', async () => {
    const staff = { username: 'plantao', password: 'Plantao#2026' };
    await createStaffUser(portal.database.db, staff);
    const page = await open('/login', { viewport: PHONE });
    await page.getByRole('heading', { name: 'Acessar conta' }).waitFor();
    const modal = page.getByTestId('modal');
    for (let i = 0; i < 5; i++) {
      await logIn(page, staff.username, 'Errada#2026');
      await modal.waitFor();
      expect(await modal.textContent()).toContain('Usuário ou senha inválido');
      await page.keyboard.press('Enter');
      await modal.waitFor({ state: 'detached' });
    }
    expect(await page.getByTestId('altcha').count()).toBe(0);
    // The right password now meets the robot check, not a lock-out.
    await logIn(page, staff.username, staff.password);
    await page.getByRole('alert').filter({ hasText: 'Conclua a verificação de segurança' }).waitFor();
    await page.getByRole('group', { name: 'Verificação de segurança' }).waitFor();
    await shot(page, 'login-robot-check');
    await expectNoAxeViolations(page);
    await solveRobotCheck(page);
    await page.getByRole('button', { name: 'Acessar Conta' }).click();
    await page.waitForURL('**/admin/parceiros');
  });
});

describe('change password and logout', () => {
  it('checks the fields, changes the password, logs out and logs in with the new one', async () => {
    const staff = await newStaff();
    const page = await open('/login', { viewport: PHONE });
    await logIn(page, staff.username, staff.password);
    await page.waitForURL('**/admin/parceiros');
    await page.getByRole('link', { name: 'Alterar senha', exact: true }).click();
    await page.waitForURL('**/admin/alterar-senha');
    const save = page.getByRole('button', { name: 'Salvar' });
    await save.click();
    await page.getByText('O campo senha atual é obrigatória').waitFor();
    await shot(page, 'change-password-required');
    await expectNoAxeViolations(page);

    await page.getByLabel('Senha atual').fill(staff.password);
    await save.click();
    await page.getByText('O campo nova senha é obrigatória').waitFor();
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova#20260');
    await save.click();
    await page.getByText('O campo confirmar nova senha é obrigatória').waitFor();
    await page.getByLabel('Confirmar nova senha').fill('Nova#20261');
    await save.click();
    await page.getByText('A confirmação deve ser igual à nova senha.').waitFor();
    await page.getByLabel('Confirmar nova senha').fill(staff.password);
    await page.getByLabel('Nova senha', { exact: true }).fill(staff.password);
    await save.click();
    await page.getByText('A nova senha deve ser diferente da senha atual.').waitFor();

    // The server's answer for a wrong current password goes under its field.
    await page.getByLabel('Senha atual').fill('Errada#2026');
    await page.getByLabel('Nova senha', { exact: true }).fill('Nova#20260');
    await page.getByLabel('Confirmar nova senha').fill('Nova#20260');
    await save.click();
    await page.getByText('A senha atual está incorreta.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('old_password');
    await shot(page, 'change-password-wrong-current');

    await page.getByLabel('Senha atual').fill(staff.password);
    await save.click();
    await page.waitForURL('**/admin/parceiros');
    await page.getByText('Senha atualizada com sucesso!').waitFor();
    await shot(page, 'change-password-done');

    const { token } = await stored(page);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    expect(await stored(page)).toEqual({ token: null, userId: null });
    const [row] = await portal.database.db
      .select()
      .from(staffTokens)
      .where(eq(staffTokens.tokenHash, sha256(token!)));
    expect(row!.revokedAt).toBeInstanceOf(Date);

    await logIn(page, staff.username, staff.password);
    await page.getByTestId('modal').waitFor();
    expect(await page.getByTestId('modal').textContent()).toContain('Usuário ou senha inválido');
    await page.keyboard.press('Enter');
    await logIn(page, staff.username, 'Nova#20260');
    await page.waitForURL('**/admin/parceiros');
    await page.getByTestId('admin-user').getByText(staff.username).waitFor();
  });

  it('Cancelar goes to ListPartners (spec 002 §2 ResetPassword)', async () => {
    const staff = await newStaff();
    const page = await open('/login');
    await logIn(page, staff.username, staff.password);
    await page.waitForURL('**/admin/parceiros');
    await page.goto(portal.url(null, '/admin/alterar-senha'));
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/admin/parceiros');
  });
});
