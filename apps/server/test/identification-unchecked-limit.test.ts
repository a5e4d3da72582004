import { LOOKUP_WRONG_BIRTH_DATE } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, hostOf, MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 099: on a partner without a robot check (senff, capability skipRobotCheck), a CPF's limit of attempts asks
// for the robot check instead of refusing, so a stranger's wrong birth dates cannot lock its owner out.

let t: TestApp;
let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
const SENFF = hostOf('senff');
const ROBOT_CHECK = { captcha: 'Conclua a verificação de segurança' };

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_MAX_NUMBER: '2000', LIMIT_LOGIN_PER_DOCUMENT: '3' } });
});
afterAll(() => t.close());

const mariaOnSenff = (body: Record<string, unknown>) =>
  call(
    t,
    'negociacao_robo/passo_1',
    { pesCpfCnpj: MARIA.pesCpfCnpj, aceite: true, ...body },
    {
      host: SENFF,
      ip: nextIp(),
    },
  );

describe('a CPF past its limit on a partner without a robot check (decision 099)', () => {
  it('asks the owner for the robot check instead of locking them out, here and on other partners', async () => {
    for (let i = 0; i < 3; i++) {
      const wrong = await mariaOnSenff({ dataNascimento: '01/01/1970' });
      expect(wrong.json().mensagem).toBe(LOOKUP_WRONG_BIRTH_DATE);
    }
    // The owner, with the right birth date: asked for the check, not refused for ten minutes.
    const asked = await mariaOnSenff({ dataNascimento: MARIA.dataNascimento });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ retorno: false, dados: ROBOT_CHECK });
    const garbage = await mariaOnSenff({ dataNascimento: MARIA.dataNascimento, captcha: 'lixo' });
    expect(garbage.json().dados).toEqual(ROBOT_CHECK);
    const solved = await mariaOnSenff({
      dataNascimento: MARIA.dataNascimento,
      captcha: await solveRobotCheck(t),
    });
    expect(solved.json()).toMatchObject({ retorno: true, dados: { proximaEtapa: 'VerifyToken' } });
    // The guesses on senff spent nothing of Maria's limit on a partner with its own robot check.
    const elsewhere = await call(
      t,
      'negociacao_robo/passo_1',
      { ...MARIA, aceite: true, captcha: await solveRobotCheck(t) },
      { host: hostOf('demo'), ip: nextIp() },
    );
    expect(elsewhere.json()).toMatchObject({ retorno: true });
  });

  it('weighs no more than the limit of guesses sent at once without the check', async () => {
    const cpf = '390.533.447-05';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(
          t,
          'negociacao_robo/passo_1',
          { pesCpfCnpj: cpf, dataNascimento: '01/01/1970', aceite: true },
          {
            host: SENFF,
            ip: nextIp(),
          },
        ),
      ),
    );
    const weighed = answers.filter((answer) => answer.statusCode === 200);
    expect(weighed).toHaveLength(3);
    expect(answers.filter((answer) => answer.json().dados?.captcha === ROBOT_CHECK.captcha)).toHaveLength(5);
  });
});
