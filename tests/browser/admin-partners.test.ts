import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PARTNER_ARCHIVED_MESSAGE } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditorCompanies, partners } from '../../apps/server/src/db/schema';
import { createStaffUser } from '../../apps/server/src/services/staff/create-staff-user';
import { axeViolations, connectChromium, type Portal, refuseCookiesBeforehand, startPortal } from './harness';
import { logInToPartners } from './staff-login';

// Back office partners, issue 5 item 3 (spec 002 §2 ListPartners, PostPartners, UpdatePartner, §3, §5, §8): the
// list with its search, a partner created with a logo and seen on its subdomain at once, a colour edited and seen
// there, the validations in the spec's order, the spec's delete, which archives (decision 014), with a confirmation
// in the spec's form that says so: the portal switched off, the partner in the archived list; partner 1 has none.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

const SHOTS = '/tmp/admin-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const STAFF = { username: 'parceiros.browser', password: 'Parceiros#2026' };
// Zelo Cobranças (1001) is a demo company that signed up and has no portal yet.
const NEW = { nome: 'Zelo Cobranças Teste', identificador: 'zeloteste', emp_codigo: '1001' };

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

/** A small solid-colour PNG (RGB, 8 bits), built by hand: signature, IHDR, one IDAT, IEND. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function loggedIn(viewport = DESKTOP): Promise<Page> {
  context = await browser.newContext({ viewport, bypassCSP: true, locale: 'pt-BR' });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await logInToPartners(page, portal.url(null, '/login'), STAFF);
  return page;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const storedPartners = () =>
  portal.database.db
    .select({ id: partners.id, name: partners.name, archivedAt: partners.archivedAt })
    .from(partners)
    .orderBy(asc(partners.id));

const cards = (page: Page) => page.getByTestId('partner-card');
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

/** The partner's own portal in another tab: its primary colour and its logo. */
async function partnerPortal(identificador: string) {
  const page = await context.newPage();
  await page.goto(portal.url(identificador, '/'));
  await page.locator('img[src^="/files/"]').first().waitFor();
  // The theme is applied once the app has hydrated (PartnerGate): wait for the variable.
  const primary = await page.waitForFunction(
    () => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() || false,
  );
  return { page, primary: String(await primary.jsonValue()) };
}

describe('partners in the back office', () => {
  it('lists every partner sorted by name, searches, creates, edits and archives one', async () => {
    const page = await loggedIn();
    await page.getByRole('link', { name: 'Parceiros', exact: true }).click();
    await page.waitForURL('**/admin/parceiros');
    await page.getByRole('heading', { name: 'Lista de parceiros' }).waitFor();
    await cards(page).first().waitFor();
    const stored = await storedPartners();
    const names = stored
      .map((p) => p.name)
      .sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
    expect(await cards(page).locator('h2').allTextContents()).toEqual(names);
    // Partner 1 has no Arquivar; the others have one.
    const first = stored.find((p) => p.id === 1)!;
    const firstCard = cards(page).filter({
      has: page.getByRole('heading', { name: first.name, exact: true }),
    });
    expect(await firstCard.getByRole('button', { name: /Arquivar/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Arquivar/ }).count()).toBe(stored.length - 1);
    await shot(page, 'partners-list');
    await expectNoAxeViolations(page);

    // Search by name, case-insensitive; nothing found has its text.
    const search = page.getByLabel('Pesquisar parceiro');
    await search.fill(first.name.toUpperCase());
    await expect.poll(() => cards(page).locator('h2').allTextContents()).toContain(first.name);
    for (const text of await cards(page).locator('h2').allTextContents())
      expect(text.toLowerCase()).toContain(first.name.toLowerCase());
    await shot(page, 'partners-search');
    await search.fill('nenhum parceiro com este nome');
    await page.getByTestId('partner-empty').waitFor();
    await search.fill('');

    // Create: the required fields in the spec's order, each under its field with the focus on it.
    await page.getByRole('link', { name: 'Novo parceiro' }).click();
    await page.waitForURL('**/admin/cadastrar-parceiro');
    await page.getByRole('heading', { name: 'Cadastrar novo parceiro' }).waitFor();
    expect(await page.getByLabel('Título', { exact: true }).inputValue()).toBe('Negocie aqui suas dívidas');
    const save = page.getByRole('button', { name: 'Salvar' });
    await save.click();
    await page.getByText('O campo nome do parceiro é obrigatório').waitFor();
    expect(await focusedName(page)).toBe('nome');
    await shot(page, 'partner-create-required');
    await page.screenshot({ path: `${SHOTS}/partner-create-top.png` });
    await expectNoAxeViolations(page);
    await page.getByLabel('Nome do parceiro', { exact: true }).fill(NEW.nome);
    await save.click();
    await page.getByText('O campo nome do subdomínio é obrigatório').waitFor();
    expect(await focusedName(page)).toBe('identificador');
    await page.getByLabel('Subdomínio').fill(NEW.identificador);
    await save.click();
    await page.getByText('O campo do logotipo do parceiro é obrigatório').waitFor();
    expect(await focusedName(page)).toBe('logo');
    await page
      .getByLabel('Logotipo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(48, 24, [200, 30, 60]) });
    await page.getByAltText('Pré-visualização: Logotipo').waitFor();
    await save.click();
    await page.getByText('O campo cor primária é obrigatório').waitFor();
    expect(await focusedName(page)).toBe('estilo.corPrimaria');
    await page.getByLabel('Cor primária', { exact: true }).fill('#0b6e4f');
    await save.click();
    await page.getByText('O campo cor sercundária é obrigatório').waitFor();
    await page.getByLabel('Cor secundária', { exact: true }).fill('#08415c');
    // About is all-or-nothing; weekday hours need start and end.
    await page.getByLabel('Título do sobre').fill('Quem somos');
    await save.click();
    await page
      .getByText('Para registar o Sobre deve ser inserido a imagem da empresa, o título e o texto do sobre.')
      .waitFor();
    await page.getByLabel('Título do sobre').fill('');
    await page.getByLabel('Horário inicial (dias úteis)').fill('09:00');
    await save.click();
    await page
      .getByText(
        'Para registar o horário de funcionamento nos dias úteis/fins de semana, deve ser inserido o horário inicial e o horário final.',
      )
      .waitFor();
    await page.getByLabel('Horário final (dias úteis)').fill('08:00');
    await save.click();
    await page
      .getByText(
        'Para registar o horário de funcionamento nos dias úteis/fins de semana, o horário inicial deve ser menor que o horário final.',
      )
      .waitFor();
    await page.getByLabel('Horário final (dias úteis)').fill('18:00');
    await save.click();
    await page.getByText('O campo código da empresa (emp_codigo) é obrigatório.').waitFor();
    expect(await focusedName(page)).toBe('emp_codigo');
    await shot(page, 'partner-create-filled');
    await expectNoAxeViolations(page);
    // The company is chosen from getEmpresas; companies already on a portal are not offered.
    const company = page.getByLabel('Código da empresa (emp_codigo)');
    const offered = await company.locator('option').allTextContents();
    expect(offered).toContain('Zelo Cobranças (1001)');
    expect(offered).not.toContain('Portal Demo (100)');
    await company.selectOption(NEW.emp_codigo);
    await save.click();
    await page.waitForURL('**/admin/parceiros');
    await page.getByTestId('snackbar').getByText('Parceiro cadastrado com sucesso!').waitFor();
    // Salvar went with the form: the list's heading has the focus, not <body>. Polled: the address changes as the
    // navigation starts, and the form stays on screen (Salvar focused) until the list's code has loaded.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('partner-list-title');
    const created = cards(page).filter({ has: page.getByRole('heading', { name: NEW.nome }) });
    await created.getByRole('img', { name: `Logotipo de ${NEW.nome}` }).waitFor();
    const [row] = await portal.database.db
      .select()
      .from(partners)
      .where(eq(partners.identifier, NEW.identificador));
    expect(row?.name).toBe(NEW.nome);
    await shot(page, 'partners-created');

    // At once on its subdomain: its colour and its logo.
    const before = await partnerPortal(NEW.identificador);
    expect(before.primary).toBe('#0b6e4f');
    // Sections nobody filled are not sent: no empty About or tutorial on the portal.
    expect(await before.page.getByRole('heading', { name: 'Sobre nós' }).count()).toBe(0);
    expect(await before.page.getByRole('heading', { name: 'Como funciona' }).count()).toBe(0);
    await shot(before.page, 'partner-portal-created');
    await before.page.close();

    // Edit the primary colour (Ver with the keyboard), then see it on the subdomain.
    await created.getByRole('link', { name: /Ver/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/atualizar-parceiro/${NEW.identificador}/${row!.id}`);
    await page.getByRole('heading', { name: 'Atualizar parceiro' }).waitFor();
    const primary = page.getByLabel('Cor primária', { exact: true });
    await primary.waitFor();
    expect(await primary.inputValue()).toBe('#0b6e4f');
    expect(await page.getByLabel('Nome do parceiro', { exact: true }).inputValue()).toBe(NEW.nome);
    await page.getByAltText('Pré-visualização: Logotipo').waitFor();
    await primary.fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('O campo cor primária é obrigatório').waitFor();
    await shot(page, 'partner-edit-required');
    await expectNoAxeViolations(page);
    await primary.fill('#c2410c');
    // A hosted robot check needs its site key.
    const robotCheck = page.getByLabel('Verificação anti-robô');
    expect(await robotCheck.inputValue()).toBe('altcha');
    await robotCheck.selectOption('turnstile');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByText('Informe a chave do site (site key) do serviço de verificação anti-robô escolhido.')
      .waitFor();
    expect(await focusedName(page)).toBe('captcha.siteKey');
    await robotCheck.selectOption('altcha');
    // The partners strip takes any number of logos; the favicon is its own image.
    await page.getByLabel('Texto da seção de parceiros').fill('Quem confia em nós');
    const logo = (name: string, rgb: [number, number, number]) => ({
      name,
      mimeType: 'image/png',
      buffer: png(40, 20, rgb),
    });
    await page
      .getByLabel('Adicionar logotipo de parceiro')
      .setInputFiles(logo('Banco Azul.png', [0, 0, 200]));
    await page.getByAltText('Pré-visualização: Logotipo de parceiro 1').waitFor();
    await page
      .getByLabel('Adicionar logotipo de parceiro')
      .setInputFiles(logo('Loja Verde.png', [0, 160, 0]));
    await page.getByAltText('Pré-visualização: Logotipo de parceiro 2').waitFor();
    await page
      .getByLabel('Adicionar logotipo de parceiro')
      .setInputFiles(logo('Sai Daqui.png', [90, 90, 90]));
    await page.getByRole('button', { name: 'Remover logotipo de parceiro 3' }).click();
    await page
      .getByLabel('Ícone da aba do navegador (favicon)')
      .setInputFiles({ name: 'icone.png', mimeType: 'image/png', buffer: png(32, 32, [250, 200, 0]) });
    await page.getByAltText('Pré-visualização: Ícone da aba do navegador (favicon)').waitFor();
    await shot(page, 'partner-edit-logos');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/admin/parceiros');
    await page.getByTestId('snackbar').getByText('Parceiro atualizado com sucesso!').waitFor();
    const after = await partnerPortal(NEW.identificador);
    expect(after.primary).toBe('#c2410c');
    const strip = after.page.locator('.partners__logos img');
    await strip.first().waitFor();
    expect(await strip.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual([
      'Banco Azul.png',
      'Loja Verde.png',
    ]);
    const favicon = await after.page.evaluate(async (id) => {
      const info = await (await fetch(`/api/parceiro/${id}/info`)).json();
      return info.data.favicon as string;
    }, NEW.identificador);
    expect(favicon).toMatch(/\/files\/[0-9a-f]{64}\.png$/);
    await after.page.waitForFunction(
      (url) => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href.endsWith(url),
      favicon,
    );
    await shot(after.page, 'partner-portal-edited');
    await after.page.close();

    // Archive: the spec's question, saying what archiving does; 'Não' keeps it, 'Sim' archives it.
    await created.getByRole('button', { name: /Arquivar/ }).click();
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain(
      `Você tem certeza que deseja arquivar o parceiro ${NEW.nome} ? O portal dele será desligado e ele sairá da ` +
        'lista de parceiros ativos. Solicitações LGPD, leads, candidaturas, acordos e demais registros continuam ' +
        'no painel.',
    );
    await shot(page, 'partner-archive-confirm');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Não' }).click();
    await modal.waitFor({ state: 'detached' });
    expect((await storedPartners()).find((p) => p.name === NEW.nome)?.archivedAt).toBeNull();
    await created.getByRole('button', { name: /Arquivar/ }).click();
    await modal.getByRole('button', { name: 'Sim' }).click();
    await page.getByTestId('snackbar').getByText('Parceiro arquivado com sucesso!').waitFor();
    await created.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('partner-list-title');
    // The row stays, archived; its portal answers as a switched-off one.
    const archived = (await storedPartners()).find((p) => p.name === NEW.nome);
    expect(archived?.archivedAt).toBeInstanceOf(Date);
    expect((await storedPartners()).map((p) => p.id)).toEqual([...stored.map((p) => p.id), archived!.id]);
    const off = await context.newPage();
    await off.goto(portal.url(NEW.identificador, '/'));
    await off.getByTestId('modal').getByText('Portal não está funcionando!').waitFor();
    await off.close();

    // 'Parceiros arquivados' lists it with its date, without Arquivar.
    await page.getByLabel('Mostrar').selectOption({ label: 'Parceiros arquivados' });
    await expect.poll(() => cards(page).locator('h2').allTextContents()).toEqual([NEW.nome]);
    expect(await cards(page).first().textContent()).toMatch(/Arquivado em \d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByRole('button', { name: /Arquivar/ }).count()).toBe(0);
    await shot(page, 'partners-archived');
    await expectNoAxeViolations(page);

    // Its form opens read-only and says why, on a phone too: nobody changes an archived partner (decision 014).
    await page.setViewportSize(PHONE);
    await page.goto(portal.url(null, `/admin/atualizar-parceiro/${NEW.identificador}/${archived!.id}`));
    await page.getByText(`Somente leitura. ${PARTNER_ARCHIVED_MESSAGE}`).waitFor();
    expect(await page.getByLabel('Nome do parceiro', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await shot(page, 'partner-archived-form-phone');
    await expectNoAxeViolations(page);
  });

  it('shows the list and the form on a phone; Cancelar goes back to the list', async () => {
    const page = await loggedIn(PHONE);
    await page.goto(portal.url(null, '/admin/parceiros'));
    await cards(page).first().waitFor();
    await shot(page, 'partners-list-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Novo parceiro' }).click();
    await page.getByRole('heading', { name: 'Cadastrar novo parceiro' }).waitFor();
    await shot(page, 'partner-create-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/admin/parceiros');
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)
    it(`moves between sections by the index and keeps Salvar in view (${name}; issue 18 item 9)`, async () => {
      const page = await loggedIn(viewport);
      await page.goto(portal.url(null, '/admin/cadastrar-parceiro'));
      await page.getByRole('heading', { name: 'Cadastrar novo parceiro' }).waitFor();
      const index = page.getByRole('navigation', { name: 'Seções do formulário' });
      const last = index.getByRole('link').last();
      await last.click();
      const target = (await last.getAttribute('href'))!.slice(1);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(target);
      // Far down the form, Salvar is still on the screen, above nothing that covers it.
      const save = page.getByRole('button', { name: 'Salvar' });
      const box = (await save.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(
        await save.evaluate((button) => {
          const r = button.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === button;
        }),
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await shot(page, `partner-form-index-${name}`);
      await expectNoAxeViolations(page);
    });

  it('shows no cookie banner in the back office, which sets no cookie there', async () => {
    context = await browser.newContext({ viewport: PHONE, bypassCSP: true, locale: 'pt-BR' });
    const page = await context.newPage();
    await logInToPartners(page, portal.url(null, '/login'), STAFF);
    await page.goto(portal.url(null, '/admin/cobranca'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    await page.goto(portal.url(null, '/'));
    await page.getByTestId('cookie-banner').waitFor();
  });

  it('asks before leaving the form with unsaved edits: a link, closing the tab, the back button', async () => {
    const page = await loggedIn();
    await page.goto(portal.url(null, '/admin/parceiros'));
    await cards(page).first().waitFor();
    await page.getByRole('link', { name: 'Novo parceiro' }).click();
    const name = page.getByLabel('Nome do parceiro', { exact: true });
    await name.fill('Parceiro por salvar');
    const modal = page.getByTestId('modal');
    // A link of the menu: the app asks; 'Continuar editando' keeps the form and what was typed.
    await page.getByRole('link', { name: 'Parceiros', exact: true }).click();
    await modal.getByText('Sair sem salvar?').waitFor();
    expect(await modal.textContent()).toContain('As alterações feitas neste formulário serão perdidas.');
    await shot(page, 'partner-leave-unsaved');
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Continuar editando' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('Parceiro por salvar');
    expect(page.url()).toContain('/admin/cadastrar-parceiro');
    // Closing (or reloading) the tab: the browser's own question; dismissing it keeps the page.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    // The back button: the app asks; 'Sair sem salvar' goes back to the list.
    await page.evaluate(() => window.history.back());
    await modal.getByText('Sair sem salvar?').waitFor();
    await modal.getByRole('button', { name: 'Sair sem salvar' }).click();
    await page.waitForURL('**/admin/parceiros');
    await page.getByRole('heading', { name: 'Lista de parceiros' }).waitFor();
  });

  it('a partner that is not there shows the server message and returns to the list', async () => {
    const page = await loggedIn();
    await page.goto(portal.url(null, '/admin/atualizar-parceiro/nada/999999'));
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Parceiro não encontrado.');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/parceiros');
  });

  it("with no company to choose from, a new partner says 'Empresas não encontradas' and returns to the list", async () => {
    const page = await loggedIn();
    await portal.database.db.delete(creditorCompanies);
    await page.goto(portal.url(null, '/admin/cadastrar-parceiro'));
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Empresas não encontradas');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/parceiros');
  });

  it('without a token the partner screens go to /login', async () => {
    context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true, locale: 'pt-BR' });
    const page = await context.newPage();
    for (const path of [
      '/admin/parceiros',
      '/admin/cadastrar-parceiro',
      '/admin/atualizar-parceiro/demo/1',
    ]) {
      await page.goto(portal.url(null, path));
      await page.waitForURL('**/login');
    }
  });
});
