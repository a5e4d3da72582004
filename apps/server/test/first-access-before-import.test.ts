import { Readable } from 'node:stream';
import { cpfCheckDigits } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons } from '../src/db/schema';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { importPortfolio } from '../src/services/import/import-portfolio';
import { PORTFOLIO_COLUMNS } from '../src/services/import/validate-portfolio';
import { call, hostOf, solveRobotCheck } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// Decision 098: what a first access typed for a document no file named yet is the typist's word, not the person's.
// The creditor's first file naming the person replaces it, empty cells included, so a stranger who registered a
// leaked CPF before its debt arrived cannot log in with the birth date and phone they chose.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_MAX_NUMBER: '2000' } });
});
afterAll(() => t?.close());

const host = hostOf('demo');
let nextIp = 1;
const cpfOf = (base: string) => `${base}${cpfCheckDigits(base)}`;

async function firstAccess(cpf: string) {
  const res = await call(
    t,
    'portal/atualizarCadastro',
    {
      cpfCnpj: cpf,
      dataNascimento: '01/01/1980',
      telefone: '(11) 90000-1111',
      email: 'quem.digitou@example.com',
      sexo: 'M',
      nome: 'Quem Digitou',
      captcha: await solveRobotCheck(t),
    },
    { host, ip: `10.98.0.${nextIp++}` },
  );
  expect(res.json().retorno, res.body).toBe(true);
}

/** The creditor's file with one debt of `cpf`, its birth date, phone and e-mail cells as given. */
async function importDebtOf(
  cpf: string,
  cells: { birth: string; phone: string; email: string },
  contract: string,
) {
  const demo = await findPartnerByIdentifier(t.database.db, 'demo');
  const line = [
    cpf,
    'Pessoa Verdadeira',
    cells.birth,
    cells.phone,
    cells.email,
    '55.667.788/0001-86',
    'Casa Verde Móveis',
    'Casa Verde Comércio de Móveis Ltda.',
    contract,
    'Crediário',
    'Loja 1',
    '1',
    '10/01/2025',
    '900,00',
    '900,00',
    'N',
    'N',
  ].join(';');
  const outcome = await importPortfolio(t.database, {
    input: Readable.from([Buffer.from(`${PORTFOLIO_COLUMNS.join(';')}\n${line}\n`)]),
    partnerId: demo!.id,
  });
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
}

async function logIn(cpf: string, birth: string, phone: string) {
  const res = await call(
    t,
    'negociacao_robo/passo_1',
    {
      pesCpfCnpj: cpf,
      dataNascimento: birth,
      telefone: phone,
      aceite: true,
      captcha: await solveRobotCheck(t),
    },
    { host, ip: `10.98.1.${nextIp++}` },
  );
  return res.json() as { retorno: boolean };
}

const stored = async (cpf: string) =>
  (await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, cpf)))[0]!;

describe('a first access before the creditor’s file names the person (decision 098)', () => {
  it('keeps nothing the stranger typed once a file without contact cells names the person', async () => {
    const cpf = cpfOf('987654321');
    await firstAccess(cpf);
    expect(await stored(cpf)).toMatchObject({ email: 'quem.digitou@example.com', selfDeclared: true });

    await importDebtOf(cpf, { birth: '', phone: '', email: '' }, 'PRE-098-1');
    expect(await stored(cpf)).toMatchObject({
      name: 'Pessoa Verdadeira',
      birthDate: null,
      phone: null,
      email: null,
      selfDeclared: false,
    });
    // The birth date and phone the stranger chose open nothing.
    expect((await logIn(cpf, '01/01/1980', '(11) 90000-1111')).retorno).toBe(false);
  });

  it('takes the file’s data when it has them, and keeps them from then on as any person’s', async () => {
    const cpf = cpfOf('876543219');
    await firstAccess(cpf);
    await importDebtOf(
      cpf,
      { birth: '15/05/1970', phone: '(21) 98888-7777', email: 'pessoa@example.com' },
      'PRE-098-2',
    );
    expect(await stored(cpf)).toMatchObject({
      birthDate: '1970-05-15',
      phone: '21988887777',
      email: 'pessoa@example.com',
    });
    expect((await logIn(cpf, '01/01/1980', '(11) 90000-1111')).retorno).toBe(false);
    expect((await logIn(cpf, '15/05/1970', '(21) 98888-7777')).retorno).toBe(true);
    // A later file without contact cells keeps them (docs/import.md: an empty optional cell keeps what is stored).
    await importDebtOf(cpf, { birth: '', phone: '', email: '' }, 'PRE-098-3');
    expect(await stored(cpf)).toMatchObject({ birthDate: '1970-05-15', phone: '21988887777' });
  });
});
