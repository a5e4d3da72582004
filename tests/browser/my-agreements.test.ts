import { mkdirSync } from 'node:fs';
import { formatBrDate, formatMoney, instalmentName } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, stepLogs } from '../../apps/server/src/db/schema';
import { mimeParts } from '../../apps/server/test/smtp-peer';
import type { AcordosResposta, ParcelaAcordo } from '../../apps/web/src/features/debts/api/types';
import { type DemoDebtor, JOAO, loginDebtor, MARIA, openPaymentOptions } from './debtor-login';
import {
  axeViolations,
  brokenWords,
  connectChromium,
  downloadedBytes,
  expectApart,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';

// Spec 001 §2 "My agreements", §4 (statuses, PIX modal, boleto generation rule), §5, §8, §9 and issue 16: Meus
// Acordos through the built web app, the real server and the demo seed (João's agreement has a paid, an overdue
// and an open instalment), on a phone first.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/my-agreements-screens';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Every test logs in again; the per-document login limit has its own server tests.
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

async function open(partner: string, viewport = PHONE): Promise<Page> {
  context = await browser.newContext({ viewport, bypassCSP: true, locale: 'pt-BR', acceptDownloads: true });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url(partner, '/'));
  return page;
}

const agreementsAnswer = (page: Page) =>
  page.waitForResponse((r: Response) => r.url().includes('b=passo_5') && r.request().method() === 'POST');

async function readAgreements(answer: Promise<Response>): Promise<AcordosResposta> {
  const envelope = (await (await answer).json()) as { retorno: boolean; dados: AcordosResposta };
  expect(envelope.retorno).toBe(true);
  return envelope.dados;
}

/** Logs `debtor` in on `partner` and opens Meus Acordos from the menu tile; answers what passo_5 gave. */
async function openMyAgreements(page: Page, debtor: DemoDebtor, tile = /^Meus Acordos/) {
  await loginDebtor(page, debtor);
  await page.waitForURL('**/menu');
  const answer = agreementsAnswer(page);
  await page.getByRole('link', { name: tile }).click();
  await page.waitForURL('**/meus-acordos');
  const data = await readAgreements(answer);
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  return data;
}

const text = async (locator: Locator) => (await locator.textContent())?.replace(/\u00a0/g, ' ') ?? '';
const money = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');
const rows = (card: Locator) => card.getByTestId('agreement-row');

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function shot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: `${SHOTS}/${name}.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

async function expectModal(page: Page, title: string, body: string): Promise<void> {
  const dialog = page.getByTestId('modal');
  await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
  expect(await text(dialog.locator('.modal__text'))).toBe(body);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function stepsLogged(code: number, debtor: DemoDebtor): Promise<number> {
  const logged = await portal.database.db
    .select({ id: stepLogs.id })
    .from(stepLogs)
    .where(and(eq(stepLogs.stepCode, code), eq(stepLogs.cpfCnpj, debtor.digits)));
  return logged.length;
}

/** The row of an instalment in its card (rows follow the answer's order). */
function rowOf(card: Locator, agreement: ParcelaAcordo[], parcela: ParcelaAcordo): Locator {
  return rows(card).nth(agreement.indexOf(parcela));
}

const STATUS = { A: 'Em aberto', AA: 'Vencida', P: 'PAGO', B: 'PAGO' } as const;

describe('Meus Acordos on demo (João: a paid, an overdue and an open instalment)', () => {
  it('menu tile, cards and statuses; paid rows cannot be ticked; phone without sideways scrolling', async () => {
    const page = await open('demo');
    const data = await openMyAgreements(page, JOAO);
    await page.getByRole('heading', { level: 1, name: 'Meus Acordos', exact: true }).waitFor();
    expect(data.acordos.length).toBeGreaterThan(0);
    const cards = page.getByTestId('agreement-card');
    expect(await cards.count()).toBe(data.acordos.length);

    const { dadosAcordo: agreement, loja } = data.acordos[0]!;
    const card = cards.first();
    await card.getByRole('heading', { level: 2, name: loja.loj_fantasia, exact: true }).waitFor();
    expect(await text(card.getByTestId('agreement-negotiated'))).toBe(money(agreement.valor_negociado));
    expect(await text(card.getByTestId('agreement-remaining'))).toBe(money(agreement.valor_restante));
    expect(await text(card.getByTestId('agreement-method'))).toBe('Boleto');

    // Every instalment with its status; the seed gives every state.
    const statuses = agreement.parcelas.map((p) => p.status);
    expect(statuses).toEqual(expect.arrayContaining(['P', 'AA', 'A']));
    expect(await card.getByTestId('agreement-status').allTextContents()).toEqual(
      agreement.parcelas.map((p) => STATUS[p.status]),
    );
    for (const parcela of agreement.parcelas) {
      const row = rowOf(card, agreement.parcelas, parcela);
      expect(await text(row)).toContain(parcela.campo_parcela);
      expect(await text(row)).toContain(formatBrDate(parcela.vencimento));
      const tick = row.getByTestId('agreement-tick');
      const issued = parcela.pdf !== null && !parcela.pdf.endsWith('_vai_ser_gerado');
      expect(await tick.isEnabled()).toBe((parcela.status === 'A' || parcela.status === 'AA') && issued);
      if (!issued && parcela.status !== 'P' && parcela.status !== 'B')
        expect(await text(row.getByTestId('agreement-not-issued'))).toBe(
          'O boleto será gerado na data de vencimento ou após o pagamento da parcela anterior.',
        );
    }
    const paid = agreement.parcelas.find((p) => p.status === 'P')!;
    expect(await rowOf(card, agreement.parcelas, paid).getByTestId('agreement-tick').isDisabled()).toBe(true);

    // Spec 001 §4: view and download are on (an instalment is open).
    expect(await card.getByTestId('agreement-view').isEnabled()).toBe(true);
    expect(await card.getByTestId('agreement-download').isEnabled()).toBe(true);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'phone-list');
    await shot(card.getByTestId('agreement-payments'), 'phone-payments');
    await expectNoAxeViolations(page);

    // Spec 001 §2: Voltar from MyAgreements goes to the menu.
    await page.getByTestId('debts-back').click();
    await page.waitForURL('**/menu');
  });

  it("'Selecione pelo menos uma parcela!', then tick, download and view one PDF (step 4)", async () => {
    const page = await open('demo');
    const data = await openMyAgreements(page, JOAO);
    const agreement = data.acordos[0]!.dadosAcordo;
    const card = page.getByTestId('agreement-card').first();

    await card.getByTestId('agreement-download').click();
    await expectModal(page, 'Atenção', 'Selecione pelo menos uma parcela!');
    await card.getByTestId('agreement-view').click();
    await expectModal(page, 'Atenção', 'Selecione pelo menos uma parcela!');

    const overdue = agreement.parcelas.find((p) => p.status === 'AA')!;
    await rowOf(card, agreement.parcelas, overdue).getByTestId('agreement-tick').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('agreement-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`boletos_${overdue.aci_codigo}.pdf`);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // The PDF's text holds the instalment's linha digitável.
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    });
    expect(pdfText).toContain(overdue.linha_digitavel!);

    // View: a tab opened within the click shows the PDF that was fetched.
    const [tab] = await Promise.all([page.waitForEvent('popup'), card.getByTestId('agreement-view').click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    const head = await tab.evaluate(async () =>
      new TextDecoder('latin1').decode((await (await fetch(location.href)).arrayBuffer()).slice(0, 4)),
    );
    expect(head).toBe('%PDF');
    await tab.close();
    await expect.poll(() => stepsLogged(4, JOAO)).toBeGreaterThan(0);
  });

  it("a refused PDF closes the tab and says 'Não foi possível baixar os boletos selecionados!'", async () => {
    const page = await open('demo');
    const data = await openMyAgreements(page, JOAO);
    const agreement = data.acordos[0]!.dadosAcordo;
    const card = page.getByTestId('agreement-card').first();
    const due = agreement.parcelas.find((p) => p.linha_digitavel !== null)!;
    await rowOf(card, agreement.parcelas, due).getByTestId('agreement-tick').check();
    // The instalment was paid meanwhile: the server answers 409 'Esta parcela já foi paga.'.
    await page.route('**/api/acordos/boletos.pdf*', (route) =>
      route.fulfill({
        status: 409,
        json: { retorno: false, dados: null, mensagem: 'Esta parcela já foi paga.' },
      }),
    );
    const [tab] = await Promise.all([page.waitForEvent('popup'), card.getByTestId('agreement-view').click()]);
    await expectModal(page, 'Erro', 'Não foi possível baixar os boletos selecionados!');
    expect(tab.isClosed()).toBe(true);
  });

  it('PIX modal: QR code and copy-and-paste code (step 103); copy the line (step 102); original instalments (step 35)', async () => {
    const page = await open('demo');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const data = await openMyAgreements(page, JOAO);
    const agreement = data.acordos[0]!.dadosAcordo;
    const card = page.getByTestId('agreement-card').first();
    // The overdue instalment is issued (the open one after it waits for it: boleto generation rule).
    const due = agreement.parcelas.find((p) => p.pix_copia_cola !== null)!;
    const row = rowOf(card, agreement.parcelas, due);

    await row.getByTestId('agreement-copy-line').click();
    await page.getByText('Linha digitável copiada.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(due.linha_digitavel);
    await expect.poll(() => stepsLogged(102, JOAO)).toBeGreaterThan(0);

    const pixButton = row.getByTestId('agreement-pix');
    await pixButton.click();
    const dialog = page.getByTestId('pix-dialog');
    await dialog.getByRole('heading', { name: 'Pagar com PIX' }).waitFor();
    const qr = dialog.getByRole('img', { name: `QR Code do PIX da ${instalmentName(due.campo_parcela)}` });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await dialog.getByTestId('pix-code').inputValue()).toBe(due.pix_copia_cola);
    await shot(page, 'phone-pix');
    await expectNoAxeViolations(page);
    await dialog.getByTestId('pix-code-copy').click();
    await page.getByText('Código PIX copiado.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(due.pix_copia_cola);
    await expect.poll(() => stepsLogged(103, JOAO)).toBeGreaterThan(0);
    // Escape closes it and the focus is back on the PIX button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await pixButton.evaluate((el) => el === document.activeElement)).toBe(true);

    const details = data.acordos[0]!.detalhes;
    await card.getByTestId('agreement-details-toggle').click();
    const table = card.getByTestId('agreement-details');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(
      details.reduce((sum, detalhe) => sum + detalhe.parcelas.length, 0),
    );
    await expect.poll(() => stepsLogged(35, JOAO)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });
});

/** How many lines the element's own text takes (its ::before label aside). */
const textLines = (cell: Locator) =>
  cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.firstChild ?? element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

describe('Meus Acordos at phone size and at 200% zoom on a phone', () => {
  it.each([390, 195])(
    '%i px wide: rows reflow without sideways scrolling, overlap or cut words; the PIX modal fits',
    async (width) => {
      const page = await open('demo', { width, height: 844 });
      const data = await openMyAgreements(page, JOAO);
      const agreement = data.acordos[0]!.dadosAcordo;
      const card = page.getByTestId('agreement-card').first();
      // The original instalments' table too: it scrolls inside its own region, never the page.
      await card.getByRole('button', { name: 'Ver parcelas originais' }).click();
      await card.getByTestId('agreement-details').getByRole('table').first().waitFor();
      await shot(page, `reflow-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await brokenWords(page)).toEqual([]);
      for (const parcela of agreement.parcelas) {
        const row = rowOf(card, agreement.parcelas, parcela);
        const rowBox = (await row.boundingBox())!;
        const cells = ['name', 'due', 'value'].map((name) => row.locator(`.agreement-row__${name}`));
        const status = row.getByTestId('agreement-status');
        await expectApart([...cells, status]);
        for (const part of [...cells, status]) {
          const box = (await part.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(rowBox.x);
          expect(box.x + box.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
          expect(await part.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        }
        // 'Entrada', '1/2' and the date are never broken inside.
        expect(await textLines(cells[0]!)).toBe(1);
        expect(await textLines(cells[1]!)).toBe(1);
      }

      const due = agreement.parcelas.find((p) => p.pix_copia_cola !== null)!;
      await rowOf(card, agreement.parcelas, due).getByTestId('agreement-pix').click();
      const dialog = page.getByTestId('pix-dialog');
      const qr = dialog.getByTestId('pix-qr');
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await shot(page, `pix-${width}`);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Nothing inside is wider than the modal: it neither scrolls sideways nor cuts the title, QR or button.
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      const title = dialog.getByRole('heading', { name: 'Pagar com PIX' });
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      for (const part of [qr, dialog.getByTestId('pix-code'), dialog.getByTestId('pix-code-copy')]) {
        const inner = (await part.boundingBox())!;
        expect(inner.x).toBeGreaterThanOrEqual(box.x);
        expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
      }
      await dialog.getByTestId('pix-code-copy').click({ trial: true });
    },
  );
});

describe('Meus Acordos pagination on a phone', () => {
  it('390 px: the four page buttons wrap whole, no word cut between letters, no sideways scroll', async () => {
    const page = await open('demo');
    // João has one page of agreements: the answer says there are three, as a person with 11 agreements would see.
    await page.route('**/api.php?a=negociacao_robo&b=passo_5', async (route) => {
      // Node does not resolve *.localhost as Chromium does: the request goes to the loopback with its Host kept.
      const url = new URL(route.request().url());
      const headers = { ...route.request().headers(), host: url.host };
      url.hostname = '127.0.0.1';
      const response = await route.fetch({ url: url.href, headers });
      const envelope = (await response.json()) as { dados: AcordosResposta };
      envelope.dados.paginacao = { quantidade_de_paginas: 3, pagina_atual: 2 };
      await route.fulfill({ response, json: envelope });
    });
    await openMyAgreements(page, JOAO);
    const pagination = page.getByTestId('agreements-pagination');
    await pagination.waitFor();
    await shot(pagination, 'pagination-390');
    expect(await pagination.getByRole('button').allTextContents()).toEqual([
      'Primeira',
      'Anterior',
      'Próxima',
      'Última',
    ]);
    expect(await brokenWords(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('a new agreement (Maria on negocie)', () => {
  it('confirms a boleto agreement (a retry keeps its Idempotency-Key), lands on Meus Acordos after 2 s, opens the sending modal', async () => {
    const page = await open('negocie');
    await loginDebtor(page, MARIA);
    const panel = await openPaymentOptions(page, portal.url('negocie', '/minhas-dividas'));
    await panel.getByTestId('po-plan-list').getByRole('radio').first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    const confirm = panel.getByTestId('po-confirm');
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();

    // The first attempt's answer is lost on the way: the person tries again with the same key.
    const keys: string[] = [];
    await page.route('**/api.php?a=negociacao_robo&b=passo_4_novo', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await expectModal(page, 'Erro', 'Não foi possível gerar o seu acordo');
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    const dialog = page.getByTestId('modal');
    await dialog.getByRole('heading', { name: 'Parabéns' }).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[\w-]{8,128}$/);

    const answer = agreementsAnswer(page);
    const started = Date.now();
    await page.waitForURL('**/meus-acordos', { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThan(1000);
    await dialog.getByRole('button', { name: 'OK' }).click();
    const data = await readAgreements(answer);
    const agreement = data.acordos[0]!.dadosAcordo;
    const newest = page.getByTestId('agreement-card').first();
    await newest.getByTestId('agreement-payments').waitFor();
    await shot(page, 'phone-new-agreement');

    // negocie has the send-boletos button (capability sendBoletosButton, flgPagueMe off).
    await newest.getByTestId('agreement-send').click();
    await expectModal(page, 'Atenção', 'Selecione pelo menos uma parcela!');
    const first = agreement.parcelas.find((p) => p.linha_digitavel)!;
    await rowOf(newest, agreement.parcelas, first).getByTestId('agreement-tick').check();
    await newest.getByTestId('agreement-send').click();
    // The receive-call panel in send-boletos mode (spec 001 §2): SMS and e-mail send the ticked boletos.
    const receiveCall = page.getByTestId('receive-call');
    await receiveCall.getByRole('heading', { name: 'Como você prefere receber os seus boletos?' }).waitFor();
    expect(await receiveCall.getByTestId('channel-sms').count()).toBe(1);
    await expectNoAxeViolations(page);
    await receiveCall.getByTestId('channel-email').click();
    const send = page.getByTestId('send-boletos-dialog');
    await send.getByTestId('send-boletos-email').waitFor();
    expect(await text(send.getByTestId('send-boletos-email'))).toBe(data.pessoa.email_cadastrado);
    await shot(page, 'phone-send-boletos');
    await expectNoAxeViolations(page);

    // SMS: an 11-digit mobile is required.
    await send.getByRole('radio', { name: 'SMS' }).check();
    await send.getByLabel('Celular', { exact: true }).fill('1199');
    await send.getByTestId('send-boletos-sms-submit').click();
    await send.getByText('Digite um celular válido', { exact: true }).waitFor();

    // To her own mobile: the SMS goes through the outbox with the boleto's line.
    await send.getByLabel('Celular', { exact: true }).fill(MARIA.phone);
    await send.getByTestId('send-boletos-sms-submit').click();
    await expectModal(
      page,
      'Sucesso',
      'SMS enviado com sucesso. Aguarde alguns segundos caso não tenha chego no seu celular.',
    );
    await send.waitFor({ state: 'detached' });
    const [sms] = await portal.database.db
      .select()
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.channel, 'sms'),
          eq(outboundMessages.recipient, MARIA.phone.replace(/\D/g, '')),
        ),
      )
      .orderBy(desc(outboundMessages.id))
      .limit(1);
    expect(sms!.bodyText).toContain(first.linha_digitavel!);
    // Spec 001 §4: one SMS sent, one step 38 (the panel's choice of SMS logs none; the server logs the send).
    await expect.poll(() => stepsLogged(38, MARIA)).toBe(1);

    // By e-mail to the address on file: it arrives at the SMTP server with the boletos' PDF attached.
    await newest.getByTestId('agreement-send').click();
    await receiveCall.getByTestId('channel-email').click();
    await send.getByTestId('send-boletos-email-submit').click();
    await expectModal(
      page,
      'Sucesso',
      'E-mail enviado com sucesso. Caso não encontre a mensagem, verifique também a sua caixa de spam.',
    );
    await expect
      .poll(
        () =>
          portal.smtp.received.find(
            (mail) =>
              mail.to.includes('demo@example.com') &&
              mimeParts(mail).some((p) => p.contentType === 'application/pdf'),
          ),
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const mail = portal.smtp.received.find(
      (m) =>
        m.to.includes('demo@example.com') && mimeParts(m).some((p) => p.contentType === 'application/pdf'),
    )!;
    const pdf = mimeParts(mail).find((p) => p.contentType === 'application/pdf')!;
    expect(pdf.content.subarray(0, 4).toString()).toBe('%PDF');
    expect(await stepsLogged(24, MARIA)).toBe(1);
    expect(
      mimeParts(mail)
        .find((p) => p.contentType.startsWith('text/plain'))!
        .content.toString(),
    ).toContain(first.linha_digitavel!);
  });
});

describe('a PIX agreement (Maria on demo, Bela Casa)', () => {
  it('its rows have the PIX button only: no ticks, no boletos; the QR code and the code to copy; Back skips the login', async () => {
    const page = await open('demo');
    await loginDebtor(page, MARIA);
    const panel = await openPaymentOptions(page, portal.url('demo', '/minhas-dividas'), 'Bela Casa');
    const plans = panel.getByTestId('po-plans');
    await expect.poll(() => plans.getAttribute('aria-busy')).toBe('false');
    await panel.getByTestId('po-method').getByRole('radio', { name: 'PIX', exact: true }).check();
    await expect.poll(() => plans.getAttribute('aria-busy')).toBe('false');
    await panel.getByTestId('po-mode').getByRole('radio', { name: 'Parcelado', exact: true }).check();
    await expect.poll(() => plans.getAttribute('aria-busy')).toBe('false');
    await panel.getByTestId('po-plan-list').getByRole('radio').first().check();
    await panel.getByRole('button', { name: 'Continuar' }).click();
    const confirm = panel.getByTestId('po-confirm');
    await confirm.getByRole('checkbox', { name: 'Li e concordo com os termos do acordo.' }).check();
    await confirm.getByRole('button', { name: 'Confirmar acordo' }).click();
    await page.getByTestId('modal').getByRole('heading', { name: 'Parabéns' }).waitFor();
    const answer = agreementsAnswer(page);
    await page.waitForURL('**/meus-acordos', { timeout: 5000 });
    await page.getByTestId('modal').getByRole('button', { name: 'OK' }).click();
    const data = await readAgreements(answer);
    const agreement = data.acordos.find((a) => a.dadosAcordo.forma_pagamento === 'pix')!.dadosAcordo;

    const pixCard = page
      .getByTestId('agreement-card')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Bela Casa', exact: true }) });
    await pixCard.getByTestId('agreement-payments').waitFor();
    expect(await text(pixCard.getByTestId('agreement-method'))).toBe('PIX');
    expect(await pixCard.getByTestId('agreement-tick').count()).toBe(0);
    expect(await pixCard.getByTestId('agreement-copy-line').count()).toBe(0);
    expect(await pixCard.getByTestId('agreement-view').count()).toBe(0);
    // The entry's PIX is issued at once; the next instalments' wait for it (or their due date): the notice in the
    // row, no button that would only repeat it.
    const [first, second] = agreement.parcelas;
    expect(second!.pdf).toBe('pix_vai_ser_gerado');
    expect(await pixCard.getByTestId('agreement-pix').count()).toBe(1);
    const secondRow = rowOf(pixCard, agreement.parcelas, second!);
    expect(await secondRow.getByRole('button').count()).toBe(0);
    expect(await text(secondRow.getByTestId('agreement-not-issued'))).toBe(
      'O PIX desta parcela será gerado na data de vencimento ou após o pagamento da parcela anterior.',
    );
    await shot(pixCard, 'phone-pix-agreement');
    await expectNoAxeViolations(page);

    await pixCard.getByTestId('agreement-pix').click();
    const dialog = page.getByTestId('pix-dialog');
    const qr = dialog.getByTestId('pix-qr');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await dialog.getByTestId('pix-code').inputValue()).toBe(first!.pix_copia_cola);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Back after the agreement: the debtor pages, then the landing page; never the finished login's form.
    const backTo: string[] = [];
    for (let step = 0; step < 3; step++) {
      await page.goBack();
      backTo.push(new URL(page.url()).pathname);
    }
    expect(backTo).toEqual(['/minhas-dividas', '/menu', '/']);
  });
});

describe('partner wording', () => {
  it("boletos: 'Meus Boletos' lists each store's open boletos; the ticked ones come in one PDF", async () => {
    const page = await open('boletos', DESKTOP);
    const data = await openMyAgreements(page, MARIA, /^Meus Boletos/);
    await page.getByRole('heading', { level: 1, name: 'Meus Boletos', exact: true }).waitFor();
    expect(data.acordos.length).toBeGreaterThan(0);
    expect(data.acordos.every((a) => a.dadosAcordo.tipo === 'boletos')).toBe(true);
    const card = page.getByTestId('agreement-card').first();
    await card.getByTestId('agreement-payments').waitFor();
    await shot(page, 'desktop-boletos');
    await expectNoAxeViolations(page);
    await card.getByTestId('agreement-tick').first().check();
    await card.getByTestId('agreement-tick').nth(1).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('agreement-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^boletos_\d+\.pdf$/);
    expect((await downloadedBytes(download)).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
