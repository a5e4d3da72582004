import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faqItems } from '../../apps/server/src/db/schema/faq';
import { partners } from '../../apps/server/src/db/schema/partners';
import { setStaffAccess } from '../../apps/server/src/repositories/staff-repository';
import type { StaffRole } from '../../apps/server/src/repositories/staff-scope';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { browserSuite, portugueseContext } from './browser-suite';
import { axeViolations } from './harness';
import { logInToPartners } from './staff-login';

// Decision 024 through the built web app: a role that may not write is offered no write. An auditor reads stores,
// partners and FAQ entries in read-only forms and gets 'Acesso negado' on the create screens; an operator gets it
// on 'Cadastrar novo parceiro', which only an administrator uses. An archived partner's FAQ entry, which nobody may
// change (decision 014), reads so even for an administrator.

const SHOTS = '/tmp/admin-read-only-screens';
const suite = browserSuite(SHOTS);
const AUDITOR = { username: 'auditor.browser', password: 'Auditor#2026x' };
const OPERATOR = { username: 'operador.browser', password: 'Operador#2026x' };
const ADMIN = { username: 'admin.browser', password: 'Administrador#2026x' };
const DENIED = 'Acesso negado: esta área não está disponível para o seu perfil.';

async function staffMember(
  who: { username: string; password: string },
  role: StaffRole,
  partnerIds: number[],
) {
  const { db } = suite.portal.database;
  const { id } = await createStaffUser(db, { ...who, role, mustChangePassword: false });
  await setStaffAccess(db, id, { role, partnerIds });
}

async function acmeId(): Promise<number> {
  const [row] = await suite.portal.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.identifier, 'acme'));
  return row!.id;
}

async function expectDenied(page: Page, path: string, title: string) {
  await page.goto(suite.portal.url(null, path));
  await page.getByTestId('access-denied').getByText(DENIED).waitFor();
  expect(await page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
  expect(await page.locator('form').count()).toBe(0);
}

/** The form opened read-only: a note, every field disabled, no Salvar. */
async function expectReadOnly(page: Page) {
  await page.getByTestId('read-only-note').waitFor();
  expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
  const fields = page.locator('form input:not([type=hidden]), form select, form textarea');
  // The plan preview (a read every role may do) stays usable; every field of the record is disabled.
  const editable = await fields.evaluateAll((elements) =>
    elements
      .filter((element) => !element.matches(':disabled') && !element.closest('[data-testid="store-preview"]'))
      .map((element) => element.getAttribute('name') ?? element.id),
  );
  expect(editable).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
}

async function loggedIn(browser: Browser, who: { username: string; password: string }) {
  suite.context = await portugueseContext(browser);
  const page = await suite.context.newPage();
  await logInToPartners(page, suite.portal.url(null, '/login'), who);
  return page;
}

describe('read-only roles in the back office', () => {
  it('an auditor reads stores, partners and FAQ entries without a write, and is denied the create screens', async () => {
    await staffMember(AUDITOR, 'auditor', []);
    const page = await loggedIn(suite.browser, AUDITOR);

    await page.goto(suite.portal.url(null, '/admin/lojas'));
    const card = page.getByTestId('store-card').first();
    await card.waitFor();
    expect(await page.getByRole('link', { name: /^Editar/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Nova loja' }).count()).toBe(0);
    await card.getByRole('link', { name: /^Ver/ }).click();
    await page.getByRole('heading', { name: 'Atualizar loja' }).waitFor();
    await expectReadOnly(page);
    await page.screenshot({ path: `${SHOTS}/store.png`, fullPage: true });

    await page.goto(suite.portal.url(null, `/admin/atualizar-parceiro/acme/${await acmeId()}`));
    await page.getByRole('heading', { name: 'Atualizar parceiro' }).waitFor();
    await page.getByTestId('partner-form').waitFor();
    await expectReadOnly(page);

    const [entry] = await suite.portal.database.db.select({ id: faqItems.id }).from(faqItems).limit(1);
    await page.goto(suite.portal.url(null, `/admin/atualizar-duvida/${entry!.id}`));
    await page.getByTestId('faq-form').waitFor();
    await expectReadOnly(page);

    await expectDenied(page, '/admin/lojas/nova', 'Cadastrar nova loja');
    await expectDenied(page, '/admin/cadastrar-duvida', 'Cadastrar nova dúvida');
    await expectDenied(page, '/admin/cadastrar-parceiro', 'Cadastrar novo parceiro');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('an operator of one partner is denied the creation of partners and stores', async () => {
    await staffMember(OPERATOR, 'operator', [await acmeId()]);
    const page = await loggedIn(suite.browser, OPERATOR);
    await expectDenied(page, '/admin/cadastrar-parceiro', 'Cadastrar novo parceiro');
    // A store's CPF/CNPJ files a creditor's debts under it (decision 027): a new store is an administrator's.
    await expectDenied(page, '/admin/lojas/nova', 'Cadastrar nova loja');
    await page.goto(suite.portal.url(null, '/admin/lojas'));
    await page.getByTestId('store-list').waitFor();
    expect(await page.getByTestId('store-new').count()).toBe(0);
    // Their partner's store they edit, but not its CPF/CNPJ nor where its money goes; the save keeps them.
    await page
      .getByTestId('store-card')
      .filter({ hasText: 'Faculdade Saber' })
      .getByRole('link', { name: 'Editar' })
      .click();
    const cpfCnpj = page.getByLabel('CPF/CNPJ');
    await cpfCnpj.waitFor();
    expect(await cpfCnpj.isDisabled()).toBe(true);
    expect(await page.getByLabel('Chave PIX').isDisabled()).toBe(true);
    expect(await page.getByLabel('Provedor').isDisabled()).toBe(true);
    await page.getByLabel('Tolerância antes da quebra do acordo (dias)').fill('6');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Loja atualizada com sucesso!').waitFor();
    // Their own partner they may edit.
    await page.goto(suite.portal.url(null, `/admin/atualizar-parceiro/acme/${await acmeId()}`));
    await page.getByTestId('partner-form').waitFor();
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(1);
    expect(await page.getByTestId('read-only-note').count()).toBe(0);
    // Not its company nor its stores, which decide whose debts they see (decision 024); the save keeps them.
    expect(await page.getByLabel('Código da empresa (emp_codigo)').isDisabled()).toBe(true);
    expect(await page.getByLabel('Lojas que negociam (loj_codigo)').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Parceiro atualizado com sucesso!').waitFor();
  });

  it("an administrator reads an archived partner's FAQ entry read-only, told why, and may still delete it", async () => {
    const { db } = suite.portal.database;
    const [archived] = await db
      .update(partners)
      .set({ archivedAt: new Date() })
      .where(eq(partners.identifier, 'prefeitura'))
      .returning({ id: partners.id, name: partners.name });
    const title = 'Dúvida de um parceiro arquivado';
    await db.insert(faqItems).values({ title, description: 'Resposta.', partnerId: archived!.id });
    await staffMember(ADMIN, 'administrator', []);
    const page = await loggedIn(suite.browser, ADMIN);
    await page.goto(suite.portal.url(null, '/admin/duvidas'));
    const card = page.getByTestId('faq-card').filter({ hasText: title });
    expect(await card.getByTestId('faq-partner').textContent()).toBe(`${archived!.name} (arquivado)`);
    // The server refuses its changes (409), not its deletion: Ver instead of Editar, and Excluir.
    expect(await card.getByRole('link', { name: /^Editar/ }).count()).toBe(0);
    await card.getByRole('link', { name: /^Ver/ }).click();
    await page.getByRole('heading', { name: 'Atualizar dúvida' }).waitFor();
    await expectReadOnly(page);
    expect(await page.getByTestId('read-only-note').textContent()).toBe(
      'Somente leitura. O parceiro desta dúvida está arquivado: ela pode ser excluída, mas não alterada.',
    );
    await page.screenshot({ path: `${SHOTS}/faq-archived-partner.png`, fullPage: true });
    await page.getByRole('button', { name: 'Voltar' }).click();
    await card.getByRole('button', { name: /^Excluir/ }).click();
    await page.getByTestId('modal').getByRole('button', { name: 'Sim' }).click();
    await page.getByTestId('snackbar').getByText('Duvida excluída com sucesso!').waitFor();
    expect(await db.select().from(faqItems).where(eq(faqItems.title, title))).toEqual([]);
  });
});
