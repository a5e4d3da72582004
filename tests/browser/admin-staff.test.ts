import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { browserSuite, openPage } from './browser-suite';
import { axeViolations } from './harness';
import { logIn, logInToPartners } from './staff-login';

// Issue 18 items 5 and 6 (decision 024), through the built web app: an administrator creates an operator of one
// partner on Equipe and reads the temporary password once; the operator logs in, must change it first, then sees
// only that partner and no Equipe or Auditoria; the administrator's Auditoria shows the creation. Axe on each screen.

const SHOTS = '/tmp/admin-staff-screens';
const suite = browserSuite(SHOTS);
const ADMIN = { username: 'equipe.browser', password: 'Equipe#2026x' };
const NEW_PASSWORD = 'Operador#2026';

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('staff roles in the back office', () => {
  it('an administrator creates an operator of one partner, who then sees only that partner', async () => {
    await createStaffUser(suite.portal.database.db, ADMIN);
    const admin = await openPage(suite);
    await logInToPartners(admin, suite.portal.url(null, '/login'), ADMIN);
    await admin.getByRole('link', { name: 'Equipe' }).click();
    await admin.getByRole('heading', { name: 'Equipe', exact: true }).waitFor();
    await admin.getByTestId('staff-card').first().waitFor();
    await expectNoAxeViolations(admin);

    await admin.getByRole('link', { name: 'Novo usuário' }).click();
    await admin.getByRole('heading', { name: 'Cadastrar novo usuário' }).waitFor();
    await admin.getByRole('textbox', { name: 'Usuário' }).fill('operador.acme');
    await admin.getByRole('radio', { name: 'Operador' }).check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Selecione ao menos um parceiro para o operador.').waitFor();
    // Keyboard: Space ticks the focused partner.
    await admin.getByRole('checkbox', { name: 'Acme Cobranças' }).focus();
    await admin.keyboard.press('Space');
    await expectNoAxeViolations(admin);
    await admin.screenshot({ path: `${SHOTS}/staff-form.png`, fullPage: true });
    await admin.getByRole('button', { name: 'Salvar' }).click();
    const dialog = admin.getByRole('alertdialog').or(admin.getByRole('dialog'));
    await dialog.getByText('Senha temporária').waitFor();
    const temporary = /([A-Za-z2-9]{14})\s*$/.exec(
      (await dialog.textContent())?.replace(/OK$/, '') ?? '',
    )?.[1];
    expect(temporary).toBeTruthy();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await admin.waitForURL('**/admin/equipe');
    await admin
      .getByTestId('staff-card')
      .filter({ hasText: 'operador.acme' })
      .getByText('Operador de Acme Cobranças')
      .waitFor();

    await admin.getByRole('link', { name: 'Auditoria' }).click();
    await admin.getByRole('heading', { name: 'Auditoria', exact: true }).waitFor();
    const table = admin.getByTestId('audit-table');
    await table.getByText('POST /api/equipe').first().waitFor();
    // The moment as staff read it, to the second (the audit's order within a minute), not the API's ISO wall clock.
    expect(await table.locator('tbody tr td').first().textContent()).toMatch(
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/,
    );
    // Action and entity in words, and the filter offers every audited entity (stores and agreements too).
    const created = table.getByRole('row').filter({ hasText: 'POST /api/equipe' }).first();
    expect(await created.textContent()).toContain('Criação');
    expect(await created.textContent()).toContain('Usuário do painel');
    const entities = await admin.getByLabel('Entidade').locator('option').allTextContents();
    expect(entities).toEqual(expect.arrayContaining(['Loja', 'Acordo', 'Importação de carteira']));
    await expectNoAxeViolations(admin);
    await admin.screenshot({ path: `${SHOTS}/audit.png`, fullPage: true });

    const operator = await suite
      .context!.browser()!
      .newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true, locale: 'pt-BR' });
    try {
      const page = await operator.newPage();
      await page.goto(suite.portal.url(null, '/login'));
      await logIn(page, 'operador.acme', temporary!);
      await page.waitForURL('**/admin/alterar-senha');
      // Why the login landed here, before anything else.
      await page
        .getByTestId('temporary-password-note')
        .getByText('A sua senha é provisória.', { exact: false })
        .waitFor();
      await page.getByLabel('Senha atual').fill(temporary!);
      await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL('**/admin/parceiros');
      await page.getByTestId('partner-card').first().waitFor();
      expect(await page.getByTestId('partner-card').allTextContents()).toEqual([
        expect.stringContaining('Acme Cobranças'),
      ]);
      const menu = page.getByRole('navigation', { name: 'Menu administrativo' });
      expect(await menu.getByRole('link', { name: 'Equipe' }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: 'Auditoria' }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/operator-partners.png`, fullPage: true });

      // A section of another role, opened by its address, says so at once, without its actions.
      await page.goto(suite.portal.url(null, '/admin/equipe'));
      await page
        .getByTestId('access-denied')
        .getByText('Acesso negado: esta área não está disponível para o seu perfil.')
        .waitFor();
      expect(await page.getByRole('heading', { name: 'Equipe', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Novo usuário' }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await operator.close();
    }
  });
});
