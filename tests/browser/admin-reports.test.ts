import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, todayInBrasilia } from '@portal/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  contactMessages,
  debtorRequests,
  debtorSessions,
  leads,
  outboundMessages,
  partners,
  persons,
  preAgreements,
  privacyRequests,
  stepLogs,
  stores,
} from '../../apps/server/src/db/schema';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { clearOfMidnight } from '../../apps/server/test/pinned-clock';
import { leadRow, planQuoteRow, SPEC_LEAD_COLUMNS, sessionRow } from '../../apps/server/test/reports-helpers';
import {
  axeViolations,
  brokenWords,
  connectChromium,
  downloadedBytes,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';
import { logInToPartners } from './staff-login';

// Back-office reports, issue 5 items 5 and 6: ListLeads (spec 002 §2, §8) with its filter, table and 'Planilha'
// read back, and the operations dashboard (funnel chart and table, agreements, queues), through the built web app;
// and the chart library kept out of every debtor and public page.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

const SHOTS = '/tmp/admin-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const STAFF = { username: 'reports.browser', password: 'Relatorios#2026' };
const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
/** A message string inside Chart.js that survives minification: it marks the chunk that holds the library. */
const CHART_MARKER = 'Canvas is already in use';

/** Longer than this file takes on a loaded machine. */
const FILE_MINUTES = 5;
let today: string;
let acmeName: string;
let quietName: string;

beforeAll(
  async () => {
    // The real date, which the browser and the server read each on their own: one day's for the whole file.
    await clearOfMidnight(FILE_MINUTES * 60_000);
    today = todayInBrasilia();
    mkdirSync(SHOTS, { recursive: true });
    // Each test logs the staff member in afresh: more logins than the per-user limit allows in its window.
    [portal, browser] = await Promise.all([
      startPortal({ LIMIT_STAFF_LOGIN_PER_USER: '50' }),
      connectChromium(),
    ]);
    await createStaffUser(portal.database.db, STAFF);
    const db = portal.database.db;
    const [acme] = await db.select().from(partners).where(eq(partners.identifier, 'acme'));
    const [demo] = await db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const [person, other] = await db.select({ id: persons.id }).from(persons).orderBy(persons.id).limit(2);
    const [store] = await db.select({ id: stores.id }).from(stores).limit(1);
    acmeName = acme!.name;
    const [quiet] = await db.select().from(partners).where(eq(partners.identifier, 'prefeitura'));
    quietName = quiet!.name;
    const now = Date.now();
    const lead = (name: string, daysAgo: number, cpfCnpj: string) =>
      leadRow(demo!.id, name, new Date(now - daysAgo * 86_400_000), { cpfCnpj });
    await db
      .insert(leads)
      .values([
        lead('Velho Antigo', 40, '11144477735'),
        lead('Rui Ontem', 1, '52998224725'),
        lead('Lia Recente', 0, '12ABC34501DE35'),
      ]);

    // The dashboard's partner: acme, which no page of this test visits (a visit logs its own steps). Portal accesses
    // come from posted steps; the later stages from what the server stored: two people identified who both saw their
    // debts, one who was quoted plans, one agreement.
    const step = (code: number, cpfCnpj: string | null) => ({ partnerId: acme!.id, stepCode: code, cpfCnpj });
    await db.insert(stepLogs).values([step(31, null), step(31, null), step(31, null)]);
    await db
      .insert(debtorSessions)
      .values([
        sessionRow(acme!.id, person!.id, { debtsListedAt: new Date() }),
        sessionRow(acme!.id, other!.id, { debtsListedAt: new Date() }),
      ]);
    await db.insert(preAgreements).values(planQuoteRow(acme!.id, person!.id, store!.id));
    await db.insert(agreements).values({
      partnerId: acme!.id,
      personId: person!.id,
      storeId: store!.id,
      paymentMethod: 'boleto',
      instalmentCount: 3,
      entryCents: 10_000,
      instalmentCents: 30_000,
      totalCents: 100_000,
      firstDueDate: today,
    });
    await db.insert(debtorRequests).values({
      partnerId: acme!.id,
      personId: person!.id,
      storeId: store!.id,
      kind: 'proposal',
      status: 'open',
    });
    const [sent] = await db
      .insert(outboundMessages)
      .values({
        channel: 'email',
        template: 'contact',
        recipient: 'a@example.com',
        bodyText: 'x',
        status: 'sent',
      })
      .returning({ id: outboundMessages.id });
    await db.insert(contactMessages).values({
      partnerId: acme!.id,
      name: 'Ana',
      email: 'ana@example.com',
      cpfCnpj: '11111111111',
      text: 'Quero negociar',
      outboundMessageId: sent!.id,
    });
    await db.insert(privacyRequests).values({
      partnerId: acme!.id,
      protocol: 'PAINEL-1',
      name: 'Ana',
      phone: '41987654321',
      email: 'ana@example.com',
      requestType: 'acesso',
      message: 'Quero meus dados',
      dueOn: addDays(today, -1),
    });
  },
  (FILE_MINUTES + 1) * 60_000,
);
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function loggedIn(viewport = DESKTOP): Promise<Page> {
  context = await browser.newContext({ viewport, bypassCSP: true, locale: 'pt-BR', acceptDownloads: true });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await logInToPartners(page, portal.url(null, '/login'), STAFF);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const leadNames = (page: Page) =>
  page.locator('[data-testid="leads-table"] tbody tr td:nth-child(2)').allTextContents();

describe('ListLeads', () => {
  it('lists the last 30 days, filters by date, validates, and downloads the XLSX of the list', async () => {
    const page = await loggedIn();
    await page.getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/admin/leads');
    await page.getByRole('heading', { name: 'Lista de leads' }).waitFor();
    const table = page.getByRole('table', { name: 'Detalhes das entradas para negociação' });
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual(SPEC_LEAD_COLUMNS);
    expect(await leadNames(page)).toEqual(['Rui Ontem', 'Lia Recente']);
    const lia = table.locator('tbody tr').nth(1);
    const cells = await lia.locator('td').allTextContents();
    expect(cells.slice(3, 9)).toEqual([
      '(41) 3333-4444',
      '(41) 98765-4321',
      'Alfa Eletro',
      'Curitiba',
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/),
      '12.ABC.345/01DE-35',
    ]);
    expect(cells.slice(10).map((text) => text.replace(/\s/g, ' '))).toEqual([
      'R$ 1.500,00',
      'Boleto',
      'R$ 300,50',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leads-list');

    // The final date before the initial one: the domain's message under 'Data final', which takes the focus.
    await page.getByLabel('Data inicial').fill(today);
    await page.getByLabel('Data final').fill(addDays(today, -1));
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByText('A data final deve ser igual ou posterior à data inicial.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('data_final');

    // Only yesterday.
    await page.getByLabel('Data inicial').fill(addDays(today, -1));
    await page.getByLabel('Data final').fill(addDays(today, -1));
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByTestId('leads-summary').filter({ hasText: '1 lead' }).waitFor();
    expect(await leadNames(page)).toEqual(['Rui Ontem']);

    // 'Planilha': the XLSX of that list, read back; a double click downloads it once.
    const downloads: string[] = [];
    page.on('download', (saved) => downloads.push(saved.suggestedFilename()));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Planilha' }).dblclick(),
    ]);
    await page.getByRole('button', { name: 'Planilha' }).and(page.locator(':enabled')).waitFor();
    expect(downloads).toHaveLength(1);
    const yesterday = addDays(today, -1);
    expect(download.suggestedFilename()).toBe(`leads-${yesterday}-a-${yesterday}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Leads')!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(SPEC_LEAD_COLUMNS);
    expect(sheet.getRow(2).getCell(2).value).toBe('Rui Ontem');
    expect(sheet.getRow(2).getCell(9).value).toBe('529.982.247-25');
    expect(sheet.getRow(2).getCell(11).value).toBe(1500);

    // A period with nothing: the empty text in the table.
    await page.getByLabel('Data inicial').fill('2020-01-01');
    await page.getByLabel('Data final').fill('2020-01-31');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByText('Nenhum lead cadastrado no período.').waitFor();
  });

  it("says 'Ocorreu um erro ao gerar a lista de leads' when the spreadsheet fails", async () => {
    const page = await loggedIn();
    await page.goto(portal.url(null, '/admin/leads'));
    await page.getByTestId('leads-table').waitFor();
    await page.route('**/api/leads/planilha**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Ocorreu um erro. Tente novamente"}',
      }),
    );
    await page.getByRole('button', { name: 'Planilha' }).click();
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Ocorreu um erro ao gerar a lista de leads');
  });

  it('scrolls the table sideways on a phone, not the page', async () => {
    const page = await loggedIn(PHONE);
    await page.goto(portal.url(null, '/admin/leads'));
    const region = page.getByRole('region', { name: 'Detalhes das entradas para negociação' });
    await region.locator('tbody tr').first().waitFor();
    const sizes = await region.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.page).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'leads-list-phone');
  });
});

describe('operations dashboard', () => {
  it('shows the funnel as a chart and a table, the agreements and the queues of the partner chosen', async () => {
    const page = await loggedIn();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.getByRole('link', { name: 'Painel', exact: true }).click();
    await page.waitForURL('**/admin/painel');
    await page.getByRole('heading', { name: 'Painel de operações' }).waitFor();
    await page.getByTestId('dashboard-summary').waitFor();
    await page.getByLabel('Parceiro').selectOption({ label: acmeName });
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByTestId('dashboard-summary').filter({ hasText: acmeName }).waitFor();

    const funnel = page.getByRole('table', { name: 'Funil de negociação: números do gráfico' });
    const count = (stage: string) => funnel.locator(`tr[data-stage="${stage}"] td`).first().textContent();
    expect(await count('accessedPortal')).toBe('3');
    expect(await count('identified')).toBe('2');
    expect(await count('viewedDebts')).toBe('2');
    expect(await count('viewedPlans')).toBe('1');
    expect(await count('savedAgreement')).toBe('1');
    expect(await count('paid')).toBe('0');
    expect(await funnel.locator('tr[data-stage="viewedPlans"] td').nth(2).textContent()).toBe('50%');

    // The chart library arrived with the dashboard and drew on the canvas.
    const canvas = page.getByTestId('funnel-chart');
    await canvas.waitFor();
    await expect.poll(() => scripts.some((url) => url.includes('reports-bar-chart'))).toBe(true);
    await expect
      .poll(() =>
        canvas.evaluate((el) => {
          const c = el as HTMLCanvasElement;
          const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          return data.some((value, index) => index % 4 === 3 && value > 0);
        }),
      )
      .toBe(true);

    const agreementsTable = page.getByRole('table', { name: /Acordos fechados no período/ });
    const boleto = await agreementsTable.locator('tbody tr').first().locator('th, td').allTextContents();
    expect(boleto.map((text) => text.replace(/\s/g, ' '))).toEqual([
      'Boleto',
      '1',
      'R$ 1.000,00',
      'R$ 100,00',
    ]);

    // The money and the agreements by status (issue 18 item 7): the seeded agreement is active, nothing received.
    const money = page.getByRole('table', { name: /Recebido nos dias do período/ });
    expect(await money.locator('tr[data-money="recovered"] td').textContent()).toMatch(/R\$\s0,00/);
    expect(
      await page.locator('[data-testid="agreement-statuses"] [data-status="active"] dd').textContent(),
    ).toBe('1');

    const queue = (key: string, status: string) =>
      page.locator(`[data-queue="${key}"] [data-status="${status}"] dd`).textContent();
    expect(await queue('proposals', 'open')).toBe('1');
    expect(await queue('contactMessages', 'sent')).toBe('1');
    expect(await queue('privacyRequests', 'open')).toBe('1');
    expect(await queue('privacyRequests', 'overdue')).toBe('1');
    expect(await queue('disputes', 'open')).toBe('0');

    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'dashboard');
  });

  it('says when the period has no steps instead of drawing an empty chart', async () => {
    const page = await loggedIn();
    await page.goto(portal.url(null, '/admin/painel'));
    await page.getByTestId('dashboard-summary').waitFor();
    // A partner no page of this test visits, over a period that ended before the seed.
    await page.getByLabel('Parceiro').selectOption({ label: quietName });
    await page.getByLabel('Data inicial').fill('2020-01-01');
    await page.getByLabel('Data final').fill('2020-01-31');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByTestId('dashboard-summary').filter({ hasText: quietName }).waitFor();
    expect(await page.getByTestId('funnel-empty').textContent()).toBe(
      'Nenhum acesso ao portal registrado no período.',
    );
    expect(await page.getByTestId('funnel-chart').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  // 195 px: a 390 px phone at 200% zoom, where the chart kept its 300 px and the queues' cards their 240 px (340 px).
  it.each([PHONE.width, 195])(
    'lays out at %i px without sideways page scroll or a word broken inside; the chart scrolls in its own region',
    async (width) => {
      const page = await loggedIn({ width, height: PHONE.height });
      await page.goto(portal.url(null, '/admin/painel'));
      await page.getByTestId('funnel-chart').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await brokenWords(page)).toEqual([]);
      // Narrower than its labels need, the chart scrolls inside a named region the keyboard reaches.
      const chart = page.getByRole('region', { name: /^Gráfico de barras do funil de negociação/ });
      expect(await chart.getAttribute('tabindex')).toBe('0');
      const scrolls = await chart.evaluate((region) => region.scrollWidth > region.clientWidth);
      expect(scrolls).toBe(width === 195);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `dashboard-${width}`);
    },
  );
});

describe('the chart library stays in the back office', () => {
  it('is in one chunk that only the back-office screens import', () => {
    const assets = readdirSync(`${DIST}/assets`).filter((name) => name.endsWith('.js'));
    const read = (name: string) => readFileSync(`${DIST}/assets/${name}`, 'utf8');
    const withChart = assets.filter((name) => read(name).includes(CHART_MARKER));
    expect(withChart).toHaveLength(1);
    expect(withChart[0]).toMatch(/^reports-bar-chart-/);
    const importers = assets.filter((name) => name !== withChart[0] && read(name).includes(withChart[0]!));
    expect(importers).toHaveLength(1);
    expect(read(importers[0]!)).toContain('Lista de leads');
    expect(readFileSync(`${DIST}/index.html`, 'utf8')).not.toContain(withChart[0]);
  });

  it('is not downloaded by the landing page or the identification screens', async () => {
    context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(portal.url(null, '/'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(portal.url(null, '/confirmar-dados'));
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    // Every script these pages asked for, read again from the server: none holds the library.
    const bodies = await Promise.all([...scripts].map(async (url) => (await fetch(url)).text()));
    expect(bodies.some((body) => body.includes(CHART_MARKER))).toBe(false);
  });
});
