import { addDays, todayInBrasilia } from '@portal/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreements } from '../../apps/server/src/db/schema';
import { setStaffAccess } from '../../apps/server/src/repositories/staff-repository';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { insertAgreement, partyOf } from '../../apps/server/test/agreement-admin-helpers';
import { browserSuite } from './browser-suite';
import { axeViolations, downloadedBytes, refuseCookiesBeforehand } from './harness';
import { logInToPartners } from './staff-login';

// Issue 18 item 3 through the built web app (decision 029): an administrator filters the agreements, opens one,
// cancels it with a reason and sees the status history; exports the list as XLSX (opened with exceljs); reads the
// payments by day; an operator of one partner sees only that partner's agreements, and another partner's agreement
// is not found. Axe on each new screen, and on the two lists at phone size (390 px).

const SHOTS = '/tmp/admin-agreements-screens';
const suite = browserSuite(SHOTS);
const ADMIN = { username: 'acordos.browser', password: 'Acordos#2026x' };
const OPERATOR = { username: 'acordos.operador', password: 'Operador#2026x' };
let acmeId: number;
let joaoId: number;
let acmeName: string;

async function open(): Promise<Page> {
  suite.context = await suite.browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  await refuseCookiesBeforehand(suite.context);
  return suite.context.newPage();
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The words of the summary's values (a date, an amount, a contract number) too wide for their column, so broken. */
async function brokenFigures(page: Page): Promise<string[]> {
  return page.getByTestId('agreement-summary').evaluate((summary) =>
    [...summary.querySelectorAll('dd')].flatMap((value) =>
      (value.textContent ?? '').split(/\s+/).filter((word) => {
        const probe = document.createElement('span');
        probe.textContent = word;
        probe.style.whiteSpace = 'nowrap';
        value.append(probe);
        const tooWide = probe.getBoundingClientRect().width > value.clientWidth;
        probe.remove();
        return tooWide;
      }),
    ),
  );
}

/** Axe on the screen shown, at phone size (390 x 844), then back to the desktop. */
async function expectNoAxeViolationsOnAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

beforeAll(async () => {
  const db = suite.portal.database.db;
  const acme = await partyOf(db, 'acme', '52998224725');
  acmeName = acme.partnerName;
  const today = todayInBrasilia();
  ({ id: acmeId } = await insertAgreement(db, {
    partnerId: acme.partnerId,
    personId: acme.person.id,
    storeId: acme.storeId,
    method: 'pix',
    createdAt: new Date(),
    instalments: [
      { dueDate: today, amountCents: 12_000, paid: { cause: 'pix:E-BROWSER', on: today } },
      { dueDate: addDays(today, 30), amountCents: 24_000 },
    ],
  }));
  // The seed's agreement of João on demo.
  const joaoParty = await partyOf(db, 'demo', '39053344705');
  const [joao] = await db.select().from(agreements).where(eq(agreements.personId, joaoParty.person.id));
  joaoId = joao!.id;
  await createStaffUser(db, ADMIN);
  const operator = await createStaffUser(db, { ...OPERATOR, role: 'operator' });
  await setStaffAccess(db, operator.id, { role: 'operator', partnerIds: [acme.partnerId] });
});

describe('agreements and payments in the back office', () => {
  it('an administrator filters the agreements, exports them, opens one and cancels it with a reason', async () => {
    const page = await open();
    await logInToPartners(page, suite.portal.url(null, '/login'), ADMIN);
    await page.getByRole('link', { name: 'Acordos', exact: true }).click();
    await page.getByRole('heading', { name: 'Acordos', exact: true }).waitFor();
    const rows = page.getByTestId('agreement-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // The agreement's date as staff read it (dd/mm/aaaa hh:mm), not the API's ISO wall clock.
    expect(await rows.first().locator('td').nth(1).textContent()).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    await expectNoAxeViolations(page);
    await expectNoAxeViolationsOnAPhone(page);

    // A period the wrong way round: the server's reason, not a failure to retry.
    await page.getByLabel('Data inicial').fill('2026-12-31');
    await page.getByLabel('Data final').fill('2026-01-01');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByText('A data final deve ser igual ou posterior à data inicial.').waitFor();
    expect(await page.getByRole('button', { name: 'Tentar novamente' }).count()).toBe(0);
    await page.getByLabel('Data inicial').fill('');
    await page.getByLabel('Data final').fill('');

    await page.getByLabel('Parceiro').selectOption({ label: acmeName });
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByText('Acordos encontrados: 1').waitFor();
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('Maria da Silva Santos')]);

    // A double click downloads it once.
    const downloads: string[] = [];
    page.on('download', (saved) => downloads.push(saved.suggestedFilename()));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Planilha' }).dblclick(),
    ]);
    await page.getByRole('button', { name: 'Planilha' }).and(page.locator(':enabled')).waitFor();
    expect(downloads).toEqual(['acordos.xlsx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Acordos')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Código');
    expect(sheet.getRow(2).getCell(1).value).toBe(acmeId);
    expect(sheet.getRow(2).getCell(5).value).toBe('Maria da Silva Santos');
    expect(sheet.getRow(2).getCell(11).value).toBe(120);
    await page.screenshot({ path: `${SHOTS}/agreements.png`, fullPage: true });

    // Back to every partner: João's agreement on demo.
    await page.getByLabel('Parceiro').selectOption('');
    await page.getByLabel('CPF/CNPJ').fill('390.533.447-05');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByText('Acordos encontrados: 1').waitFor();
    await page.getByRole('link', { name: `Abrir o acordo ${joaoId}` }).click();
    await page.getByRole('heading', { name: `Acordo ${joaoId}` }).waitFor();
    await page.getByRole('table', { name: 'Parcelas' }).waitFor();
    expect(await page.getByTestId('agreement-status').textContent()).toBe('Ativo');
    await expectNoAxeViolations(page);
    // On a phone no figure of the summary breaks across lines (a date, an amount, a contract number).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await brokenFigures(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Cancelar acordo' }).click();
    await page.getByText('Informe o motivo do cancelamento.').waitFor();
    await page.getByLabel('Motivo do cancelamento').fill('O credor retirou a dívida da cobrança');
    const submit = page.getByTestId('agreement-cancel');
    await submit.click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    // Nothing is being cancelled while the person is still asked: the button keeps its name until the request.
    await dialog.getByRole('button', { name: 'Não' }).waitFor();
    expect(await submit.textContent()).toBe('Cancelar acordo');
    await dialog.getByRole('button', { name: 'Não' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await submit.textContent()).toBe('Cancelar acordo');
    await submit.click();
    expect(await submit.textContent()).toBe('Cancelar acordo');
    // The request held back: 'Cancelando…' while it runs.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/gestao/acordos/*/cancelar', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
    await page.getByRole('button', { name: 'Cancelando…' }).waitFor();
    release();
    await page.getByText('Acordo cancelado com sucesso!').waitFor();
    await page.unroute('**/api/gestao/acordos/*/cancelar');
    await page.getByTestId('agreement-status').getByText('Cancelado').waitFor();
    // Its unpaid instalments are paid by nothing now (instalmentStatusLabel): 'Cancelada', never open or overdue.
    const situations = await page
      .getByRole('table', { name: 'Parcelas' })
      .locator('tbody tr td:nth-child(4)')
      .allTextContents();
    expect(situations).toContain('Cancelada');
    expect(situations.filter((s) => s === 'Em aberto' || s === 'Vencida')).toEqual([]);
    const history = page.getByRole('table', { name: 'Histórico de status' });
    await history.getByText('O credor retirou a dívida da cobrança').waitFor();
    expect(await history.locator('tbody tr td').first().textContent()).toMatch(
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    );
    expect(await page.getByRole('button', { name: 'Cancelar acordo' }).count()).toBe(0);
    // The form went with its button: the focus is on the page's heading, not lost on <body>.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('agreement-title');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/agreement.png`, fullPage: true });

    await page.getByRole('link', { name: 'Pagamentos' }).click();
    await page.getByRole('heading', { name: 'Pagamentos recebidos' }).waitFor();
    await page.getByTestId('payments-table').waitFor();
    expect(await page.getByTestId('payments-totals').textContent()).toContain('R$');
    await expectNoAxeViolations(page);
    await expectNoAxeViolationsOnAPhone(page);
    await page.screenshot({ path: `${SHOTS}/payments.png`, fullPage: true });
  });

  it('an operator sees only their partner’s agreements; another partner’s is not found', async () => {
    const page = await open();
    await logInToPartners(page, suite.portal.url(null, '/login'), OPERATOR);
    await page.getByRole('link', { name: 'Acordos', exact: true }).click();
    const rows = page.getByTestId('agreement-row');
    await rows.first().waitFor();
    expect(await rows.allTextContents()).toEqual([expect.stringContaining(acmeName)]);
    await expectNoAxeViolations(page);
    await page.goto(suite.portal.url(null, `/admin/acordos/${joaoId}`));
    // Out of the operator's scope is not found, said as the server says it, with nothing to retry.
    await page.getByText('Acordo não encontrado.').waitFor();
    expect(await page.getByRole('button', { name: 'Tentar novamente' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/operator.png`, fullPage: true });
  });
});
