import type { Page } from 'playwright-core';

// The staff login screen (spec 002 §2), shared by the back-office browser tests.

/** Fills the login form and submits it. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acessar Conta' }).click();
}

/** Logs in from /login and waits for ListPartners, where a login lands (spec 002 §2, §4). */
export async function logInToPartners(
  page: Page,
  url: string,
  staff: { username: string; password: string },
) {
  await page.goto(url);
  await logIn(page, staff.username, staff.password);
  await page.waitForURL('**/admin/parceiros');
}
