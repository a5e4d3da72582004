import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { landingAppRunning, type Portal } from './harness';

// The demo debtor's logins through the landing page's search box, shared by the debtor-area browser tests.

export interface DemoDebtor {
  cpf: string;
  digits: string;
  birthDate: string;
  phone: string;
}

export const MARIA: DemoDebtor = {
  cpf: '529.982.247-25',
  digits: '52998224725',
  birthDate: '15/05/1990',
  phone: '(11) 98765-4321',
};

/** The demo debtor whose seeded agreement has a paid, an overdue and an open instalment (README). */
export const JOAO: DemoDebtor = {
  cpf: '390.533.447-05',
  digits: '39053344705',
  birthDate: '01/02/1985',
  phone: '(21) 99876-5432',
};

export async function solveRobotCheck(page: Page): Promise<void> {
  const widget = page.getByTestId('altcha');
  await widget.getByRole('checkbox', { name: 'Eu não sou um robô' }).waitFor();
  await widget.getByText('Eu não sou um robô', { exact: true }).click();
  await widget.locator('[data-state="verified"]').waitFor();
}

export async function searchDebtor(page: Page, debtor: DemoDebtor): Promise<void> {
  await landingAppRunning(page);
  const box = page.getByTestId('search-input');
  await box.fill(debtor.cpf);
  await box.press('Enter');
  await page.waitForURL('**/confirmar-dados');
}

/** ConfirmBirthday with the debtor's birth date and phone (Maria's by default), the agreement and the robot check. */
export async function confirmMaria(page: Page, debtor: DemoDebtor = MARIA): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Data de nascimento', { exact: true }).fill(debtor.birthDate);
  await form.getByLabel('Telefone', { exact: true }).fill(debtor.phone);
  await form.getByRole('checkbox', { name: /^Autorizo/ }).check();
  await solveRobotCheck(page);
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** A demo debtor logs in (birth date, phone, robot check) and lands where the server sends them. */
export async function loginDebtor(page: Page, debtor: DemoDebtor): Promise<void> {
  await searchDebtor(page, debtor);
  await confirmMaria(page, debtor);
  await page.getByTestId('debts-greeting').waitFor();
}

export const loginMaria = (page: Page) => loginDebtor(page, MARIA);

/** On a token partner (senff): birth date, then the SMS code read from the outbox, then the menu. */
export async function loginMariaWithSmsToken(page: Page, portal: Portal): Promise<void> {
  await searchDebtor(page, MARIA);
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

/**
 * The payment options of a store's first card on Minhas Dívidas (at `url`), opened as the person would (the card
 * expanded on a phone first), or of the first card when no store is named.
 */
export async function openPaymentOptions(page: Page, url: string, store?: string): Promise<Locator> {
  await page.goto(url);
  const cards = page.getByTestId('debt-card');
  const card = (
    store ? cards.filter({ has: page.getByRole('heading', { level: 2, name: store, exact: true }) }) : cards
  ).first();
  await card.waitFor();
  const toggle = card.getByTestId('debt-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await card.getByTestId('panel-paymentOptions').click();
  return card.getByTestId('payment-options');
}
