import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { debtorSessions, persons, stepLogs } from '../../apps/server/src/db/schema';
import { withLoginFlags } from '../../apps/server/test/partner-login-flags';
import { header, mimeParts, type ReceivedMail } from '../../apps/server/test/smtp-peer';
import {
  axeViolations,
  connectChromium,
  landingAppRunning,
  type Portal,
  refuseCookiesBeforehand,
  startPortal,
} from './harness';

// Spec 000 §2, §4, §5 and §8: identifying the debtor (login, SMS token, first access, forgotten phone), through
// the built web app, the real server and the demo seed. Each test drives a fresh browser context.

let portal: Portal;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), connectChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});
afterEach(async () => {
  await context?.close();
});

const MARIA = { cpf: '529.982.247-25', birthDate: '15/05/1990', phone: '(11) 98765-4321' };
const JOAO = { cpf: '390.533.447-05', birthDate: '01/02/1985', email: 'joao.lima@example.com' };
const UNKNOWN_CPF = '111.444.777-35';

async function open(
  partner: string | null,
  options: { bypassCSP?: boolean; path?: string; clock?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: options.bypassCSP ?? false,
    locale: 'pt-BR',
  });
  // A returning visitor who already refused cookies: the banner stays out of the way.
  await refuseCookiesBeforehand(context);
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  await page.goto(portal.url(partner, options.path));
  return page;
}

// The hero's search box ('CPF ou CNPJ'; the contact form below has a field with the same label).
const searchBox = (page: Page) => page.getByTestId('search-input');

/** Types a CPF/CNPJ in the landing page's search box and submits it with Enter. */
async function search(page: Page, document: string): Promise<void> {
  await landingAppRunning(page);
  const box = searchBox(page);
  await box.fill(document);
  await box.press('Enter');
}

/** Ticks the ALTCHA widget and waits until its proof of work is verified. */
async function solveRobotCheck(page: Page): Promise<void> {
  const widget = page.getByTestId('altcha');
  // The person clicks the widget's label (its drawn tick mark lies over the checkbox itself).
  await widget.getByRole('checkbox', { name: 'Eu não sou um robô' }).waitFor();
  await widget.getByText('Eu não sou um robô', { exact: true }).click();
  await widget.locator('[data-state="verified"]').waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The open modal (dialog or alertdialog) with this title. */
async function modal(page: Page, title: string) {
  const dialog = page.getByTestId('modal');
  await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
  return dialog;
}

/** Reads the modal with `title`, checks its text and closes it with OK. */
async function expectModal(page: Page, title: string, text: string): Promise<void> {
  const dialog = await modal(page, title);
  expect(await dialog.locator('.modal__text').textContent()).toBe(text);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** ConfirmBirthday: fills what the partner asks, ticks the agreement, solves the robot check and enters. */
async function login(
  page: Page,
  values: { birthDate?: string; phone?: string; robot?: boolean },
): Promise<void> {
  const form = page.getByTestId('login-form');
  if (values.birthDate !== undefined)
    await form.getByLabel('Data de nascimento', { exact: true }).fill(values.birthDate);
  if (values.phone !== undefined) await form.getByLabel('Telefone', { exact: true }).fill(values.phone);
  await form.getByRole('checkbox', { name: /^Autorizo/ }).check();
  if (values.robot !== false) await solveRobotCheck(page);
  await form.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Stops the page's fake clock now: `pauseAt` needs a time still ahead when the call reaches the page. */
async function pauseClock(page: Page): Promise<void> {
  for (let margin = 50; ; margin *= 2) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + margin);
      return;
    } catch (error) {
      if (!String(error).includes('to the past') || margin > 60_000) throw error;
    }
  }
}

/** Moves the paused fake clock 50 ms at a time until `target` shows (30 s of real time at most). */
async function stepClockUntilVisible(page: Page, target: Locator): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await target.isVisible())) {
    if (Date.now() > deadline) throw new Error('the page did not show its screen with the clock stepped');
    await page.clock.runFor(50);
  }
}

/** How many visitor steps with `code` were stored (for `cpfCnpj` when given); steps are sent without waiting. */
async function stepsLogged(code: number, cpfCnpj?: string): Promise<number> {
  const rows = await portal.database.db
    .select({ id: stepLogs.id })
    .from(stepLogs)
    .where(
      cpfCnpj === undefined
        ? eq(stepLogs.stepCode, code)
        : and(eq(stepLogs.stepCode, code), eq(stepLogs.cpfCnpj, cpfCnpj)),
    );
  return rows.length;
}

const sessionAnswer = (page: Page) =>
  page.waitForResponse((r: Response) => r.url().includes('b=sessao') && r.request().method() === 'POST');

/** The element with the keyboard focus, as its tag and text ('BODY' when the focus fell off the page). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === document.body || !active ? 'BODY' : `${active.tagName} ${active.textContent?.trim()}`;
  });

/** The debtor area greets the person the server opened the session for; returns that session's debt count. */
async function expectSessionHome(page: Page, name: string, answer: Promise<Response>): Promise<number> {
  const greeting = page.getByTestId('debts-greeting');
  await greeting.waitFor();
  expect(await greeting.textContent()).toBe(`Olá, ${name}`);
  const { dados } = (await (await answer).json()) as { dados: { quantidadeDividas: number } };
  return dados.quantidadeDividas;
}

describe('login on ConfirmBirthday (spec 000 §2, §4)', () => {
  it('acme with the LGPD agreement turned off (flgNaoUtilizaLGPD): no agreement box, only the robot check', async () => {
    await withLoginFlags(portal.database.db, 'acme', { flgNaoUtilizaLGPD: true }, async () => {
      const page = await open('acme');
      await search(page, MARIA.cpf);
      await page.waitForURL('**/confirmar-dados');
      await page.getByText('Para entrar, conclua a verificação de segurança.').waitFor();
      expect(await page.getByRole('checkbox', { name: /^Autorizo/ }).count()).toBe(0);
      await field(page, 'Data de nascimento').fill(MARIA.birthDate);
      await field(page, 'Telefone').fill(MARIA.phone);
      await solveRobotCheck(page);
      const answer = sessionAnswer(page);
      await button(page, 'Entrar').click();
      expect(await expectSessionHome(page, 'Maria da Silva Santos', answer)).toBeGreaterThan(0);
    });
  });

  it('demo: birth date and phone, agreement and robot check, then the menu', async () => {
    const page = await open(null);
    await search(page, '52998224725');
    await page.waitForURL('**/confirmar-dados');
    await page
      .getByRole('heading', { level: 1, name: 'Confirme os seus dados para fazer seu login.' })
      .waitFor();
    const identification = field(page, 'CPF ou CNPJ');
    expect(await identification.inputValue()).toBe(MARIA.cpf);
    expect(await identification.getAttribute('readonly')).not.toBeNull();

    const enter = button(page, 'Entrar');
    expect(await enter.isDisabled()).toBe(true);
    await page.getByText('Para entrar, marque a autorização e conclua a verificação de segurança.').waitFor();

    // The masks of spec 000 §5 apply as the person types.
    await field(page, 'Data de nascimento').pressSequentially('15051990');
    expect(await field(page, 'Data de nascimento').inputValue()).toBe(MARIA.birthDate);
    await field(page, 'Telefone').pressSequentially('11987654321');
    expect(await field(page, 'Telefone').inputValue()).toBe(MARIA.phone);

    const agreement = page.getByRole('checkbox', {
      name: 'Autorizo Portal Demo a utilizar meu CPF, data de nascimento e telefone para buscar dívidas em meu nome.',
      exact: true,
    });
    await agreement.check();
    expect(await enter.isDisabled()).toBe(true);
    await solveRobotCheck(page);
    expect(await enter.isDisabled()).toBe(false);
    // Both are needed: without the agreement the button is disabled again.
    await agreement.uncheck();
    expect(await enter.isDisabled()).toBe(true);
    await agreement.check();
    expect(await enter.isDisabled()).toBe(false);

    const answer = sessionAnswer(page);
    // From the keyboard: the loading overlay, then the menu, where the focus starts at the page's heading (its Entrar
    // went with the old page), not on <body>.
    await enter.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/menu');
    expect(await expectSessionHome(page, 'Maria da Silva Santos', answer)).toBeGreaterThan(0);
    await expect.poll(() => focused(page)).toBe('H1 Menu');

    const cookie = (await context.cookies()).find((c) => c.name === 'portal_sessao');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // Step 8 (consulted the CPF/CNPJ) was recorded for this document.
    await expect
      .poll(
        async () =>
          (
            await portal.database.db
              .select()
              .from(stepLogs)
              .where(and(eq(stepLogs.cpfCnpj, '52998224725'), eq(stepLogs.stepCode, 8)))
          ).length,
      )
      .toBeGreaterThan(0);
  });

  it('shows the login validations, then the modals for a wrong birth date and a wrong phone', async () => {
    const page = await open(null);
    await search(page, MARIA.cpf);
    await page.waitForURL('**/confirmar-dados');

    // Spec 000 §5, checked in the browser before anything is sent.
    await login(page, {});
    await page.getByText('Insira uma data de nascimento válida.', { exact: true }).waitFor();
    await field(page, 'Data de nascimento').fill('16/05/1990');
    await field(page, 'Telefone').fill('1198');
    await button(page, 'Entrar').click();
    await expectModal(page, 'Por favor', 'Insira um telefone válido.');

    // Spec 000 §8: the server's 'Erro ao consultar o usuário! 1'.
    await field(page, 'Telefone').fill(MARIA.phone);
    await button(page, 'Entrar').click();
    await expectModal(
      page,
      'Data de nascimento incorreta',
      'Data de nascimento informada não condiz com a data do seu cadastro.',
    );
    expect(new URL(page.url()).pathname).toBe('/confirmar-dados');
    // A robot-check answer is good for one try: the widget starts over.
    expect(await button(page, 'Entrar').isDisabled()).toBe(true);
    // The modal came after the loading overlay (the page behind inert all along): the focus comes back to the form,
    // at its heading while Entrar waits for a new robot check, not to <body>.
    expect(await focused(page)).toBe('H1 Confirme os seus dados para fazer seu login.');

    // 'Erro ao consultar o usuário! 2'.
    await field(page, 'Data de nascimento').fill(MARIA.birthDate);
    await field(page, 'Telefone').fill('(11) 91111-2222');
    await solveRobotCheck(page);
    await button(page, 'Entrar').click();
    await expectModal(
      page,
      'Telefone incorreto',
      'Telefone informada não condiz com o telefone do seu cadastro.',
    );
    expect(new URL(page.url()).pathname).toBe('/confirmar-dados');
    expect((await context.cookies()).some((c) => c.name === 'portal_sessao')).toBe(false);
  });

  it('sends an unknown CPF to Register, or shows the modal where registration is disabled (camec)', async () => {
    const page = await open(null);
    await search(page, UNKNOWN_CPF);
    await page.waitForURL('**/confirmar-dados');
    await login(page, { birthDate: '10/10/1980', phone: '(11) 95555-0000' });
    await page.waitForURL('**/cadastro');
    await page.getByRole('heading', { level: 1, name: 'CPF não encontrado', exact: true }).waitFor();
    expect(await page.getByTestId('register').textContent()).toContain(
      `Não encontramos o CPF ${UNKNOWN_CPF} nos registros de`,
    );
    await button(page, 'Fazer meu cadastro').waitFor();
    await context.close();

    const camec = await open('camec');
    await search(camec, UNKNOWN_CPF);
    await camec.waitForURL('**/confirmar-dados');
    await login(camec, { birthDate: '10/10/1980', phone: '(11) 95555-0000' });
    await expectModal(
      camec,
      'Usuario não encontrado',
      'Você não possui nenhuma dívida ou acordo cadastrado em nosso banco de dados.',
    );
    expect(new URL(camec.url()).pathname).toBe('/confirmar-dados');
  });

  it('identifies a company by its alphanumeric CNPJ typed in lower case', async () => {
    const page = await open(null);
    const box = searchBox(page);
    await box.pressSequentially('12abc34501de35');
    // Keys typed before the app has started reach only the painted box; the app masks them when it takes over.
    await expect.poll(() => box.inputValue()).toBe('12.ABC.345/01DE-35');
    await box.press('Enter');
    await page.waitForURL('**/confirmar-dados');
    // The address changes before the lazy login screen replaces the landing page.
    await page.getByTestId('login-form').waitFor();
    expect(await field(page, 'CPF ou CNPJ').inputValue()).toBe('12.ABC.345/01DE-35');
    // A company has no birth date (spec 000 §2); the demo partner still validates the phone.
    expect(await field(page, 'Data de nascimento').count()).toBe(0);
    await field(page, 'Telefone').pressSequentially('1133334444');
    expect(await field(page, 'Telefone').inputValue()).toBe('(11) 3333-4444');
    const answer = sessionAnswer(page);
    await login(page, {});
    await page.waitForURL('**/menu');
    await expectSessionHome(page, 'Comércio Exemplo Ltda.', answer);
  });
});

describe('login variants (spec 000 §2, §4)', () => {
  it('partner login: the login panel on the landing page asks for the phone and the robot check', async () => {
    const page = await open('login');
    await search(page, MARIA.cpf);
    const panel = page.getByRole('region', { name: 'Entrar', exact: true });
    await panel
      .getByRole('heading', { level: 2, name: 'Confirme os seus dados para fazer seu login.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await panel.getByLabel('Data de nascimento', { exact: true }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Entrar', exact: true }).isDisabled()).toBe(true);
    const answer = sessionAnswer(page);
    await login(page, { phone: MARIA.phone });
    await page.waitForURL('**/menu');
    await expectSessionHome(page, 'Maria da Silva Santos', answer);
  });

  it('partner prefeitura: city-hall mode goes straight to /minhas-dividas', async () => {
    const page = await open('prefeitura');
    await search(page, MARIA.cpf);
    await page.waitForURL('**/confirmar-dados');
    const answer = sessionAnswer(page);
    await login(page, { birthDate: MARIA.birthDate, phone: MARIA.phone });
    await page.waitForURL('**/minhas-dividas');
    await expectSessionHome(page, 'Maria da Silva Santos', answer);
    await page.getByRole('heading', { level: 1, name: 'Minhas Dívidas', exact: true }).waitFor();
  });
});

describe('SMS token on VerifyToken (spec 000 §2, §4, §5)', () => {
  it('senff: token from the SMS, visible 30 s countdown, resend, keypad, then the menu', async () => {
    // The page's clock is fake, so the 30-second countdown is stepped through without waiting for it.
    const page = await open('senff', { clock: true });
    await search(page, MARIA.cpf);
    await page.waitForURL('**/confirmar-dados');
    // No robot check on this partner; the birth date is validated, the phone is not.
    expect(await page.getByTestId('altcha').count()).toBe(0);
    expect(await field(page, 'Telefone').count()).toBe(0);
    const before = (await portal.latestMessage('sms'))?.id ?? 0;
    // Time stands still from here on, so the countdown moves only when the test moves the clock. The app needs
    // timers to reach the lazily loaded screen, so the clock is stepped until the screen shows: by then at most
    // one step of the countdown's first second has passed, however slow the machine.
    await field(page, 'Data de nascimento').waitFor();
    await pauseClock(page);
    await login(page, { birthDate: MARIA.birthDate, robot: false });
    await stepClockUntilVisible(
      page,
      page.getByRole('heading', { level: 1, name: 'Digite o código que enviamos por SMS' }),
    );
    expect(new URL(page.url()).pathname).toBe('/verificar-token');
    await page.getByText('Enviamos um código de 6 dígitos para o telefone (11) *****-4321.').waitFor();

    // The token is sent on load: one SMS to the phone on file.
    await expect.poll(async () => (await portal.latestMessage('sms'))?.id ?? 0).toBeGreaterThan(before);
    const first = (await portal.latestMessage('sms'))!;
    expect(first.recipient).toContain('11987654321');
    const firstToken = /\b(\d{6})\b/.exec(first.bodyText)?.[1];
    expect(firstToken).toBeDefined();

    // The resend button counts down, second by second, and is enabled at zero.
    const resend = page.getByTestId('token-resend');
    await expect.poll(() => resend.textContent()).toBe('Reenviar código em 30 s');
    expect(await resend.isDisabled()).toBe(true);
    for (let second = 29; second >= 1; second--) {
      await page.clock.fastForward(1000);
      await expect.poll(() => resend.textContent()).toBe(`Reenviar código em ${second} s`);
      expect(await resend.isDisabled()).toBe(true);
    }
    await page.clock.fastForward(1000);
    await expect.poll(() => resend.textContent()).toBe('Reenviar código');
    expect(await resend.isDisabled()).toBe(false);

    // A resend sends a new SMS and starts the countdown again.
    await resend.click();
    await expect.poll(async () => (await portal.latestMessage('sms'))!.id).toBeGreaterThan(first.id);
    const second = (await portal.latestMessage('sms'))!;
    const token = /\b(\d{6})\b/.exec(second.bodyText)![1]!;
    await expect.poll(() => resend.textContent()).toBe('Reenviar código em 30 s');
    expect(await resend.isDisabled()).toBe(true);
    await page.getByTestId('snackbar').getByText('Enviamos um código por SMS para o telefone').waitFor();
    await page.clock.resume();

    // Only the newest token counts (spec 000 §8 message for any other).
    if (firstToken !== token) {
      await field(page, 'Código de 6 dígitos').fill(firstToken!);
      await button(page, 'Continuar').click();
      await expectModal(
        page,
        'Erro',
        'Token informado inválido. Por favor verificar o número do token que você recebeu por SMS.',
      );
    }
    // Too short: the §5 message under the field.
    await field(page, 'Código de 6 dígitos').fill('123');
    await button(page, 'Continuar').click();
    await page.getByText('Por favor digitar um número de token de 6 dígitos', { exact: true }).waitFor();

    // The totem keypad (flgTotem) types the token.
    await field(page, 'Código de 6 dígitos').fill('');
    const keypad = page.getByRole('group', { name: 'Teclado numérico' });
    for (const digit of token) await keypad.getByRole('button', { name: digit, exact: true }).click();
    expect(await field(page, 'Código de 6 dígitos').inputValue()).toBe(token);
    const answer = sessionAnswer(page);
    await button(page, 'Continuar').click();
    await page.waitForURL('**/menu');
    await expectSessionHome(page, 'Maria da Silva Santos', answer);
    // The code's message stayed on the token screen.
    expect(await page.getByTestId('snackbar').textContent()).toBe('');
    // Steps 27 (generate token: on load and on resend) and 14 (check token).
    await expect.poll(() => stepsLogged(27, '52998224725')).toBeGreaterThanOrEqual(2);
    await expect.poll(() => stepsLogged(14, '52998224725')).toBeGreaterThan(0);
  });

  it('offers the phone change on the token screen where the partner does, and says so when no phone is on file', async () => {
    const db = portal.database.db;
    const [maria] = await db.select().from(persons).where(eq(persons.cpfCnpj, '52998224725'));
    await db.update(persons).set({ phone: null }).where(eq(persons.id, maria!.id));
    try {
      await withLoginFlags(db, 'senff', { flgEsqueceuTelefone: true }, async () => {
        const page = await open('senff');
        await search(page, MARIA.cpf);
        await page.waitForURL('**/confirmar-dados');
        await field(page, 'Data de nascimento').waitFor();
        await login(page, { birthDate: MARIA.birthDate, robot: false });
        await page.waitForURL('**/verificar-token');
        // The message points to the option, and the option is on this screen.
        await page
          .getByText('Não encontramos um telefone no seu cadastro. Use a opção "Esqueceu o seu telefone?".')
          .waitFor();
        await button(page, 'Esqueceu o seu telefone?').click();
        await page.waitForURL('**/esqueci-telefone');
        expect(await field(page, 'CPF ou CNPJ').inputValue()).toBe(MARIA.cpf);
      });
    } finally {
      await db.update(persons).set({ phone: maria!.phone }).where(eq(persons.id, maria!.id));
    }
  });

  it('tells the person why when the session waiting for the token has ended, not only back to the landing page', async () => {
    const page = await open('senff');
    await search(page, MARIA.cpf);
    await page.waitForURL('**/confirmar-dados');
    await field(page, 'Data de nascimento').waitFor();
    const before = (await portal.latestMessage('sms'))?.id ?? 0;
    await login(page, { birthDate: MARIA.birthDate, robot: false });
    await page.waitForURL('**/verificar-token');
    await expect.poll(async () => (await portal.latestMessage('sms'))?.id ?? 0).toBeGreaterThan(before);
    const token = /\b(\d{6})\b/.exec((await portal.latestMessage('sms'))!.bodyText)![1]!;
    // A wrong code first (the pending session lives on), then the session idles past its 30 minutes while the
    // person looks for the SMS.
    await field(page, 'Código de 6 dígitos').fill(token === '000000' ? '111111' : '000000');
    await button(page, 'Continuar').click();
    await expectModal(
      page,
      'Erro',
      'Token informado inválido. Por favor verificar o número do token que você recebeu por SMS.',
    );
    await portal.database.db
      .update(debtorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(debtorSessions.status, 'pending'));
    await field(page, 'Código de 6 dígitos').fill(token);
    await button(page, 'Continuar').click();
    await expectModal(page, 'Erro', 'Sua sessão expirou. Informe o seu CPF ou CNPJ novamente.');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('first access (spec 000 §2 ConfirmUser, §4, §5)', () => {
  it('checks the rules in the spec order, registers, returns to the landing page and the person logs in', async () => {
    const cpf = '123.456.789-09';
    const page = await open(null);
    await search(page, cpf);
    await page.waitForURL('**/confirmar-dados');
    await login(page, { birthDate: '20/07/1982', phone: '(11) 95555-1234' });
    await page.waitForURL('**/cadastro');
    await button(page, 'Fazer meu cadastro').click();
    await page.waitForURL('**/primeiro-acesso');
    await page.getByRole('heading', { level: 1, name: 'Primeiro acesso', exact: true }).waitFor();
    expect(await field(page, 'CPF ou CNPJ').inputValue()).toBe(cpf);

    // The birth date typed at login comes prefilled (spec 000 §2 ConfirmUser); empty it to see the first rule.
    expect(await field(page, 'Data de nascimento').inputValue()).toBe('20/07/1982');
    await field(page, 'Data de nascimento').fill('');
    const submit = button(page, 'Acessar');
    await submit.click();
    await expectModal(page, 'Atenção', 'Digite sua data de nascimento');
    await field(page, 'Data de nascimento').fill('31/02/1982');
    await submit.click();
    await expectModal(page, 'Atenção', 'Digite sua data de nascimento');
    await field(page, 'Data de nascimento').fill('20/07/1982');
    // The phone typed at login comes prefilled too; empty it to see the next rule.
    expect(await field(page, 'Celular').inputValue()).toBe('(11) 95555-1234');
    await field(page, 'Celular').fill('');
    await submit.click();
    await expectModal(page, 'Atenção', 'Digite um celular válido');
    await field(page, 'Celular').pressSequentially('11955551234');
    expect(await field(page, 'Celular').inputValue()).toBe('(11) 95555-1234');
    await submit.click();
    await expectModal(page, 'Atenção', 'Digite um e-mail válido');
    await field(page, 'E-mail').fill('ana.teste@example.com');
    await field(page, 'Nome completo').fill('Ana');
    await submit.click();
    await expectModal(page, 'Atenção', 'Digite seu nome completo');
    await field(page, 'Nome completo').fill('Ana Teste Souza');
    await field(page, 'Sexo').selectOption({ label: 'Feminino' });
    await submit.click();
    await page.getByText('Conclua a verificação de segurança', { exact: true }).waitFor();
    await solveRobotCheck(page);
    await submit.click();

    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByTestId('snackbar')
      .getByText('Cadastro realizado com sucesso. Agora você já pode consultar as suas dívidas.')
      .waitFor();
    const [stored] = await portal.database.db
      .select()
      .from(persons)
      .where(eq(persons.cpfCnpj, '12345678909'));
    expect(stored).toMatchObject({
      name: 'Ana Teste Souza',
      birthDate: '1982-07-20',
      phone: '11955551234',
      email: 'ana.teste@example.com',
      gender: 'F',
    });

    // The person comes back to the portal (a fresh page: no snackbar over the form) and logs in.
    await page.goto(portal.url(null));
    await search(page, cpf);
    await page.waitForURL('**/confirmar-dados');
    const answer = sessionAnswer(page);
    await login(page, { birthDate: '20/07/1982', phone: '(11) 95555-1234' });
    await page.waitForURL('**/menu');
    expect(await expectSessionHome(page, 'Ana Teste Souza', answer)).toBe(0);
  });

  it('gives the keyboard focus to the field the Atenção modal names, not to the first field of the form', async () => {
    const page = await open(null);
    await search(page, '935.411.347-80');
    await page.waitForURL('**/confirmar-dados');
    await login(page, { birthDate: '20/07/1982', phone: '(11) 95555-1234' });
    await page.waitForURL('**/cadastro');
    await button(page, 'Fazer meu cadastro').click();
    await page.waitForURL('**/primeiro-acesso');
    // Birth date and phone come from the login; name (the form's first field) and e-mail are empty. The spec's
    // order names the e-mail first: the person closes the modal with Enter and types where it pointed.
    const focusedField = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
    await button(page, 'Acessar').focus();
    await page.keyboard.press('Enter');
    await modal(page, 'Atenção');
    await page.keyboard.press('Enter');
    await page.getByTestId('modal').waitFor({ state: 'detached' });
    await expect.poll(focusedField).toBe('email');
    // ... and it stays there (nothing moves it after the modal has gone).
    await page.waitForTimeout(300);
    expect(await focusedField()).toBe('email');
    await page.keyboard.type('bia.teste@example.com');
    await button(page, 'Acessar').focus();
    await page.keyboard.press('Enter');
    expect(await (await modal(page, 'Atenção')).locator('.modal__text').textContent()).toBe(
      'Digite seu nome completo',
    );
    await page.keyboard.press('Enter');
    await page.getByTestId('modal').waitFor({ state: 'detached' });
    await expect.poll(focusedField).toBe('nome');
    expect(await field(page, 'E-mail').inputValue()).toBe('bia.teste@example.com');
  });
});

describe('forgotten phone (spec 000 §2, §4 phone reset, §5 New phone)', () => {
  it('e-mails a link, validates the new phone, updates it, and the person logs in with it', async () => {
    const page = await open(null);
    await search(page, JOAO.cpf);
    await page.waitForURL('**/confirmar-dados');
    await button(page, 'Esqueceu o seu telefone?').click();
    await page.waitForURL('**/esqueci-telefone');
    await page.getByRole('heading', { level: 1, name: 'Esqueceu o seu telefone?', exact: true }).waitFor();
    expect(await field(page, 'CPF ou CNPJ').inputValue()).toBe(JOAO.cpf);
    await solveRobotCheck(page);
    const mailsBefore = portal.smtp.received.length;
    await button(page, 'Enviar link por e-mail').click();
    const sent = await modal(page, 'E-mail enviado');
    expect(await sent.textContent()).toContain('Enviamos um link para o e-mail');
    await sent.getByRole('button', { name: 'OK' }).click();

    // The real SMTP peer receives the e-mail with the link to the partner's own address.
    await expect.poll(() => portal.smtp.received.length, { timeout: 10_000 }).toBeGreaterThan(mailsBefore);
    const mail = portal.smtp.received.at(-1) as ReceivedMail;
    expect(mail.to).toEqual([JOAO.email]);
    expect(header(mail, 'subject')).toBe('[Portal Demo] Cadastre o seu novo telefone');
    const link = /https?:\/\/\S+?\/novo-telefone\?token=[A-Za-z0-9_-]+/.exec(
      mimeParts(mail)
        .map((part) => part.content.toString('utf8'))
        .join('\n'),
    )?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(portal.url('demo')).origin);

    await page.goto(link!);
    await page
      .getByRole('heading', { level: 1, name: 'Cadastre o seu novo telefone', exact: true })
      .waitFor();
    // The token leaves the address bar at once.
    await page.waitForURL((url) => url.pathname === '/novo-telefone' && url.search === '');

    const register = button(page, 'Cadastrar');
    await register.click();
    await page.getByText('Digite um novo telefone.', { exact: true }).waitFor();
    await field(page, 'Novo telefone').pressSequentially('21912345678');
    expect(await field(page, 'Novo telefone').inputValue()).toBe('(21) 91234-5678');
    await register.click();
    await page.getByText('Confirme o seu novo telefone.', { exact: true }).waitFor();
    await field(page, 'Confirme o novo telefone').fill('21912345679');
    await register.click();
    await page
      .getByText('Os dois telefones informados são diferentes. Tente novamente.', { exact: true })
      .waitFor();
    await field(page, 'Confirme o novo telefone').fill('21912345678');
    await register.click();
    await expectModal(page, 'Sucesso', 'Operação realizada com sucesso');
    await page.waitForURL((url) => url.pathname === '/');
    const [stored] = await portal.database.db
      .select({ phone: persons.phone })
      .from(persons)
      .where(eq(persons.cpfCnpj, '39053344705'));
    expect(stored?.phone).toBe('21912345678');
    // Steps 25 (sent the phone-change link) and 2 (phone updated).
    await expect.poll(() => stepsLogged(25, '39053344705')).toBeGreaterThan(0);
    await expect.poll(() => stepsLogged(2)).toBeGreaterThan(0);

    await search(page, JOAO.cpf);
    await page.waitForURL('**/confirmar-dados');
    const answer = sessionAnswer(page);
    await login(page, { birthDate: JOAO.birthDate, phone: '(21) 91234-5678' });
    await page.waitForURL('**/menu');
    await expectSessionHome(page, 'João Pereira Lima', answer);
  });
});

describe('accessibility of the identification screens (axe-core)', () => {
  const expectNoViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

  it('ConfirmBirthday, with an error on screen', async () => {
    const page = await open(null, { bypassCSP: true });
    await search(page, MARIA.cpf);
    await page.waitForURL('**/confirmar-dados');
    await page.getByTestId('altcha').getByRole('checkbox').waitFor();
    await expectNoViolations(page);
    await login(page, {});
    await page.getByText('Insira uma data de nascimento válida.', { exact: true }).waitFor();
    await expectNoViolations(page);
  });

  it('VerifyToken, with its keypad', async () => {
    const page = await open('senff', { bypassCSP: true });
    await search(page, MARIA.cpf);
    await page.waitForURL('**/confirmar-dados');
    await login(page, { birthDate: MARIA.birthDate, robot: false });
    await page.waitForURL('**/verificar-token');
    await page.getByTestId('token-keypad').waitFor();
    await expectNoViolations(page);
  });

  it('Register and ConfirmUser', async () => {
    const page = await open(null, { bypassCSP: true });
    await search(page, UNKNOWN_CPF);
    await page.waitForURL('**/confirmar-dados');
    await login(page, { birthDate: '10/10/1980', phone: '(11) 95555-0000' });
    await page.waitForURL('**/cadastro');
    await page.getByRole('heading', { level: 1, name: 'CPF não encontrado' }).waitFor();
    await expectNoViolations(page);
    await button(page, 'Fazer meu cadastro').click();
    await page.waitForURL('**/primeiro-acesso');
    await page.getByRole('heading', { level: 1, name: 'Primeiro acesso' }).waitFor();
    await page.getByTestId('altcha').getByRole('checkbox').waitFor();
    await expectNoViolations(page);
  });

  it('NewPhone, with an error on screen', async () => {
    const page = await open(null, { bypassCSP: true, path: '/novo-telefone?token=qualquer' });
    await page.getByRole('heading', { level: 1, name: 'Cadastre o seu novo telefone' }).waitFor();
    await expectNoViolations(page);
    await button(page, 'Cadastrar').click();
    await page.getByText('Digite um novo telefone.', { exact: true }).waitFor();
    await expectNoViolations(page);
  });
});
