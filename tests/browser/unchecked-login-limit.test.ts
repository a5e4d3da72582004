import { LOGIN_TEXTS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { browserSuite, openPage } from './browser-suite';
import { MARIA, searchDebtor, solveRobotCheck } from './debtor-login';

// Decision 099: senff has no robot check (capability skipRobotCheck). Past a CPF's limit of attempts (2 here) the
// server asks for one instead of refusing, and the login form shows the ALTCHA widget and sends its answer: the owner
// gets in after wrong guesses, theirs or a stranger's.

const SHOTS = '/tmp/unchecked-limit-screens/';
const suite = browserSuite(SHOTS, { LIMIT_LOGIN_PER_DOCUMENT: '2' });

describe('a CPF past its limit on a partner without a robot check', () => {
  it('shows the robot check the server asks for, and the owner enters with it', async () => {
    const page = await openPage(suite, 390, 844);
    await page.goto(suite.portal.url('senff', '/'));
    await searchDebtor(page, MARIA);
    const form = page.getByTestId('login-form');
    const birthDate = form.getByLabel('Data de nascimento', { exact: true });
    const enter = form.getByRole('button', { name: 'Entrar', exact: true });
    expect(await page.getByTestId('altcha').count()).toBe(0);
    await form.getByRole('checkbox', { name: /^Autorizo/ }).check();
    for (let attempt = 0; attempt < 2; attempt++) {
      await birthDate.fill('01/01/1970');
      await enter.click();
      const dialog = page.getByTestId('modal');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    await birthDate.fill(MARIA.birthDate);
    await enter.click();
    const widget = page.getByTestId('altcha');
    await widget.waitFor();
    await form.getByText(LOGIN_TEXTS.robotCheckRequired).first().waitFor();
    expect(await enter.isDisabled()).toBe(true);
    // The authorisation is ticked already: the hint names only what is left.
    await page.getByText('Para entrar, conclua a verificação de segurança.', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/confirmar-dados');
    await page.screenshot({ path: `${SHOTS}robot-check-asked.png`, fullPage: true });
    // Everything typed is kept: only the check is left to do.
    expect(await birthDate.inputValue()).toBe(MARIA.birthDate);

    await solveRobotCheck(page);
    await enter.click();
    await page.waitForURL('**/verificar-token');
  });
});
