import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { landingAppRunning, type Portal } from './harness';

// The demo debtor's logins through the landing page's search box, shared by the debtor-area browser tests.

export const MARIA = {
  cpf: '529.982.247-25',
  digits: '52998224725',
  birthDate: '15/05/1990',
  phone: '(11) 98765-4321',
};

export async function solveRobotCheck(page: Page): Promise<void> {
  const widget = page.getByTestId('altcha');
  await widget.getByRole('checkbox', { name: 'Eu não sou um robô' }).waitFor();
  await widget.getByText('Eu não sou um robô', { exact: true }).click();
  await widget.locator('[data-state="verified"]').waitFor();
}

async function searchMaria(page: Page): Promise<void> {
  await landingAppRunning(page);
  const box = page.getByTestId('search-input');
  await box.fill(MARIA.cpf);
  await box.press('Enter');
  await page.waitForURL('**/confirmar-dados');
}

/** ConfirmBirthday with Maria's birth date and phone, the agreement and the robot check. */
export async function confirmMaria(page: Page): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Data de nascimento', { exact: true }).fill(MARIA.birthDate);
  await form.getByLabel('Telefone', { exact: true }).fill(MARIA.phone);
  await form.getByRole('checkbox', { name: /^Autorizo/ }).check();
  await solveRobotCheck(page);
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Maria logs in (birth date, phone, robot check) and lands where the server sends her. */
export async function loginMaria(page: Page): Promise<void> {
  await searchMaria(page);
  await confirmMaria(page);
  await page.getByTestId('debts-greeting').waitFor();
}

/** On a token partner (senff): birth date, then the SMS code read from the outbox, then the menu. */
export async function loginMariaWithSmsToken(page: Page, portal: Portal): Promise<void> {
  await searchMaria(page);
  const before = (await portal.latestMessage('sms'))?.id ?? 0;
  const form = page.getByTestId('login-form');
  await form.getByLabel('Data de nascimento', { exact: true }).fill(MARIA.birthDate);
  await form.getByRole('checkbox', { name: /^Autorizo/ }).check();
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL('**/verificar-token');
  await expect.poll(async () => (await portal.latestMessage('sms'))?.id ?? 0).toBeGreaterThan(before);
  const token = /\b(\d{6})\b/.exec((await portal.latestMessage('sms'))!.bodyText)![1]!;
  await page.getByLabel('Código de 6 dígitos', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Continuar', exact: true }).click();
  await page.getByTestId('debts-greeting').waitFor();
}
