import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { browserSuite, openPage } from './browser-suite';
import { axeViolations, brokenWords } from './harness';
import { logInToPartners } from './staff-login';

// Issue 18 item 1 (decision 027), through the built web app: an administrator opens Lojas, creates a store with its
// partners and negotiation policy, previews the plans the policy gives before saving, saves, and finds the store
// in the list with its policy. Axe on the list and the form, on a phone (390 px) and on a desktop; the form at 200%
// zoom on that phone (195 px) without sideways scroll or a word broken between letters.

const SHOTS = '/tmp/admin-stores-screens';
const suite = browserSuite(SHOTS);
const ADMIN = { username: 'lojas.browser', password: 'Lojas#2026x' };

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('stores in the back office', () => {
  it('an administrator creates a store with its policy, previews its plans, and finds it in the list', async () => {
    await createStaffUser(suite.portal.database.db, ADMIN);
    const page = await openPage(suite, 1280, 800);
    await logInToPartners(page, suite.portal.url(null, '/login'), ADMIN);
    await page
      .getByRole('navigation', { name: 'Menu administrativo' })
      .getByRole('link', { name: 'Lojas' })
      .click();
    await page.getByRole('heading', { name: 'Lista de lojas' }).waitFor();
    await page.getByTestId('store-card').first().waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

    await page.getByRole('link', { name: 'Nova loja' }).click();
    await page.getByRole('heading', { name: 'Cadastrar nova loja' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('O campo nome fantasia é obrigatório').waitFor();
    // zod's own limits read in plain Portuguese, and a state must be one of Brazil's.
    await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('L'.repeat(121));
    await page.getByRole('textbox', { name: 'UF' }).fill('XX');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Use no máximo 120 caracteres.').waitFor();
    await page.getByText('Informe a UF de um estado, como SP.').waitFor();
    await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('Loja do Navegador');
    await page.getByRole('textbox', { name: 'Razão social' }).fill('Loja do Navegador Ltda.');
    await page.getByRole('textbox', { name: 'CPF/CNPJ' }).fill('45997418000153');
    await page.getByRole('textbox', { name: 'UF' }).fill('SP');
    await page.getByRole('checkbox', { name: 'Acme Cobranças', exact: true }).check();

    // No policy: the preview offers no discount.
    await page.getByRole('button', { name: 'Simular planos' }).click();
    const table = page.getByTestId('store-preview-table');
    await table.waitFor();
    const cash = table.getByRole('row', { name: /À vista/ });
    expect(await cash.textContent()).toMatch(/R\$\s0,00 \(0%\)/);

    await page.getByRole('checkbox', { name: 'Definir a política de negociação desta loja' }).check();
    await page.getByRole('textbox', { name: 'Multa por atraso (%)' }).fill('3');
    await page.getByRole('button', { name: 'Simular planos' }).click();
    await page.getByText('O campo multa por atraso deve estar entre 0% e 2%.').waitFor();
    await page.getByRole('textbox', { name: 'Multa por atraso (%)' }).fill('2');
    await page.getByRole('textbox', { name: 'Desconto à vista no principal (%)' }).fill('15');
    await page.getByRole('textbox', { name: 'Desconto à vista nos encargos (%)' }).fill('100');
    await page.getByRole('textbox', { name: 'Número máximo de parcelas' }).fill('6');
    await page.getByRole('button', { name: 'Simular planos' }).click();
    // R$ 1.000,00 90 days late: R$ 20,00 fine and R$ 30,00 interest, all off in cash, and 15% off the principal.
    await page
      .getByTestId('store-preview-balance')
      .getByText(/R\$\s50,00 de encargos/)
      .waitFor();
    await table
      .getByRole('row', { name: /À vista/ })
      .getByText(/R\$\s850,00/)
      .first()
      .waitFor();
    expect(await table.getByRole('row').count()).toBe(1 + 1 + 6);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/form.png`, fullPage: true });

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/admin/lojas');
    await page.getByText('Loja cadastrada com sucesso!').waitFor();
    const card = page.getByTestId('store-card').filter({ hasText: 'Loja do Navegador' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Acme Cobranças');
    expect(await card.getByTestId('store-policy').textContent()).toBe(
      'À vista: 15% no principal e 100% nos encargos · até 6 parcelas',
    );
  });

  it('has no axe violations on a 390 px phone, list and form, nor sideways scroll or a broken word at 195 px', async () => {
    const page = await openPage(suite, 390, 844);
    await logInToPartners(page, suite.portal.url(null, '/login'), ADMIN);
    await page.goto(suite.portal.url(null, '/admin/lojas'));
    await page.getByTestId('store-card').first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByTestId('store-card').filter({ hasText: 'Loja do Navegador' }).getByRole('link').click();
    await page.getByRole('heading', { name: 'Atualizar loja' }).waitFor();
    await page.getByRole('textbox', { name: 'Desconto à vista no principal (%)' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Desconto à vista no principal (%)' }).inputValue()).toBe(
      '15',
    );
    await page.getByRole('button', { name: 'Simular planos' }).click();
    await page.getByTestId('store-preview-table').waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/form-phone.png`, fullPage: true });
    // The same phone at 200% zoom (195 px): the form was 317 px wide, its fields' grid kept 260 px columns.
    await page.setViewportSize({ width: 195, height: 844 });
    await expectNoAxeViolations(page);
    expect(await brokenWords(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/form-195.png`, fullPage: true });

    // Leaving with unsaved edits asks first, as the partner form does; staying keeps what was typed.
    await page.getByRole('textbox', { name: 'Cidade' }).fill('Curitiba');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    const question = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await question.getByText('Sair sem salvar?').waitFor();
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    expect(await page.getByRole('textbox', { name: 'Cidade' }).inputValue()).toBe('Curitiba');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await question.getByRole('button', { name: 'Sair sem salvar' }).click();
    await page.waitForURL('**/admin/lojas');
  });
});
