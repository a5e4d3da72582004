import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { partners, persons } from '../../apps/server/src/db/schema';
import { browserSuite } from './browser-suite';
import { type DemoDebtor, loginDebtor } from './debtor-login';
import { axeViolations, refuseCookiesBeforehand } from './harness';
import { logInToPartners } from './staff-login';

// Issue 18 item 2 "Tests that must exist": an administrator imports a file with one bad line (nothing imported, the
// line shown), then a good one (the progress seen, then done), and the debts are on the partner's portal.

const EXAMPLE = readFileSync(new URL('../../docs/examples/carteira.csv', import.meta.url), 'utf8');
// Ana's first line (line 2) with a value that is no money.
const BAD = EXAMPLE.replace(';10/01/2025;350,00;', ';10/01/2025;35O,00;');
// Enough lines for the progress to be seen: Ana's paid instalments of another contract (left out of her debts). The
// server reports at most every 250 ms, and a quiet machine reads 40,000 lines in less than that (the hand-written
// reader, decision 038): 120,000 take it about 0.9 s.
const EXTRA_LINES = 120_000;
const ANA_LINE = EXAMPLE.split('\n')[1]!;
const GOOD =
  EXAMPLE.trimEnd() +
  '\n' +
  Array.from({ length: EXTRA_LINES }, (_, i) =>
    ANA_LINE.replace(';CV-1001;', ';CV-9000;').replace(
      /;1;10\/01\/2025;350,00;350,00;N;S$/,
      `;${i + 1};10/01/2025;10,00;0,00;N;S`,
    ),
  ).join('\n') +
  '\n';
const ANA: DemoDebtor = {
  cpf: '246.813.579-28',
  digits: '24681357928',
  birthDate: '12/03/1988',
  phone: '(11) 91234-5678',
};

const SHOTS = '/tmp/admin-import-screens';
const files = mkdtempSync(join(tmpdir(), 'import-browser-'));
// Uploads wait in this run's own folder, not the repository's data directory.
const suite = browserSuite(SHOTS, { DATA_DIR: files });

async function open(partner: string | null, path = '/'): Promise<Page> {
  suite.context = await suite.browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
    locale: 'pt-BR',
  });
  await refuseCookiesBeforehand(suite.context);
  const page = await suite.context.newPage();
  await page.goto(suite.portal.url(partner, path));
  return page;
}

function file(name: string, content: string): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

async function anaStored(): Promise<boolean> {
  const rows = await suite.portal.database.db.select().from(persons).where(eq(persons.cpfCnpj, ANA.digits));
  return rows.length > 0;
}

describe('Importação in the back office', () => {
  it('refuses a file with a bad line, imports a good one with its progress, and the debts reach the portal', async () => {
    const [demo] = await suite.portal.database.db
      .select()
      .from(partners)
      .where(eq(partners.identifier, 'demo'));
    let page = await open(null, '/login');
    await logInToPartners(page, suite.portal.url(null, '/login'), {
      username: 'admin',
      password: 'Demo@2026',
    });
    await page.getByRole('link', { name: 'Importação', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/importacao');
    await page.getByText('Nenhuma importação feita pelo painel ainda.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Nothing chosen: the form says what is missing.
    await page.getByRole('button', { name: 'Importar carteira' }).click();
    await page.getByText('Selecione o parceiro da carteira.').waitFor();
    await page.getByText('Escolha o arquivo CSV da carteira.').waitFor();

    // One bad line: nothing imported, the line and its message shown.
    await page.getByLabel('Parceiro').selectOption(String(demo!.id));
    await page.getByLabel('Arquivo da carteira (CSV)').setInputFiles(file('carteira-com-erro.csv', BAD));
    await page.getByRole('button', { name: 'Importar carteira' }).click();
    const problems = page.getByTestId('import-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain(
      "Linha 2, coluna valor: valor inválido '35O,00' (use 1234,56 ou 1.234,56)",
    );
    expect(await anaStored()).toBe(false);
    await page.getByTestId('import-run-row').first().getByText('Recusada (nada gravado)').waitFor();
    await page.screenshot({ path: `${SHOTS}/recusada.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // A good file: each state of the bar is recorded as the page shows it, until it is done.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid="import-progress"]');
        const detail = document.querySelector('[data-testid="import-detail"]');
        if (bar) seen.push(`${bar.value}/${bar.max} ${detail?.textContent ?? ''}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByLabel('Arquivo da carteira (CSV)').setInputFiles(file('carteira.csv', GOOD));
    await page.getByRole('button', { name: 'Importar carteira' }).click();
    await page.locator('[data-testid="import-run"][data-status="done"]').waitFor({ timeout: 120_000 });
    const total = EXTRA_LINES + 6;
    const lines = total.toLocaleString('pt-BR');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const partway = seen.filter((state) => {
      const [value, max] = state.split(' ')[0]!.split('/').map(Number);
      return value! > 0 && value! < max!;
    });
    expect(partway.length, seen.join('\n')).toBeGreaterThan(0);
    expect(partway[0]).toMatch(
      new RegExp(` de ${lines.replace('.', '\\.')} linhas · [\\d.]+ linhas/s · cerca de \\d+ s restantes$`),
    );
    expect(await page.getByTestId('import-progress').evaluate((bar: HTMLProgressElement) => bar.value)).toBe(
      total,
    );
    expect(await page.getByTestId('import-counts').textContent()).toContain(`Parcelas${lines}${lines}0`);
    await page.getByTestId('import-run-row').first().getByText('Importada').waitFor();
    await page.screenshot({ path: `${SHOTS}/importada.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await suite.context?.close();

    // Ana logs in on the partner's portal and sees her debt at the file's store.
    page = await open('demo');
    await loginDebtor(page, ANA);
    await page.getByRole('link', { name: /^Minhas Dívidas/ }).click();
    await page.waitForURL('**/minhas-dividas');
    await page.getByTestId('debt-card').getByText('CNPJ 55.667.788/0001-86', { exact: true }).waitFor();
  }, 150_000);
});
