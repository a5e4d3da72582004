import { FATAL_ERROR } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, partners, persons, stepLogs } from '../src/db/schema';
import { call, hostOf, login, MARIA, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';
import { validRightsRequest } from './valid-forms';

// A partner whose portal staff switched off (spec 000 §7: its company token is null, the app shows 'Portal não está
// funcionando!') still serves its pages and configuration, but the server refuses every call made on it: closing
// the message in the browser, or calling the API directly, identifies nobody and stores nothing.

let t: TestApp;
let acmeId: number;
let openSession: string;

const ACME = { host: hostOf('acme') };
const NEW_PERSON = {
  cpfCnpj: '111.444.777-35',
  dataNascimento: '10/10/1980',
  telefone: '(11) 91234-5678',
  email: 'novo@example.com',
  sexo: 'F',
  nome: 'Pessoa Nova da Silva',
};

async function setSwitchedOff(off: boolean) {
  await t.database.db
    .update(partners)
    .set({ companyToken: off ? null : 'token-da-acme' })
    .where(eq(partners.id, acmeId));
  // As the back office's partner form does: the process's partner cache forgets the old row at once.
  t.app.partnerCache.invalidate(acmeId);
}

const rows = async (table: typeof stepLogs | typeof outboundMessages | typeof persons) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

function expectRefused(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ retorno: false, dados: null, mensagem: FATAL_ERROR.text });
  expect(res.headers['set-cookie']).toBeUndefined();
}

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_MAX_NUMBER: '2000' } });
  const [acme] = await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.identifier, 'acme'));
  acmeId = acme!.id;
  // A session opened while the portal was on.
  openSession = await login(t, MARIA, 'acme');
  await setSwitchedOff(true);
});
afterAll(() => t?.close());

describe('a switched-off portal', () => {
  it('identifies nobody: login, first access, phone change and SMS token calls are refused', async () => {
    const before = {
      steps: await rows(stepLogs),
      messages: await rows(outboundMessages),
      people: await rows(persons),
    };
    expectRefused(
      await call(
        t,
        'negociacao_robo/passo_1',
        { ...MARIA, aceite: true, captcha: await solveRobotCheck(t) },
        ACME,
      ),
    );
    expectRefused(
      await call(t, 'portal/atualizarCadastro', { ...NEW_PERSON, captcha: await solveRobotCheck(t) }, ACME),
    );
    expectRefused(
      await call(
        t,
        'portal/solicitarTrocaTelefone',
        { pesCpfCnpj: MARIA.pesCpfCnpj, captcha: await solveRobotCheck(t) },
        ACME,
      ),
    );
    expectRefused(
      await call(
        t,
        'portal/atualizarTelefone',
        { token: 'x'.repeat(43), pef_fone: '(11) 91111-2222', confirmacao: '(11) 91111-2222' },
        ACME,
      ),
    );
    expectRefused(await call(t, 'negociacao_robo/enviar_token', {}, ACME));
    expectRefused(await call(t, 'negociacao_robo/validar_token', { token_cliente: '123456' }, ACME));
    expectRefused(
      await call(
        t,
        'portal/salvarEtapa',
        { emp_codigo: 300, cpfCnpj: '', esn_fk_ets_codigo: 31, motivo_agendamento: 'Acessou o portal' },
        ACME,
      ),
    );
    expect({
      steps: await rows(stepLogs),
      messages: await rows(outboundMessages),
      people: await rows(persons),
    }).toEqual(before);
  });

  it('still receives data-protection rights requests (LGPD art. 18)', async () => {
    const res = await call(t, 'portal/enviarSolicitacaoPrivacidade', validRightsRequest(), ACME);
    expect(res.json()).toMatchObject({ retorno: true, dados: { protocolo: expect.any(String) } });
  });

  it('ends the use of a session opened before it was switched off', async () => {
    const cookie = { ...ACME, cookie: openSession };
    expectRefused(await call(t, 'portal/sessao', {}, cookie));
    expectRefused(await call(t, 'negociacao_robo/passo_2_novo', {}, cookie));
  });

  it('still loads its configuration and says it is not working when the app asks for the company token', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/parceiro/acme/info', headers: ACME });
    expect(info.statusCode).toBe(200);
    const token = await call(t, 'portal/retornarTokenEmpresa', { emp_codigo: 300 }, ACME);
    expect(token.json()).toMatchObject({ retorno: true, dados: null });
  });

  it('refuses the seeded switched-off demo partner too, and works again once switched back on', async () => {
    const lookup = async (partner: string) =>
      call(
        t,
        'negociacao_robo/passo_1',
        { ...MARIA, aceite: true, captcha: await solveRobotCheck(t) },
        { host: hostOf(partner) },
      );
    expectRefused(await lookup('inativo'));
    await setSwitchedOff(false);
    expect((await lookup('acme')).json()).toMatchObject({
      retorno: true,
      dados: { proximaEtapa: 'AccordionTabs' },
    });
  });
});
