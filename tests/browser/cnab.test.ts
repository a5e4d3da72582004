import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brasiliaDateTime, readRemessa, writeRetorno } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentCharges, stores } from '../../apps/server/src/db/schema';
import { cnabBeneficiary } from '../../apps/server/src/services/payments/cnab-files';
import type { AcordosResposta } from '../../apps/web/src/features/debts/api/types';
import { JOAO, loginDebtor } from './debtor-login';
import {
  axeViolations,
  connectChromium,
  downloadedBytes,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';
import { logInToPartners } from './staff-login';

// Issue 17 item 2: staff register João's boleto with the bank (remessa), load the bank's retorno in the back office,
// and his instalment then shows PAGO in Meus Acordos.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
const files = mkdtempSync(join(tmpdir(), 'cnab-browser-'));

beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startPortal({ LIMIT_LOGIN_PER_DOCUMENT: '100' }),
    connectChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(partner: string | null, path = '/'): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url(partner, path));
  return page;
}

/** João's instalments as Meus Acordos shows them (listing issues the boleto that is due). */
async function joaoAgreement(page: Page) {
  await loginDebtor(page, JOAO);
  await page.waitForURL('**/menu');
  const answer = page.waitForResponse((r: Response) => r.url().includes('b=passo_5'));
  await page.getByRole('link', { name: /^Meus Acordos/ }).click();
  const envelope = (await (await answer).json()) as { dados: AcordosResposta };
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  return envelope.dados.acordos[0]!.dadosAcordo;
}

/** The retorno the bank writes when the boleto is paid: one liquidation of its full value today. */
async function bankRetorno(digitableLine: string): Promise<string> {
  const db = portal.database.db;
  const [charge] = await db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.digitableLine, digitableLine));
  const [store] = await db.select().from(stores).where(eq(stores.id, charge!.storeId));
  const { date } = brasiliaDateTime();
  const content = writeRetorno(
    { beneficiary: cnabBeneficiary(store!), sequence: 41, generatedOn: date, generatedAt: '080000' },
    [
      {
        movement: '06',
        ourNumber: charge!.ourNumber!,
        documentNumber: String(charge!.id),
        dueDate: charge!.dueDate,
        amountCents: charge!.amountCents,
        feeCents: 0,
        reasons: [],
        payer: { document: JOAO.digits, name: 'JOAO' },
        interestCents: 0,
        discountCents: 0,
        rebateCents: 0,
        iofCents: 0,
        paidCents: charge!.amountCents,
        netCents: charge!.amountCents,
        occurredOn: date,
        creditOn: date,
      },
    ],
  );
  const path = join(files, 'CBR_RETORNO_041.ret');
  writeFileSync(path, content);
  return path;
}

describe('Cobrança in the back office', () => {
  it("staff send the remessa, upload the bank's retorno, and João's instalment shows PAGO", async () => {
    // João opens Meus Acordos: his overdue instalment's boleto is issued.
    let page = await open('demo');
    const before = await joaoAgreement(page);
    const overdue = before.parcelas.find((p) => p.status === 'AA')!;
    expect(overdue.linha_digitavel).toMatch(/^\d{5}\.\d{5} /);
    await context.close();

    // Staff reach Cobrança from the menu, by keyboard; the empty list says so.
    page = await open(null, '/login');
    await logInToPartners(page, portal.url(null, '/login'), { username: 'admin', password: 'Demo@2026' });
    await page.getByRole('link', { name: 'Cobrança', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/cobranca');
    await page.getByTestId('remessas-empty').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') writes.push(new URL(request.url()).pathname);
    });
    // A double click generates once: the second request answered 'Nenhum boleto novo para registrar.'.
    await page.getByRole('button', { name: 'Gerar remessa agora' }).dblclick();
    await page.getByText('Remessa gerada.').waitFor();
    expect(writes.filter((path) => path === '/api/cobranca/remessas')).toHaveLength(1);
    const row = page.getByTestId('remessa').first();
    await row.waitFor();
    // Who made it, in words, with the stored code under it.
    const author = row.getByRole('cell').nth(5);
    expect(await author.locator('.admin-cause__label').textContent()).toBe('admin');
    expect(await author.locator('code').textContent()).toBe('staff:admin');
    const downloads: string[] = [];
    page.on('download', (saved) => downloads.push(saved.suggestedFilename()));
    // A double click saves it once.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Baixar remessa 1 / }).dblclick(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^CBR_001_\d{7}_\d{8}_000001\.rem$/);
    await row
      .getByRole('button', { name: /^Baixar remessa 1 / })
      .and(page.locator(':enabled'))
      .waitFor();
    expect(downloads).toHaveLength(1);
    const remessa = readRemessa((await downloadedBytes(download)).toString('latin1'));
    expect(remessa.ok).toBe(true);

    // A file without choosing one is refused by the form; then the bank's retorno is loaded.
    await page.getByRole('button', { name: 'Importar retorno' }).click();
    await page.getByText('Escolha o arquivo de retorno enviado pelo banco.').waitFor();
    await page
      .getByLabel('Arquivo de retorno (CNAB 240)')
      .setInputFiles(await bankRetorno(overdue.linha_digitavel!));
    await page.getByRole('button', { name: 'Importar retorno' }).click();
    const report = page.getByTestId('retorno-report');
    await report.waitFor();
    expect(await page.getByTestId('retorno-summary').textContent()).toBe('1 pago');
    // The report fits the phone's width: its table scrolls inside the panel.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const line = report.getByTestId('retorno-line');
    expect(await line.textContent()).toContain('06 Liquidação');
    expect(await line.textContent()).toContain('Pago');
    expect(await axeViolations(page)).toEqual([]);

    // The same file again: nothing changes, and the screen says so.
    await page.getByRole('button', { name: 'Importar retorno' }).click();
    await page.getByText('Este retorno já foi importado; nada foi alterado.').waitFor();

    // A broken file: nothing imported, the errors by line.
    const broken = join(files, 'quebrado.ret');
    writeFileSync(broken, `${'0'.repeat(240)}\r\ncurta\r\n`);
    await page.getByLabel('Arquivo de retorno (CNAB 240)').setInputFiles(broken);
    await page.getByRole('button', { name: 'Importar retorno' }).click();
    const errors = page.getByTestId('retorno-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Linha 2: tamanho 5, esperado 240 posições');
    expect(await axeViolations(page)).toEqual([]);

    // The agreement's payment event names the retorno and its line in words, its code beside.
    await page.goto(portal.url(null, `/admin/acordos/${before.aco_codigo}`));
    const paidEvent = page
      .getByTestId('agreement-events')
      .getByTestId('event-cause')
      .filter({ has: page.locator('code', { hasText: /^cnab:/ }) });
    await paidEvent.first().waitFor();
    expect(await paidEvent.first().locator('.admin-cause__label').textContent()).toMatch(
      /^Arquivo de retorno \d+, linha \d+$/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    // João sees the instalment paid.
    page = await open('demo');
    const after = await joaoAgreement(page);
    const paid = after.parcelas.find((p) => p.aci_codigo === overdue.aci_codigo)!;
    expect(paid.status).toBe('P');
    const index = after.parcelas.indexOf(paid);
    const status = page.getByTestId('agreement-card').first().getByTestId('agreement-status').nth(index);
    expect(await status.textContent()).toBe('PAGO');
  });
});
