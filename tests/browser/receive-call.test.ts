import { NO_WHATSAPP, RECEIVE_CALL_TITLES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  debtorRequests,
  partnerSections,
  partners,
  persons,
  stepLogs,
} from '../../apps/server/src/db/schema';
import { mimeParts } from '../../apps/server/test/smtp-peer';
import { browserSuite, openPage } from './browser-suite';
import { loginMaria, MARIA } from './debtor-login';
import { axeViolations } from './harness';

// Issue 19: the receive-call panel (spec 001 §2, §3 omniChannel, §4 step codes), call scheduling and digital contact
// (§5, §7, §8), cannot pay -> panel, and Sair, for three partners whose channels differ only by configuration: demo
// with a WhatsApp link, acme with only a number, negocie with no WhatsApp. On a phone (390x844).

const suite = browserSuite('/tmp/receive-call-screens', { LIMIT_LOGIN_PER_DOCUMENT: '100' });

/** Merges `fields` into a partner's configuration section, as the back office's partner form would. */
async function configure(
  identifier: string,
  name: string,
  change: (fields: Record<string, unknown>) => void,
) {
  const db = suite.portal.database.db;
  const [partner] = await db.select().from(partners).where(eq(partners.identifier, identifier));
  const where = and(eq(partnerSections.partnerId, partner!.id), eq(partnerSections.name, name));
  const [section] = await db.select().from(partnerSections).where(where);
  const fields = structuredClone(section!.fields);
  change(fields);
  await db.update(partnerSections).set({ fields }).where(where);
  suite.portal.app.partnerCache.invalidate(partner!.id);
}

const receiveCalls = (fields: Record<string, unknown>) => {
  fields.menuDebits = { ...(fields.menuDebits as object), flgReceberLigacao: true };
};

beforeAll(async () => {
  await configure('demo', 'omniChannel', (fields) => {
    fields.whatsappLinkOmni = 'https://api.whatsapp.com/send?phone=5511987650000';
  });
  await configure('acme', 'customization', receiveCalls);
  await configure('negocie', 'customization', (fields) => {
    receiveCalls(fields);
    fields.landPage = { ...(fields.landPage as object), flgIntegraRobo: true };
  });
  await configure('negocie', 'omniChannel', (fields) => {
    delete fields.whatsappOmni;
  });
  await configure('negocie', 'contact', (fields) => {
    delete fields.whatsapp;
  });
});

async function open(partner: string): Promise<Page> {
  const page = await openPage(suite, 390, 844);
  await page.goto(suite.portal.url(partner, '/'));
  await loginMaria(page);
  await page.waitForURL('**/menu');
  return page;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function expectModal(page: Page, title: string, text: string): Promise<void> {
  const modal = page.getByTestId('modal');
  await modal.getByRole('heading', { name: title }).waitFor();
  expect(await modal.getByText(text, { exact: true }).count()).toBe(1);
  await modal.getByRole('button').first().click();
  await modal.waitFor({ state: 'detached' });
}

/** The panel's tiles, by test id, with where each link goes. */
async function tiles(panel: Locator): Promise<[string, string | null][]> {
  return panel
    .getByRole('listitem')
    .locator('> *')
    .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-testid')!, n.getAttribute('href')]));
}

async function mariaRequests(kind: 'call' | 'whatsapp') {
  const db = suite.portal.database.db;
  const [maria] = await db.select().from(persons).where(eq(persons.cpfCnpj, MARIA.digits));
  return db
    .select({ phone: debtorRequests.phone, partnerId: debtorRequests.partnerId })
    .from(debtorRequests)
    .where(and(eq(debtorRequests.kind, kind), eq(debtorRequests.personId, maria!.id)));
}

async function stepsLogged(code: number): Promise<number> {
  const db = suite.portal.database.db;
  const rows = await db
    .select({ id: stepLogs.id })
    .from(stepLogs)
    .where(and(eq(stepLogs.stepCode, code), eq(stepLogs.cpfCnpj, MARIA.digits)));
  return rows.length;
}

/** Minhas Dívidas from the menu: the first card, opened on a phone. */
async function firstDebtCard(page: Page): Promise<Locator> {
  await page.getByTestId('tile-myDebits').click();
  const card = page.getByTestId('debt-card').first();
  await card.waitFor();
  const toggle = card.getByTestId('debt-toggle');
  if (await toggle.isVisible()) await toggle.click();
  return card;
}

async function followExternalLink(page: Page, link: Locator): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
}

describe('receive-call panel (issue 19)', () => {
  it('demo, WhatsApp link: Sair opens the panel; the call scheduling validates, is stored, e-mailed, and logs out', async () => {
    const page = await open('demo');
    await page.getByRole('button', { name: 'Sair' }).click();
    const panel = page.getByTestId('receive-call');
    await panel.getByRole('heading', { name: RECEIVE_CALL_TITLES.leaving }).waitFor();
    // The link has priority over the number; no SMS or boleto e-mail outside send-boletos mode.
    expect(await tiles(panel)).toEqual([
      ['channel-call', null],
      ['channel-whatsapp-contact', null],
      ['channel-chat', 'https://demo.example.com/chat'],
      ['channel-email', 'mailto:atendimento@demo.example.com'],
      ['channel-telegram', 'https://t.me/exemplo'],
      ['channel-whatsapp', 'https://api.whatsapp.com/send?phone=5511987650000'],
    ]);
    expect(await panel.locator('a[target="_blank"][rel~="noopener"]').count()).toBe(4);
    await expectNoAxeViolations(page);

    // Keyboard: the phone call toggles to the scheduling, focused on its heading.
    await panel.getByTestId('channel-call').focus();
    await page.keyboard.press('Enter');
    const heading = panel.getByRole('heading', { name: 'Agende uma ligação' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const phone = panel.getByLabel('Telefone para a ligação');
    await phone.fill('2199');
    await panel.getByRole('button', { name: 'Agendar ligação' }).click();
    await panel.getByText('Informe um número de telefone válido.', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    expect(await mariaRequests('call')).toEqual([]);
    // Back to the channels and again.
    await panel.getByTestId('receive-call-back').click();
    await panel.getByTestId('channel-call').click();
    await phone.fill('21998765432');
    expect(await phone.inputValue()).toBe('(21) 99876-5432');
    await panel.getByRole('button', { name: 'Agendar ligação' }).click();
    await expectModal(page, 'Sucesso', 'Nova chamada agendada.');
    // The panel closed: the session ended and the person is on the landing page.
    await page.waitForURL(suite.portal.url('demo', '/'));
    await page.goto(suite.portal.url('demo', '/menu'));
    await page.waitForURL(suite.portal.url('demo', '/'));

    const [demo] = await suite.portal.database.db
      .select()
      .from(partners)
      .where(eq(partners.identifier, 'demo'));
    expect(await mariaRequests('call')).toEqual([{ phone: '21998765432', partnerId: demo!.id }]);
    await expect.poll(() => stepsLogged(20)).toBe(2);
    // The partner's e-mail, through the outbox, at the SMTP server.
    const { smtp } = suite.portal;
    const forDemo = () => smtp.received.filter((m) => m.to.includes('contato@demo.example.com'));
    await expect.poll(() => forDemo().length, { timeout: 15_000 }).toBe(1);
    const text = mimeParts(forDemo()[0]!)
      .find((p) => p.contentType === 'text/plain')!
      .content.toString('utf8');
    expect(text).toContain('Telefone: (21) 99876-5432');
    expect(text).toContain('Nome: Maria da Silva Santos');
  });

  it('acme, a WhatsApp number: cannot pay with a reason opens the panel; WhatsApp with 55; digital contact', async () => {
    const page = await open('acme');
    const card = await firstDebtCard(page);
    await card.getByTestId('panel-cantPay').click();
    const form = card.getByTestId('cant-pay-form');
    await form.getByRole('button', { name: 'Continuar' }).click();
    await form.getByText('Escolha um dos motivos para continuar.', { exact: true }).waitFor();
    await form.getByRole('radio', { name: 'Desemprego' }).check();
    await form.getByRole('button', { name: 'Continuar' }).click();

    const panel = page.getByTestId('receive-call');
    await panel.getByRole('heading', { name: RECEIVE_CALL_TITLES.Desemprego }).waitFor();
    expect(await panel.getByTestId('channel-whatsapp').getAttribute('href')).toBe(
      'https://wa.me/5511987650000',
    );
    await expectNoAxeViolations(page);
    // After a cannot-pay reason a channel is logged as 15, a request as 16 (spec 001 §4).
    await followExternalLink(page, panel.getByTestId('channel-whatsapp'));
    await expect.poll(() => stepsLogged(15)).toBe(1);

    await panel.getByTestId('channel-whatsapp-contact').click();
    const whatsapp = panel.getByLabel('Seu WhatsApp');
    await whatsapp.fill('2134567890');
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await panel.getByText('Informe um número de WhatsApp válido.', { exact: true }).waitFor();
    await whatsapp.fill('21998765432');
    await panel.getByRole('button', { name: 'Enviar' }).click();
    await expectModal(
      page,
      'Sucesso',
      'Recebemos o seu número. Entraremos em contato pelo WhatsApp em breve.',
    );
    await panel.waitFor({ state: 'detached' });
    expect(await card.getByTestId('debt-panel').count()).toBe(0);
    expect((await mariaRequests('whatsapp')).map((r) => r.phone)).toEqual(['21998765432']);
    await expect.poll(() => stepsLogged(16)).toBe(1);
  });

  it('negocie, no WhatsApp: none offered, the missing-number message; after an agreement Sair goes straight out', async () => {
    const page = await open('negocie');
    await page.getByTestId('whatsapp-float').click();
    await expectModal(page, NO_WHATSAPP.title, NO_WHATSAPP.text);

    await page.getByRole('button', { name: 'Sair' }).click();
    const panel = page.getByTestId('receive-call');
    await panel.getByRole('heading', { name: RECEIVE_CALL_TITLES.leaving }).waitFor();
    expect((await tiles(panel)).map(([id]) => id)).toEqual([
      'channel-call',
      'channel-chat',
      'channel-email',
      'channel-telegram',
    ]);
    // Escape closes the panel and leaves.
    await page.keyboard.press('Escape');
    await page.waitForURL(suite.portal.url('negocie', '/'));

    // An agreement made through the portal: Sair then skips the panel.
    await loginMaria(page);
    const card = await firstDebtCard(page);
    await card.getByTestId('panel-paymentOptions').click();
    const options = card.getByTestId('payment-options');
    await options.getByTestId('po-plan-list').getByRole('radio').first().check();
    await options.getByRole('button', { name: 'Continuar' }).click();
    const confirm = options.getByTestId('po-confirm');
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await page.getByTestId('modal').getByRole('heading', { name: 'Parabéns' }).waitFor();
    await page.waitForURL('**/meus-acordos');
    await page.goto(suite.portal.url('negocie', '/menu'));
    const endings: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('b=sair')) endings.push(request.url());
    });
    // A double tap ends the session once.
    await page.getByRole('button', { name: 'Sair' }).dblclick();
    await page.waitForURL(suite.portal.url('negocie', '/'));
    expect(endings).toHaveLength(1);
    expect(await page.getByTestId('receive-call').count()).toBe(0);
  });
});
