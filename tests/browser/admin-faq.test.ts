import { mkdirSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faqItems, partners } from '../../apps/server/src/db/schema';
import { setStaffAccess } from '../../apps/server/src/repositories/staff-repository';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { axeViolations, connectChromium, type Portal, refuseCookiesBeforehand, startPortal } from './harness';
import { logInToPartners } from './staff-login';

// Back office FAQ, issue 5 item 4 (spec 002 §2 ListQuestions, PostQuestions, UpdateQuestions, §5 "FAQ", §8): list,
// create, edit, delete with a confirmation, the empty text, through the built web app; entries per partner (issue 18
// item 8).

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

const SHOTS = '/tmp/admin-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const STAFF = { username: 'faq.browser', password: 'Duvidas#2026' };
const OPERATOR = { username: 'faq.operadora', password: 'Duvidas#2026' };
const AUDITOR = { username: 'faq.auditora', password: 'Duvidas#2026' };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
  await createStaffUser(portal.database.db, STAFF);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function loggedIn(viewport = DESKTOP, staff = STAFF): Promise<Page> {
  context = await browser.newContext({ viewport, bypassCSP: true, locale: 'pt-BR' });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await logInToPartners(page, portal.url(null, '/login'), staff);
  return page;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const storedTitles = async () =>
  (await portal.database.db.select().from(faqItems).orderBy(asc(faqItems.id))).map((row) => row.title);

const cards = (page: Page) => page.getByTestId('faq-card');

describe('FAQ in the back office', () => {
  it('lists the entries, creates, edits and deletes one, down to the empty text', async () => {
    const page = await loggedIn();
    await page.getByRole('link', { name: 'Dúvidas frequentes' }).click();
    await page.waitForURL('**/admin/duvidas');
    await page.getByRole('heading', { name: 'Lista de dúvidas frequentes' }).waitFor();
    const seeded = await storedTitles();
    expect(seeded.length).toBeGreaterThan(0);
    await cards(page).first().waitFor();
    expect(await cards(page).locator('h2').allTextContents()).toEqual(seeded);
    await shot(page, 'faq-list');
    await expectNoAxeViolations(page);

    // Create: the required fields in the form's order, then a stored entry and the spec's snackbar.
    await page.getByRole('link', { name: 'Nova dúvida' }).click();
    await page.waitForURL('**/admin/cadastrar-duvida');
    await page.getByRole('heading', { name: 'Cadastrar nova dúvida' }).waitFor();
    const save = page.getByRole('button', { name: 'Salvar' });
    await save.click();
    await page.getByText('O campo título da dúvida é obrigatório').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('titulo');
    await page.getByLabel('Título').fill('Posso parcelar no cartão?');
    await save.click();
    await page.getByText('O campo texto da dúvida é obrigatório').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('descricao');
    await shot(page, 'faq-create-required');
    await expectNoAxeViolations(page);
    await page.getByLabel('Texto').fill('Sim, em até 12 vezes quando o credor aceita cartão.');
    await save.click();
    await page.waitForURL('**/admin/duvidas');
    await page.getByTestId('snackbar').getByText('Dúvida cadastrada com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Posso parcelar no cartão?' }).waitFor();
    expect(await storedTitles()).toEqual([...seeded, 'Posso parcelar no cartão?']);
    await shot(page, 'faq-created');

    // Edit with the keyboard: the card's Editar link, the loaded values, Salvar.
    const card = cards(page).filter({ hasText: 'Posso parcelar no cartão?' });
    await card.getByRole('link', { name: /Editar/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/atualizar-duvida\/\d+$/);
    await page.getByRole('heading', { name: 'Atualizar dúvida' }).waitFor();
    const title = page.getByLabel('Título');
    await title.waitFor();
    expect(await title.inputValue()).toBe('Posso parcelar no cartão?');
    expect(await page.getByLabel('Texto').inputValue()).toBe(
      'Sim, em até 12 vezes quando o credor aceita cartão.',
    );
    await title.fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('O campo título da dúvida é obrigatório').waitFor();
    await shot(page, 'faq-edit-required');
    await expectNoAxeViolations(page);
    await title.fill('Posso pagar com cartão de crédito?');
    await title.press('Enter');
    await page.waitForURL('**/admin/duvidas');
    await page.getByTestId('snackbar').getByText('Dúvida editada com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Posso pagar com cartão de crédito?' }).waitFor();
    expect(await storedTitles()).toEqual([...seeded, 'Posso pagar com cartão de crédito?']);

    // Delete: 'Não' keeps the entry; 'Sim' removes it.
    const edited = cards(page).filter({ hasText: 'Posso pagar com cartão de crédito?' });
    await edited.getByRole('button', { name: /Excluir/ }).click();
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain(
      'Você tem certeza que deseja excluir a dúvida "Posso pagar com cartão de crédito?"?',
    );
    await shot(page, 'faq-delete-confirm');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Não' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await storedTitles()).toHaveLength(seeded.length + 1);

    await edited.getByRole('button', { name: /Excluir/ }).click();
    await modal.getByRole('button', { name: 'Sim' }).click();
    await page.getByTestId('snackbar').getByText('Duvida excluída com sucesso!').waitFor();
    await edited.waitFor({ state: 'detached' });
    expect(await storedTitles()).toEqual(seeded);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('faq-list-title');

    // Every remaining entry, confirmed with the keyboard (the question opens on 'Não': Tab to 'Sim', Enter), down to
    // the empty text.
    for (let left = seeded.length; left > 0; left--) {
      await cards(page)
        .first()
        .getByRole('button', { name: /Excluir/ })
        .click();
      await modal.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => cards(page).count()).toBe(left - 1);
    }
    await page.getByText('Nenhuma dúvida frequente adicionada').waitFor();
    expect(await storedTitles()).toEqual([]);
    await shot(page, 'faq-empty');
    await expectNoAxeViolations(page);
  });

  it('shows the list on a phone and Cancelar goes back to it', async () => {
    await portal.database.db
      .insert(faqItems)
      .values({ title: 'Como recebo o boleto?', description: 'Por e-mail ou SMS.' });
    const page = await loggedIn(PHONE);
    await page.goto(portal.url(null, '/admin/duvidas'));
    await page.getByRole('heading', { name: 'Como recebo o boleto?' }).waitFor();
    await shot(page, 'faq-list-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Nova dúvida' }).click();
    await page.getByRole('heading', { name: 'Cadastrar nova dúvida' }).waitFor();
    await shot(page, 'faq-create-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/admin/duvidas');
  });

  it("files an entry under a partner; an operator writes only their partners' entries", async () => {
    const db = portal.database.db;
    const [acme] = await db.select().from(partners).where(eq(partners.identifier, 'acme'));
    await db.insert(faqItems).values({ title: 'Dúvida de todos', description: 'Lista padrão.' });
    const page = await loggedIn();
    await page.goto(portal.url(null, '/admin/cadastrar-duvida'));
    await page.getByLabel('Título').fill('Só para a Acme?');
    await page.getByLabel('Texto').fill('Sim, esta dúvida aparece só no portal da Acme.');
    await page.getByLabel('Parceiro').selectOption(String(acme!.id));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/admin/duvidas');
    const card = cards(page).filter({ hasText: 'Só para a Acme?' });
    expect(await card.getByTestId('faq-partner').textContent()).toBe(acme!.name);
    await expectNoAxeViolations(page);

    const operator = await createStaffUser(db, { ...OPERATOR, role: 'operator' });
    await setStaffAccess(db, operator.id, { role: 'operator', partnerIds: [acme!.id] });
    await context.close();
    const asOperator = await loggedIn(PHONE, OPERATOR);
    await asOperator.goto(portal.url(null, '/admin/duvidas'));
    const shared = cards(asOperator).filter({ hasText: 'Dúvida de todos' });
    await shared.waitFor();
    expect(await shared.getByRole('link', { name: /Editar/ }).count()).toBe(0);
    expect(await cards(asOperator).filter({ hasText: 'Só para a Acme?' }).getByRole('link').count()).toBe(1);
    await expectNoAxeViolations(asOperator);
    await asOperator.getByRole('link', { name: 'Nova dúvida' }).click();
    const select = asOperator.getByLabel('Parceiro');
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).not.toContain(
      'Todos os parceiros (lista padrão)',
    );
    await shot(asOperator, 'faq-create-operator-phone');
    await expectNoAxeViolations(asOperator);

    // Creating and archiving partners is an administrator's (the server refuses an operator): not offered.
    await asOperator.goto(portal.url(null, '/admin/parceiros'));
    await asOperator.getByTestId('partner-card').first().waitFor();
    expect(await asOperator.getByRole('link', { name: 'Novo parceiro' }).count()).toBe(0);
    expect(await asOperator.getByRole('button', { name: /^Arquivar/ }).count()).toBe(0);
  });

  it('an auditor reads every answer and is offered no write, here, on Parceiros nor on Cobrança', async () => {
    await createStaffUser(portal.database.db, { ...AUDITOR, role: 'auditor' });
    const page = await loggedIn(PHONE, AUDITOR);
    await page.getByTestId('partner-card').first().waitFor();
    expect(await page.getByRole('button', { name: /^Arquivar/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Novo parceiro' }).count()).toBe(0);

    await page.goto(portal.url(null, '/admin/duvidas'));
    const shared = cards(page).filter({ hasText: 'Dúvida de todos' });
    await shared.waitFor();
    await shared.getByText('Ver resposta').click();
    await shared.getByText('Lista padrão.').waitFor();
    expect(await page.getByRole('link', { name: 'Nova dúvida' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Editar/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Excluir/ }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto(portal.url(null, '/admin/cobranca'));
    await page.getByRole('heading', { name: 'Remessas de boletos' }).waitFor();
    expect(await page.getByRole('button', { name: 'Gerar remessa agora' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Importar retorno do banco' }).count()).toBe(0);
  });

  it("an entry that is not there shows 'Dados não encontrados' and returns to the list", async () => {
    const page = await loggedIn();
    await page.goto(portal.url(null, '/admin/atualizar-duvida/999999'));
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Dados não encontrados');
    await shot(page, 'faq-edit-not-found');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/duvidas');
  });

  it('without a token the FAQ screens go to /login', async () => {
    context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true, locale: 'pt-BR' });
    const page = await context.newPage();
    for (const path of ['/admin/duvidas', '/admin/cadastrar-duvida', '/admin/atualizar-duvida/1']) {
      await page.goto(portal.url(null, path));
      await page.waitForURL('**/login');
    }
  });
});
