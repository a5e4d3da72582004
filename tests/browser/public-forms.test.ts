import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, leads, partners } from '../../apps/server/src/db/schema';
import { axeViolations, connectChromium, downloadedBytes, type Portal, startPortal } from './harness';
import { logInToPartners } from './staff-login';

// The public forms of issue 6: WorkWithUs at /trabalhe-conosco (spec 002 §2, §3, §5, §8; only for the partner with
// workWithUsMenu, spec 000 §2) and 'Envie sua proposta' at /envie-sua-proposta (cadastrarLead with the CEP lookup).
const SCREENSHOTS = '/tmp/public-forms-screens/';
const CV_LABEL = /^Currículo$/;
const REQUIRED = 'Preencha todos os campos obrigatórios.';
const CV_MESSAGE = 'O currículo deve ser um arquivo PDF de até 5 MB.';
const JOB_SUCCESS =
  'Recebemos a sua candidatura! Obrigado por querer fazer parte da nossa equipe. Se o seu perfil combinar com uma das nossas vagas, entraremos em contato.';
const LEAD_SUCCESS =
  'Sua proposta foi cadastrada com sucesso. Em algumas horas enviaremos uma resposta para o seu e-mail';

let portal: Portal;
let browser: Browser;
let context: BrowserContext;
let files: string;
let dataDir: string;

/** A real PDF, as a person's CV would be. */
function makePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text('Ana Souza - Desenvolvedora front-end');
    doc.end();
  });
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  files = mkdtempSync(join(tmpdir(), 'portal-cv-files-'));
  dataDir = mkdtempSync(join(tmpdir(), 'portal-cv-data-'));
  writeFileSync(join(files, 'curriculo.pdf'), await makePdf());
  // A text file renamed .pdf, and a PDF header followed by 5 MB of padding.
  writeFileSync(join(files, 'falso.pdf'), 'Meu currículo: experiência em vendas e atendimento.');
  const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
  big.write('%PDF-1.4\n');
  writeFileSync(join(files, 'grande.pdf'), big);
  [portal, browser] = await Promise.all([startPortal({ DATA_DIR: dataDir }), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  rmSync(files, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
});

async function open(partner: string | null, path: string, width = 390): Promise<Page> {
  context = await browser.newContext({
    viewport: { width, height: 844 },
    bypassCSP: true,
    locale: 'pt-BR',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(portal.url(partner, path));
  return page;
}

/** The error line tied to a field (aria-describedby), as a screen reader reads it with the field. */
async function errorOf(page: Page, label: string | RegExp): Promise<string> {
  const ids = (await page.getByLabel(label).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ').trim();
}

describe('job form (WorkWithUs)', () => {
  it('gates Enviar on the consent, shows each validation message, refuses a fake and a large PDF', async () => {
    const page = await open('negocie', '/trabalhe-conosco');
    await page.getByRole('heading', { name: 'Trabalhe conosco' }).waitFor();
    const send = page.getByRole('button', { name: 'Enviar' });
    expect(await send.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(/Autorizo/).check();
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    for (const label of [/^Nome/, /^Celular/, /^E-mail/, /^Nível da vaga/, /^Área de interesse/])
      expect(await errorOf(page, label), String(label)).toBe(REQUIRED);
    // The first invalid field takes the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('nome');

    // The phone mask (##) #####-####.
    await page.getByLabel(/^Celular/).pressSequentially('11987654321');
    expect(await page.getByLabel(/^Celular/).inputValue()).toBe('(11) 98765-4321');

    await page.getByLabel(CV_LABEL).setInputFiles(join(files, 'falso.pdf'));
    await expect.poll(() => errorOf(page, CV_LABEL)).toBe(CV_MESSAGE);
    await page.getByLabel(CV_LABEL).setInputFiles(join(files, 'grande.pdf'));
    await expect.poll(() => errorOf(page, CV_LABEL)).toBe(CV_MESSAGE);
    await page.getByLabel(CV_LABEL).setInputFiles(join(files, 'curriculo.pdf'));
    await expect.poll(() => errorOf(page, CV_LABEL)).toBe('');
    await page.screenshot({ path: `${SCREENSHOTS}trabalhe-conosco-erros.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(/Autorizo/).uncheck();
    expect(await send.isDisabled()).toBe(true);
    expect(await portal.database.db.select().from(jobApplications)).toEqual([]);
  });

  it('sends an application with a real PDF: stored, e-mailed to the partner, downloadable by staff', async () => {
    const page = await open('negocie', '/trabalhe-conosco');
    await page.getByLabel(/^Nome/).fill('Ana Souza');
    await page.getByLabel(/^Celular/).pressSequentially('11987654321');
    await page.getByLabel(/^E-mail/).fill('ana@example.com');
    await page.getByLabel(/^Nível da vaga/).selectOption('pleno');
    await page.getByLabel(/^Área de interesse/).selectOption('desenvolvedor front-end');
    await page.getByLabel('Mensagem').fill('Trabalho com React e acessibilidade.');
    await page.getByLabel(CV_LABEL).setInputFiles(join(files, 'curriculo.pdf'));
    await page.getByLabel(/Autorizo/).check();
    await page.getByRole('button', { name: 'Enviar' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(JOB_SUCCESS);
    await page.screenshot({ path: `${SCREENSHOTS}trabalhe-conosco-sucesso.png` });
    await dialog.getByRole('button').first().click();
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe('');

    const [row] = await portal.database.db.select().from(jobApplications);
    expect(row).toMatchObject({
      name: 'Ana Souza',
      phone: '11987654321',
      vacancyLevel: 'pleno',
      interestArea: 'desenvolvedor front-end',
    });
    const pdf = readFileSync(join(files, 'curriculo.pdf'));
    expect(readFileSync(join(dataDir, 'uploads', 'curriculos', `${row!.cvFileKey}.pdf`)).equals(pdf)).toBe(
      true,
    );
    await expect
      .poll(() => portal.smtp.received.find((m) => m.to.includes('contato@negocie.example.com')), {
        timeout: 10_000,
      })
      .toBeTruthy();

    // Staff: the list and the CV as a download.
    await logInToPartners(page, portal.url(null, '/login'), { username: 'admin', password: 'Demo@2026' });
    await page.getByRole('link', { name: 'Candidaturas' }).click();
    const card = page.getByTestId('job-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Ana Souza');
    expect(await card.textContent()).toContain('Negocie Já');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}admin-candidaturas.png`, fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /Baixar currículo/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`curriculo-${row!.id}.pdf`);
    expect((await downloadedBytes(download)).equals(pdf)).toBe(true);

    // The candidate's erasure (decision 048): after a yes, the card and the CV on disk are gone.
    await card.getByRole('button', { name: /^Excluir/ }).click();
    const confirm = page.getByTestId('modal');
    expect(await confirm.textContent()).toContain('excluir a candidatura de Ana Souza');
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByTestId('snackbar').getByText('Candidatura excluída com sucesso!').waitFor();
    await page.getByTestId('jobs-empty').waitFor();
    expect(await portal.database.db.select().from(jobApplications)).toEqual([]);
    expect(existsSync(join(dataDir, 'uploads', 'curriculos', `${row!.cvFileKey}.pdf`))).toBe(false);
  });

  it('stores one application when a send whose answer was lost is sent again', async () => {
    await portal.database.db.delete(jobApplications);
    const page = await open('negocie', '/trabalhe-conosco', 360);
    await page.getByLabel(/^Nome/).fill('Bruno Lima');
    await page.getByLabel(/^Celular/).pressSequentially('21998765432');
    await page.getByLabel(/^E-mail/).fill('bruno@example.com');
    await page.getByLabel(/^Nível da vaga/).selectOption('júnior');
    await page.getByLabel(/^Área de interesse/).selectOption('suporte');
    await page.getByLabel(CV_LABEL).setInputFiles(join(files, 'curriculo.pdf'));
    await page.getByLabel(/Autorizo/).check();
    // The first send reaches the server, and its answer is lost on the way back.
    let lost = false;
    await page.route('**/api/trabalhe-conosco', async (route) => {
      if (lost) return route.continue();
      lost = true;
      // Straight to the server (the browser's own host mapping is not the test's).
      const url = new URL(route.request().url());
      await route.fetch({
        url: `http://127.0.0.1:${url.port}${url.pathname}`,
        headers: { ...route.request().headers(), host: url.host },
      });
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Enviar' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Erro ao enviar a sua proposta. Tente novamente mais tarde.',
    );
    await dialog.getByRole('button').first().click();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('dialog').getByText(JOB_SUCCESS).waitFor();
    const rows = await portal.database.db.select().from(jobApplications);
    expect(rows.map((row) => row.name)).toEqual(['Bruno Lima']);
  });

  it('sends a partner without the job form to the landing page', async () => {
    const page = await open(null, '/trabalhe-conosco');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('link', { name: 'Trabalhe conosco' }).count()).toBe(0);
  });
});

describe("lead form ('Envie sua proposta') with the CEP lookup", () => {
  it('is linked from the footer, fills and clears the address by CEP, validates and sends the lead', async () => {
    const page = await open(null, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Envie sua proposta' }).click();
    await page.getByRole('heading', { name: 'Envie sua proposta' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    expect(await errorOf(page, /^Nome/)).toBe('O campo nome é obrigatório');
    expect(await errorOf(page, /^Cidade/)).toBe('O campo cidade é obrigatório');

    const cep = page.getByLabel('CEP');
    await cep.pressSequentially('99999999');
    expect(await cep.inputValue()).toBe('99999-999');
    await expect.poll(() => page.getByTestId('cep-status').textContent()).toBe('CEP não encontrado.');
    await cep.fill('');
    await cep.pressSequentially('01310100');
    await expect.poll(() => page.getByLabel('Rua').inputValue()).toBe('Avenida Paulista');
    expect(await page.getByLabel('Bairro').inputValue()).toBe('Bela Vista');
    expect(await page.getByLabel(/^Cidade/).inputValue()).toBe('São Paulo');
    expect(await page.getByLabel('UF').inputValue()).toBe('SP');
    expect(await page.getByTestId('cep-status').getAttribute('aria-live')).toBe('polite');
    // An unknown CEP clears what the previous one filled.
    await cep.fill('');
    await cep.pressSequentially('99999999');
    await expect.poll(() => page.getByLabel('Rua').inputValue()).toBe('');
    expect(await page.getByLabel(/^Cidade/).inputValue()).toBe('');
    expect(await page.getByTestId('cep-status').textContent()).toBe('CEP não encontrado.');
    await cep.fill('');
    await cep.pressSequentially('01310100');
    await expect.poll(() => page.getByLabel(/^Cidade/).inputValue()).toBe('São Paulo');

    await page.getByLabel(/^Nome/).fill('Carlos Mendes');
    await page.getByLabel(/^CPF ou CNPJ/).pressSequentially('12abc34501de35');
    expect(await page.getByLabel(/^CPF ou CNPJ/).inputValue()).toBe('12.ABC.345/01DE-35');
    await page.getByLabel(/^E-mail/).fill('carlos@example.com');
    await page.getByLabel(/^Celular/).pressSequentially('11987654321');
    await page.getByLabel(/^Loja/).fill('Alfa Eletro');
    await page.getByLabel(/^Valor da dívida/).pressSequentially('150000');
    expect(await page.getByLabel(/^Valor da dívida/).inputValue()).toBe('R$ 1.500,00');
    await page.getByLabel(/^Valor que pode pagar/).pressSequentially('50000');
    await page.getByLabel('Cartão de crédito').check();
    await page.getByLabel('Observação').fill('Posso pagar em 3 vezes.');
    await page.screenshot({ path: `${SCREENSHOTS}envie-sua-proposta.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    const sent = page.waitForRequest((request) => request.url().includes('b=cadastrarLead'));
    await page.getByRole('button', { name: 'Enviar proposta' }).click();
    // Spec 002 §7 "Create lead": the CPF/CNPJ and the phones go unmasked.
    expect((await sent).postDataJSON()).toMatchObject({ cpf_cnpj: '12ABC34501DE35', celular: '11987654321' });

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(LEAD_SUCCESS);
    const [demo] = await portal.database.db.select().from(partners).where(eq(partners.identifier, 'demo'));
    const [lead] = await portal.database.db.select().from(leads).where(eq(leads.partnerId, demo!.id));
    expect(lead).toMatchObject({
      name: 'Carlos Mendes',
      cpfCnpj: '12ABC34501DE35',
      city: 'São Paulo/SP',
      mobile: '11987654321',
      amountCents: 150000,
      affordableCents: 50000,
      paymentForm: 'P',
    });
  });
});
