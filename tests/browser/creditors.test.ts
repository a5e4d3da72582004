import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditorCompanies, creditorLeads } from '../../apps/server/src/db/schema';
import { axeViolations, connectChromium, type Portal, refuseCookiesBeforehand, startPortal } from './harness';

// Creditor registration (/seja-parceiro) and the sign-up wizard (/cadastre-sua-empresa/:id) of spec 002 §2, §4, §5,
// §8, through the built web app, the real server and the SMTP peer.
const SCREENSHOTS = '/tmp/creditor-screens/';
const PASSWORD_RULE = 'Senha deve conter no mínimo 6 dígitos, letras minúsculas, maiúsculas e números.';
const PLAN_REQUIRED = 'É necessário selecionar um plano antes de prosseguir.';
const USED_LINK =
  'O cadastro deste link já foi concluído. Entre na área do credor com o usuário e a senha criados.';
const CNPJ_SIGNED_UP =
  'Esta empresa já concluiu o cadastro. Entre na área do credor com o usuário e a senha criados.';

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(path: string, width = 390): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 844 }, bypassCSP: true, locale: 'pt-BR' });
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  await page.goto(portal.url('acme', path));
  return page;
}

/** The error line tied to a field (aria-describedby), as a screen reader reads it. */
async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  const ids = ((await field.getAttribute('aria-describedby')) ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'));
  if (ids.length === 0) return '';
  return ((await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '').trim();
}

/** The code of the sign-up link an e-mail carries (quoted-printable soft breaks joined). */
function signUpCode(raw: string): string {
  const code = /\/cadastre-sua-empresa\/([A-Za-z0-9_-]+)/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
  expect(code).toBeDefined();
  return code!;
}

async function waitForMail(to: string, subject: string) {
  await expect
    .poll(() => portal.smtp.received.some((mail) => mail.to.includes(to) && mail.raw.includes(subject)), {
      timeout: 10_000,
    })
    .toBe(true);
  return portal.smtp.received.find((mail) => mail.to.includes(to) && mail.raw.includes(subject))!;
}

describe('simple creditor registration (RegisterCreditor)', () => {
  it('shows each validation message, then registers, tells of the e-mail and e-mails the link', async () => {
    const page = await open('/', 1280);
    await page.getByRole('link', { name: 'Seja um credor parceiro' }).click();
    await page.waitForURL(/\/seja-parceiro$/);
    await page.getByRole('heading', { name: 'Seja um credor parceiro', level: 1 }).waitFor();

    const submit = page.getByRole('button', { name: 'Cadastrar empresa' });
    await submit.click();
    expect(await fieldError(page, 'Razão social')).toBe('O campo razão social é obrigatório');
    expect(await fieldError(page, 'CNPJ')).toBe('O campo CNPJ é obrigatório');
    expect(await fieldError(page, 'Nome do contato')).toBe('O campo nome do contato é obrigatório');
    expect(await fieldError(page, 'Celular')).toBe('O campo celular é obrigatório');
    expect(await fieldError(page, 'E-mail')).toBe('O campo e-mail é obrigatório');
    expect(await fieldError(page, 'Telefone fixo (opcional)')).toBe('');
    expect(await fieldError(page, 'Site (opcional)')).toBe('');
    // The first invalid field has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('razao_social');

    await page.getByLabel('Razão social', { exact: true }).fill('Alfa Cobranças Ltda');
    await page.getByLabel('CNPJ', { exact: true }).fill('11222333000182');
    await page.getByLabel('Nome do contato', { exact: true }).fill('Ana Souza');
    await page.getByLabel('Celular', { exact: true }).fill('4198765432');
    await page.getByLabel('Telefone fixo (opcional)', { exact: true }).fill('413333');
    await page.getByLabel('E-mail', { exact: true }).fill('ana@alfa');
    await page.getByLabel('Site (opcional)', { exact: true }).fill('alfa');
    await submit.click();
    expect(await fieldError(page, 'CNPJ')).toBe('Digite um CNPJ válido');
    expect(await fieldError(page, 'Celular')).toBe('Digite um celular válido');
    expect(await fieldError(page, 'Telefone fixo (opcional)')).toBe('Digite um telefone fixo válido');
    expect(await fieldError(page, 'E-mail')).toBe('Digite um e-mail válido');
    expect(await fieldError(page, 'Site (opcional)')).toBe(
      'Digite um site válido, como www.suaempresa.com.br',
    );
    await page.screenshot({ path: `${SCREENSHOTS}seja-parceiro-erros.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // An alphanumeric CNPJ, typed in lower case, is masked and accepted.
    await page.getByLabel('CNPJ', { exact: true }).fill('12abc34501de35');
    expect(await page.getByLabel('CNPJ', { exact: true }).inputValue()).toBe('12.ABC.345/01DE-35');
    await page.getByLabel('Celular', { exact: true }).fill('41987654321');
    expect(await page.getByLabel('Celular', { exact: true }).inputValue()).toBe('(41) 98765-4321');
    await page.getByLabel('Telefone fixo (opcional)', { exact: true }).fill('');
    await page.getByLabel('E-mail', { exact: true }).fill('ana@alfa.com.br');
    await page.getByLabel('Site (opcional)', { exact: true }).fill('www.alfa.com.br');
    await submit.click();

    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Credor adicionado com sucesso!' }).count())
      .toBeGreaterThan(0);
    const done = page.getByTestId('creditor-registered');
    await done.waitFor();
    expect(await done.textContent()).toContain('Enviamos um e-mail de confirmação para ana@alfa.com.br');
    await page.screenshot({ path: `${SCREENSHOTS}seja-parceiro-sucesso.png`, fullPage: true });

    const [lead] = await portal.database.db
      .select()
      .from(creditorLeads)
      .where(eq(creditorLeads.email, 'ana@alfa.com.br'));
    expect(lead).toMatchObject({ cnpj: '12ABC34501DE35', mobile: '41987654321', landline: '' });
    const mail = await waitForMail('ana@alfa.com.br', 'cadastro');
    const code = signUpCode(mail.raw);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(portal.url('acme', `/cadastre-sua-empresa/${code}`));
    // The table keeps only the code's hash (decision 100).
    expect(lead!.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    await waitForMail('contato@acme.example.com', 'credor');
  });

  it('fits the confirmation of a long company e-mail on a phone (390 px) without scrolling sideways', async () => {
    const email = 'contato.comercial.financeiro@distribuidoradealimentos.com.br';
    const page = await open('/seja-parceiro');
    await page.getByLabel('Razão social', { exact: true }).fill('Distribuidora de Alimentos Ltda');
    await page.getByLabel('CNPJ', { exact: true }).fill('11.444.777/0001-61');
    await page.getByLabel('Nome do contato', { exact: true }).fill('Carla Dias');
    await page.getByLabel('Celular', { exact: true }).fill('11987654321');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Cadastrar empresa' }).click();

    const done = page.getByTestId('creditor-registered');
    await done.waitFor();
    expect(await done.textContent()).toContain(email);
    await page.screenshot({ path: `${SCREENSHOTS}seja-parceiro-email-longo.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
  });
});

describe('creditor sign-up wizard', () => {
  it('opens from the e-mailed link prefilled, checks each step, toggles plans and signs up', async () => {
    // A registration through the API, then the link of the e-mail the creditor receives.
    const registered = await portal.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=cadastrarEmpresaCredora',
      headers: { host: new URL(portal.url('acme')).host },
      payload: {
        razao_social: 'Beta Recuperadora S.A.',
        cnpj: '11.222.333/0001-81',
        nome_contato: 'Bruno Lima',
        telefone_cel: '(11) 99876-5432',
        email: 'bruno@beta.com.br',
      },
    });
    expect(registered.json().retorno).toBe(true);
    const mail = await waitForMail('bruno@beta.com.br', 'cadastro');
    const wizardPath = `/cadastre-sua-empresa/${signUpCode(mail.raw)}`;
    const page = await open(wizardPath);
    const step = page.locator('[aria-current="step"]');
    await page.getByRole('heading', { name: 'Dados do Usuário', level: 2 }).waitFor();
    expect(await step.textContent()).toContain('Dados do Usuário');
    await expect
      .poll(() => page.getByLabel('Razão social', { exact: true }).inputValue())
      .toBe('Beta Recuperadora S.A.');
    expect(await page.getByLabel('Nome do contato', { exact: true }).inputValue()).toBe('Bruno Lima');
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe('bruno@beta.com.br');
    expect(await page.getByRole('button', { name: 'Voltar' }).count()).toBe(0);

    // Step 1 goes on only when valid: messages under the fields, focus on the first invalid one.
    await page.getByLabel('E-mail', { exact: true }).fill('bruno@');
    await page.getByRole('button', { name: 'Próximo' }).click();
    expect(await fieldError(page, 'Usuário')).toBe('O campo usuário é obrigatório');
    expect(await fieldError(page, 'Senha')).toBe('O campo senha é obrigatório');
    expect(await fieldError(page, 'E-mail')).toBe('Digite um e-mail válido');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('usuario');
    await page.getByLabel('Usuário', { exact: true }).fill('bruno.beta');
    await page.getByLabel('Senha', { exact: true }).fill('fraca1');
    await page.getByLabel('E-mail', { exact: true }).fill('bruno@beta.com.br');
    await page.getByRole('button', { name: 'Próximo' }).click();
    expect(await fieldError(page, 'Senha')).toBe(PASSWORD_RULE);
    expect(await step.textContent()).toContain('Dados do Usuário');
    await page.screenshot({ path: `${SCREENSHOTS}cadastre-sua-empresa-etapa1.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Senha', { exact: true }).fill('Forte123');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // Step 2: the plans, the required plan, selection and deselection (mouse and keyboard).
    await page.getByRole('heading', { name: 'Plano Empresa', level: 2 }).waitFor();
    expect(await step.textContent()).toContain('Plano Empresa');
    const crm = page.getByRole('button', { name: 'CRM - Sistema de cobrança' });
    const portalPlan = page.getByRole('button', { name: 'Portal + CRM' });
    await crm.waitFor();
    const crmText = (await page.getByRole('listitem').filter({ has: crm }).textContent()) ?? '';
    for (const fact of ['R$\u00a0125,11', 'R$\u00a0112,60', '10% de desconto para quem aderir hoje'])
      expect(crmText, fact).toContain(fact);
    const portalCard = page.getByRole('listitem').filter({ has: portalPlan });
    expect(await portalCard.textContent()).toContain('R$\u00a0167,90');
    expect(await portalCard.textContent()).toContain('R$\u00a0151,11');
    expect(await crm.getAttribute('aria-pressed')).toBe('false');

    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    expect(await page.getByRole('alert').filter({ hasText: PLAN_REQUIRED }).count()).toBe(1);

    // A click anywhere on the card (here on its price) toggles it.
    const price = await page
      .getByRole('listitem')
      .filter({ has: crm })
      .getByText('R$\u00a0112,60')
      .boundingBox();
    await page.mouse.click(price!.x + price!.width / 2, price!.y + price!.height / 2);
    expect(await crm.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('alert').filter({ hasText: PLAN_REQUIRED }).count()).toBe(0);
    await crm.click();
    expect(await crm.getAttribute('aria-pressed')).toBe('false');
    await portalPlan.focus();
    await page.keyboard.press('Space');
    expect(await portalPlan.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await portalPlan.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await portalPlan.getAttribute('aria-pressed')).toBe('true');
    expect(await crm.getAttribute('aria-pressed')).toBe('false');
    await page.screenshot({ path: `${SCREENSHOTS}cadastre-sua-empresa-planos.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Voltar keeps what was typed, and the chosen plan.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.getByRole('heading', { name: 'Dados do Usuário', level: 2 }).waitFor();
    expect(await page.getByLabel('Usuário', { exact: true }).inputValue()).toBe('bruno.beta');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('Forte123');
    expect(await page.getByLabel('Razão social', { exact: true }).inputValue()).toBe(
      'Beta Recuperadora S.A.',
    );
    await page.getByRole('button', { name: 'Próximo' }).click();
    expect(await portalPlan.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading').textContent()).toBe('Cadastrado com sucesso');
    expect(await modal.textContent()).toContain('Acesse a área do credor');
    await page.screenshot({ path: `${SCREENSHOTS}cadastre-sua-empresa-sucesso.png` });
    await modal.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(portal.url('acme', '/'));

    const [company] = await portal.database.db
      .select()
      .from(creditorCompanies)
      .where(eq(creditorCompanies.login, 'bruno.beta'));
    expect(company).toMatchObject({
      databaseName: 'betarecuperadorasa',
      companyName: 'Beta Recuperadora S.A.',
      userEmail: 'bruno@beta.com.br',
      planCode: 2,
      usesPortal: 'S',
      userCount: 1,
      businessKind: 'cobranca',
    });
    expect(company!.creditorLeadId).not.toBeNull();
    expect(company!.passwordHash).not.toContain('Forte123');
    const welcome = await waitForMail('bruno@beta.com.br', 'bem-vindo');
    expect(welcome.raw).not.toContain('Forte123');

    // The link signed up its company: opened again, it says so instead of offering a wizard it cannot finish.
    await page.goto(portal.url('acme', wizardPath));
    await page.getByRole('status').filter({ hasText: USED_LINK }).waitFor();
    expect(await page.getByRole('button', { name: 'Próximo' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Voltar para a página inicial' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Registering the same CNPJ again is refused under the CNPJ field, with everything typed kept.
    await page.goto(portal.url('acme', '/seja-parceiro'));
    await page.getByLabel('Razão social', { exact: true }).fill('Beta Recuperadora S.A.');
    await page.getByLabel('CNPJ', { exact: true }).fill('11222333000181');
    await page.getByLabel('Nome do contato', { exact: true }).fill('Bruno Lima');
    await page.getByLabel('Celular', { exact: true }).fill('11998765432');
    await page.getByLabel('E-mail', { exact: true }).fill('bruno@beta.com.br');
    await page.getByRole('button', { name: 'Cadastrar empresa' }).click();
    await expect.poll(() => fieldError(page, 'CNPJ')).toBe(CNPJ_SIGNED_UP);
    expect(await page.getByLabel('Razão social', { exact: true }).inputValue()).toBe(
      'Beta Recuperadora S.A.',
    );
  });

  it('fits the steps on a phone at 200% zoom (195 px) without breaking a word of their labels', async () => {
    const page = await open('/cadastre-sua-empresa', 195);
    await page.getByRole('heading', { name: 'Dados do Usuário', level: 2 }).waitFor();
    // Each word of a step's label on one line: the lines its characters take, word by word.
    const linesPerWord = await page.locator('.stepper__step').evaluateAll((steps) =>
      steps.flatMap((step) => {
        const label = [...step.childNodes].at(-1)!;
        const text = label.lastChild as Text;
        return [...text.data.matchAll(/\S+/g)].map((word) => {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return `${word[0]}: ${tops.size}`;
        });
      }),
    );
    expect(linesPerWord).toEqual(['Dados: 1', 'do: 1', 'Usuário: 1', 'Plano: 1', 'Empresa: 1']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(195);
    // The steps still read in full to a screen reader.
    expect(await page.getByRole('list', { name: 'Etapas do cadastro' }).textContent()).toContain(
      'Etapa 1 de 2: Dados do Usuário',
    );
    await page.screenshot({ path: `${SCREENSHOTS}wizard-195.png`, fullPage: true });
  });

  it("keeps the steps in the phone's history: Back returns to the user data, a reload starts over", async () => {
    const page = await open('/cadastre-sua-empresa');
    await page.getByLabel('Razão social', { exact: true }).fill('Épsilon Cobranças');
    await page.getByLabel('Nome do contato', { exact: true }).fill('Eva Prado');
    await page.getByLabel('Usuário', { exact: true }).fill('eva.prado');
    await page.getByLabel('Senha', { exact: true }).fill('Forte123');
    await page.getByLabel('E-mail', { exact: true }).fill('eva@epsilon.com.br');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.getByRole('heading', { name: 'Plano Empresa', level: 2 }).waitFor();
    // The finished step reads as such, not as a second current one.
    expect(await page.locator('.stepper__step--done').textContent()).toContain('Etapa 1 de 2, concluída');

    await page.goBack();
    await page.getByRole('heading', { name: 'Dados do Usuário', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cadastre-sua-empresa');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('Forte123');
    await page.goForward();
    await page.getByRole('heading', { name: 'Plano Empresa', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'CRM - Sistema de cobrança' }).click();

    // A field the server refuses takes the person back to it, with its message and the focus.
    await page.route('**/api.php?a=portal&b=cadastrarCliente', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ retorno: false, dados: { usu_login: 'Usuário recusado.' }, mensagem: '' }),
      }),
    );
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await page.getByRole('heading', { name: 'Dados do Usuário', level: 2 }).waitFor();
    await expect.poll(() => fieldError(page, 'Usuário')).toBe('Usuário recusado.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('usuario');
    await page.unroute('**/api.php?a=portal&b=cadastrarCliente');

    // The plan step reloaded has lost the password (never kept): the wizard starts at the user data.
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.getByRole('heading', { name: 'Plano Empresa', level: 2 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Dados do Usuário', level: 2 }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('');
  });

  it('Finalizar Cadastro without the plans (they failed to load) says a plan is needed and asks for them again', async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    await refuseCookiesBeforehand(context);
    const page = await context.newPage();
    let plansDown = true;
    await page.route('**/api.php?a=portal&b=getPlanosAtivos', (route) =>
      plansDown ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await page.goto(portal.url('acme', '/cadastre-sua-empresa'));
    await page.getByLabel('Razão social', { exact: true }).fill('Ômega Cobranças');
    await page.getByLabel('Nome do contato', { exact: true }).fill('Otávio Lima');
    await page.getByLabel('Usuário', { exact: true }).fill('otavio.lima');
    await page.getByLabel('Senha', { exact: true }).fill('Forte123');
    await page.getByLabel('E-mail', { exact: true }).fill('otavio@omega.com.br');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.getByText('Não foi possível carregar os planos.').waitFor();

    // Before, the button did nothing: the plan's message belonged to the cards that were not there.
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    expect(await page.getByTestId('plan-missing').textContent()).toBe(PLAN_REQUIRED);
    plansDown = false;
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await page.getByRole('button', { name: 'CRM - Sistema de cobrança' }).waitFor();
    expect(await page.getByTestId('plan-missing').count()).toBe(0);
    await page.getByRole('button', { name: 'CRM - Sistema de cobrança' }).click();
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await page.getByTestId('modal').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(portal.url('acme', '/'));
  });

  it('shows a login already taken under Usuário, back on the user data, with what was typed kept', async () => {
    const taken = await portal.app.inject({
      method: 'POST',
      url: '/api.php?a=portal&b=cadastrarCliente',
      headers: { host: new URL(portal.url('acme')).host },
      payload: {
        emp_nome: 'Delta Cobranças',
        usu_nome: 'Carla Dias',
        usu_email: 'carla@delta.com.br',
        usu_login: 'carla.delta',
        usu_senha: 'Forte123',
        emp_usa_site: 'N',
      },
    });
    expect(taken.json().retorno).toBe(true);
    const page = await open('/cadastre-sua-empresa');
    await page.getByLabel('Razão social', { exact: true }).waitFor();
    await page.getByLabel('Razão social', { exact: true }).fill('Gama Cobranças');
    await page.getByLabel('Nome do contato', { exact: true }).fill('Gabriela Reis');
    await page.getByLabel('Usuário', { exact: true }).fill('Carla.Delta');
    await page.getByLabel('Senha', { exact: true }).fill('Forte123');
    await page.getByLabel('E-mail', { exact: true }).fill('gabriela@gama.com.br');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.getByRole('button', { name: 'CRM - Sistema de cobrança' }).click();
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    // Back on the user data, where the login can be changed: the message under Usuário, which has the focus.
    await page.getByRole('button', { name: 'Próximo' }).waitFor();
    expect(await fieldError(page, 'Usuário')).toBe('Este usuário já está em uso. Escolha outro usuário.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('Forte123');
    expect(await page.getByTestId('modal').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/cadastre-sua-empresa');
  });
});
