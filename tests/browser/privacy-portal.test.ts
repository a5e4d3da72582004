import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { partners, privacyRequests, staffUsers } from '../../apps/server/src/db/schema';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import {
  axeViolations,
  brokenWords,
  connectChromium,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';
import { logInToPartners } from './staff-login';

// PrivacyPortal at /portal-de-privacidade (spec 000 §2 "Privacy portal", §3 and §5 "Rights request form", §8) and
// the back office's privacy queue at /admin/privacidade (issue 6 item 1), through the built web app.

const SHOTS = '/tmp/privacy-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const STAFF = { username: 'privacidade.browser', password: 'Privacidade#2026' };
const REQUIRED = 'Preencha todos os campos, por favor.';
const SUCCESS =
  'Sua solicitação foi enviada com sucesso. Entraremos em contato em breve, para falar com você sobre a resolução da sua solicitação.';
const FAILURE = 'Erro ao enviar a sua solicitação. Tente novamente mais tarde.';
const PROTOCOL = /LGPD-\d{8}-[0-9A-HJKMNP-TV-Z]{6}/;

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

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

async function open(
  path = '/portal-de-privacidade',
  options: { partner?: string | null; viewport?: typeof PHONE; cookieChoice?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    bypassCSP: true,
    locale: 'pt-BR',
  });
  if (options.cookieChoice !== false) await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url(options.partner ?? null, path));
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillRequest(page: Page, values: { name: string; email: string; type: string; text: string }) {
  await field(page, 'Nome *').fill(values.name);
  await field(page, 'Telefone *').pressSequentially('41987654321');
  await field(page, 'E-mail *').fill(values.email);
  await field(page, 'Tipo de solicitação *').selectOption(values.type);
  await field(page, 'Solicitação *').fill(values.text);
}

const brasiliaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const br = (iso: string) => iso.split('-').reverse().join('/');

describe('privacy portal', () => {
  it('opens on the request form and moves between the three tabs by keyboard, each without axe violations', async () => {
    const page = await open();
    const request = tab(page, 'Solicitação de direitos');
    const policy = tab(page, 'Política de privacidade');
    const rights = tab(page, 'Seus direitos');
    await request.waitFor();
    expect(await request.getAttribute('aria-selected')).toBe('true');
    expect(await policy.getAttribute('tabindex')).toBe('-1');
    await page.getByRole('heading', { name: 'Portal de privacidade', level: 1 }).waitFor();
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      'aba-solicitacaoDeDireitos',
    );
    await expect.poll(() => page.title()).toBe('Portal Demo - Portal de privacidade');
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Selecione',
      'Acesso aos dados',
      'Confirmação da existência de tratamento',
      'Correção de dados',
      'Anonimização/bloqueio/eliminação',
      'Portabilidade',
      'Eliminação',
      'Informação sobre compartilhamento',
      'Revisão de decisões automatizadas',
      'Revogação de consentimento',
      'Outros',
    ]);
    await shot(page, 'request-tab');
    expect(await axeViolations(page)).toEqual([]);

    await request.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => policy.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('aba-politicaDePrivacidade');
    expect(new URL(page.url()).searchParams.get('aba')).toBe('politicaDePrivacidade');
    // The policy TermsLGPD shows, with the partner's company data.
    const policyText = (await page.getByRole('tabpanel').textContent()) ?? '';
    for (const fact of [
      '5 anos',
      '15 dias',
      'Não vendemos',
      'identificador da sessão',
      'contato@demo.example.com',
    ])
      expect(policyText, fact).toContain(fact);
    await shot(page, 'policy-tab');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => rights.getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('aba')).toBe('seusDireitos');
    const rightsPanel = page.getByRole('tabpanel');
    const rightsText = (await rightsPanel.textContent()) ?? '';
    for (const fact of ['artigo 18', 'Portabilidade', 'Revisão de decisões automatizadas', '15 dias', 'ANPD'])
      expect(rightsText, fact).toContain(fact);
    expect(await rightsPanel.getByRole('link', { name: 'Meus dados' }).getAttribute('href')).toBe(
      '/meus-dados',
    );
    await shot(page, 'rights-tab');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => request.getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('End');
    await expect.poll(() => rights.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => policy.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await expect.poll(() => request.getAttribute('aria-selected')).toBe('true');

    await page.goto(portal.url(null, '/portal-de-privacidade?aba=seusDireitos'));
    await tab(page, 'Seus direitos').waitFor();
    expect(await tab(page, 'Seus direitos').getAttribute('aria-selected')).toBe('true');
  });

  it('asks for every field with the spec message, focuses the first one missing and loses nothing typed', async () => {
    const page = await open();
    const send = page.getByRole('button', { name: 'Enviar' });
    await send.click();
    await expect.poll(() => page.getByText(REQUIRED).count()).toBe(5);
    expect(await activeName(page)).toBe('nome');
    await shot(page, 'request-missing');
    expect(await axeViolations(page)).toEqual([]);

    await field(page, 'Nome *').fill('Ana Souza');
    await field(page, 'Telefone *').pressSequentially('41987654321');
    expect(await field(page, 'Telefone *').inputValue()).toBe('(41) 98765-4321');
    await send.click();
    await expect.poll(() => activeName(page)).toBe('email');
    expect(await page.getByText(REQUIRED).count()).toBe(3);

    await field(page, 'E-mail *').fill('ana@');
    await field(page, 'Tipo de solicitação *').selectOption('Portabilidade');
    await field(page, 'Solicitação *').fill('Quero levar meus dados para outra empresa.');
    await send.click();
    await page.getByText('Digite um e-mail válido').waitFor();
    expect(await activeName(page)).toBe('email');
    expect(await page.getByText(REQUIRED).count()).toBe(0);
    expect(await field(page, 'Nome *').inputValue()).toBe('Ana Souza');
    expect(await field(page, 'Tipo de solicitação *').inputValue()).toBe('Portabilidade');

    // Switching tabs keeps the form as it was.
    await tab(page, 'Seus direitos').click();
    await tab(page, 'Solicitação de direitos').click();
    expect(await field(page, 'Solicitação *').inputValue()).toBe(
      'Quero levar meus dados para outra empresa.',
    );
    expect(await portal.database.db.select().from(privacyRequests)).toEqual([]);
  });

  it('shows the spec failure message when sending fails, keeping everything typed', async () => {
    const page = await open();
    await page.route('**/api.php?a=portal&b=enviarSolicitacaoPrivacidade', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"retorno":false}' }),
    );
    await fillRequest(page, {
      name: 'Carla Dias',
      email: 'carla@example.com',
      type: 'Correção de dados',
      text: 'Meu endereço mudou.',
    });
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('alert').filter({ hasText: FAILURE }).waitFor();
    // The focus is on the message, not lost with the button that was disabled while sending: the next Tab is Enviar.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(FAILURE);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enviar');
    expect(await field(page, 'Nome *').inputValue()).toBe('Carla Dias');
    expect(await field(page, 'Telefone *').inputValue()).toBe('(41) 98765-4321');
    expect(await field(page, 'Solicitação *').inputValue()).toBe('Meu endereço mudou.');
  });

  it('does not leave the receipt of an earlier request on screen when the next one fails', async () => {
    const page = await open();
    const send = page.getByRole('button', { name: 'Enviar' });
    await fillRequest(page, {
      name: 'Diana Reis',
      email: 'diana@example.com',
      type: 'Acesso aos dados',
      text: 'Quero saber quais dados vocês têm.',
    });
    await send.click();
    await page.getByTestId('privacy-receipt').waitFor();

    await page.route('**/api.php?a=portal&b=enviarSolicitacaoPrivacidade', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"retorno":false}' }),
    );
    await fillRequest(page, {
      name: 'Diana Reis',
      email: 'diana@example.com',
      type: 'Portabilidade',
      text: 'Também quero levar os dados.',
    });
    await send.click();
    await page.getByRole('alert').filter({ hasText: FAILURE }).waitFor();
    // Only the failure is said: 'enviada com sucesso' beside it would speak of a request that was not sent.
    expect(await page.getByTestId('privacy-receipt').count()).toBe(0);
    expect(await page.getByText(SUCCESS).count()).toBe(0);
  });

  it('sends a request: the success text and protocol on screen, the form cleared, both e-mails delivered', async () => {
    const page = await open();
    await fillRequest(page, {
      name: 'Bruno Lima',
      email: 'bruno@example.com',
      type: 'Revogação de consentimento',
      text: 'Não quero mais receber ligações.',
    });
    const send = page.getByRole('button', { name: 'Enviar' });
    await send.click();
    const receipt = page.getByTestId('privacy-receipt');
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain(SUCCESS);
    // Spec 000 §8 success snackbar, verbatim.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Solicitação enviada com sucesso!' }).count())
      .toBeGreaterThan(0);
    const protocol = (await page.getByTestId('privacy-protocol').textContent()) ?? '';
    expect(protocol).toMatch(new RegExp(`^${PROTOCOL.source}$`));
    expect(text).toContain('bruno@example.com');
    expect(text).toContain(`Responderemos até ${br(addDays(brasiliaToday(), 15))}`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'privacy-receipt',
    );
    for (const label of ['Nome *', 'Telefone *', 'E-mail *', 'Tipo de solicitação *', 'Solicitação *'])
      expect(await field(page, label).inputValue(), label).toBe('');
    await shot(page, 'request-sent');
    expect(await axeViolations(page)).toEqual([]);

    const [row] = await portal.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.protocol, protocol));
    expect(row).toMatchObject({
      name: 'Bruno Lima',
      phone: '41987654321',
      requestType: 'Revogação de consentimento',
    });
    await expect
      .poll(
        () =>
          portal.smtp.received
            .filter((mail) => mail.raw.includes(protocol))
            .map((mail) => mail.to[0])
            .sort(),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['bruno@example.com', 'contato@demo.example.com']);
  });

  it('is linked as "Portal de privacidade" from the landing menu, footer and cookie banner', async () => {
    const page = await open('/', { partner: 'acme', viewport: DESKTOP, cookieChoice: false });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Portal de privacidade' })
      .click();
    await tab(page, 'Solicitação de direitos').waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal-de-privacidade');
    await expect.poll(() => page.title()).toBe('Acme Cobranças - Portal de privacidade');

    for (const region of ['contentinfo', 'region'] as const) {
      await page.goto(portal.url('acme'));
      const scope =
        region === 'contentinfo'
          ? page.getByRole('contentinfo')
          : page.getByRole('region', { name: 'Aviso de cookies' });
      await scope.getByRole('link', { name: 'Portal de privacidade' }).click();
      await tab(page, 'Solicitação de direitos').waitFor();
      expect(new URL(page.url()).pathname, region).toBe('/portal-de-privacidade');
    }
  });

  it('lists the new request in the back office with its deadline, flags an overdue one, and moves it to answered', async () => {
    const answer = await fetch(portal.url(null, '/api.php?a=portal&b=enviarSolicitacaoPrivacidade'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: 'Daniela Rocha',
        telefone: '(11) 91234-5678',
        email: 'daniela@example.com',
        tipoRequisicao: 'Eliminação',
        solicitacao: 'Apaguem meus dados, por favor.',
      }),
    }).then((res) => res.json() as Promise<{ dados: { protocolo: string; prazo: string } }>);
    const { protocolo, prazo } = answer.dados;
    // Another request, received 17 days ago: two days past its deadline.
    const [demo] = await portal.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    await portal.database.db.insert(privacyRequests).values({
      partnerId: demo!.id,
      protocol: 'LGPD-20200101-ATRAS0',
      name: 'Eduardo Prado',
      phone: '11912345678',
      email: 'eduardo@example.com',
      requestType: 'Acesso aos dados',
      message: 'Quero ver meus dados.',
      dueOn: addDays(brasiliaToday(), -2),
      createdAt: new Date(Date.now() - 17 * 86_400_000),
    });

    context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true, locale: 'pt-BR' });
    await refuseCookiesBeforehand(context);
    const page = await context.newPage();
    await logInToPartners(page, portal.url(null, '/login'), STAFF);
    await page
      .getByRole('navigation', { name: 'Menu administrativo' })
      .getByRole('link', { name: 'Privacidade' })
      .click();
    await page.waitForURL('**/admin/privacidade');
    await page.getByRole('heading', { name: 'Solicitações de privacidade' }).waitFor();
    const row = page.getByTestId('privacy-request').filter({ hasText: protocolo });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    for (const fact of [
      'Portal Demo',
      'Eliminação',
      'Daniela Rocha',
      'daniela@example.com',
      '(11) 91234-5678',
    ])
      expect(rowText, fact).toContain(fact);
    expect(await row.getByTestId('privacy-deadline').textContent()).toBe(`${br(prazo)}Faltam 15 dias`);
    expect(await row.getByTestId('privacy-status').textContent()).toBe('Aberta');
    const overdue = page.getByTestId('privacy-request').filter({ hasText: 'LGPD-20200101-ATRAS0' });
    expect(await overdue.getByTestId('privacy-deadline').textContent()).toContain('Atrasada há 2 dias');
    // The overdue request comes first: the nearest deadline leads the queue.
    expect(await page.getByTestId('privacy-request').first().textContent()).toContain('LGPD-20200101-ATRAS0');
    await shot(page, 'admin-queue');
    expect(await axeViolations(page)).toEqual([]);
    // On a phone the queue's table scrolls inside its region, and the page does not; nor at 200% zoom (195 px), where
    // the filters' 180 px columns made it 220 px wide.
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 195, height: PHONE.height });
    expect(await axeViolations(page)).toEqual([]);
    expect(await brokenWords(page)).toEqual([]);
    await shot(page, 'admin-queue-195');
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: `Iniciar atendimento da solicitação ${protocolo}` }).click();
    await expect.poll(() => row.getByTestId('privacy-status').textContent()).toBe('Em atendimento');
    // Answering is writing the answer the person receives (decision 030), on the request's item of the LGPD queue.
    await row.getByRole('link', { name: `Responder a solicitação ${protocolo}` }).click();
    await page.waitForURL('**/admin/filas/lgpd/*');
    await page.getByLabel('Resposta (enviada por e-mail à pessoa)').fill('Seus dados foram eliminados.');
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByTestId('work-answer').waitFor();
    await page.goBack();
    await page.waitForURL('**/admin/privacidade');
    await expect.poll(() => row.getByTestId('privacy-status').textContent()).toBe('Respondida');
    expect(await row.getByRole('button').count()).toBe(0);
    const [stored] = await portal.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.protocol, protocolo));
    const [staff] = await portal.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.username, STAFF.username));
    expect(stored).toMatchObject({
      status: 'answered',
      answeredBy: staff!.id,
      answerText: 'Seus dados foram eliminados.',
    });

    await page.getByLabel('Status', { exact: true }).selectOption('Respondida');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect.poll(() => page.getByTestId('privacy-request').count()).toBe(1);
    expect(await page.getByTestId('privacy-request').textContent()).toContain(protocolo);
    await page.getByLabel('Data inicial').fill('2020-01-01');
    await page.getByLabel('Data final').fill('2020-01-02');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByTestId('privacy-empty').waitFor();
    expect(await page.getByTestId('privacy-empty').textContent()).toBe('Nenhuma solicitação encontrada.');
    await shot(page, 'admin-queue-empty');
  });
});
