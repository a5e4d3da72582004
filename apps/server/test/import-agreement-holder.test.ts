import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { type DividasResposta, normalizeDocument } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agreements, contracts, persons } from '../src/db/schema';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { importPortfolio } from '../src/services/import/import-portfolio';
import { confirmByBoleto, firstCashPlan } from './debt-helpers';
import { call, hostOf, login } from './identification-helpers';
import { createTestApp, type TestApp } from './test-app';

// A contract under an active agreement stays with the agreement's person (decision 094): a portfolio file that gives
// it another CPF/CNPJ is refused, its line named, until the agreement is cancelled in the back office. Before, the
// import moved it: the new holder could agree on it and pay a second copy of what the agreement already billed.

const EXAMPLE = readFileSync(new URL('../../../docs/examples/carteira.csv', import.meta.url), 'utf8');
const ANA = { pesCpfCnpj: '246.813.579-28', dataNascimento: '12/03/1988', telefone: '(11) 91234-5678' };
const ANA_CELLS = 'Ana Beatriz Costa;12/03/1988;(11) 91234-5678;ana.costa@example.com';
const BRUNO_CPF = '135.792.468-28';
// The example file with Ana's contract CV-1001 (lines 2 to 5) under Bruno's CPF.
const MOVED = EXAMPLE.replaceAll(`${ANA.pesCpfCnpj};${ANA_CELLS}`, `${BRUNO_CPF};Bruno Henrique Alves;;;`);

let t: TestApp;
let demoId: number;
let agreementId: number;
beforeAll(async () => {
  t = await createTestApp();
  demoId = (await findPartnerByIdentifier(t.database.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
});

const importText = (text: string) =>
  importPortfolio(t.database, { input: Readable.from([Buffer.from(text)]), partnerId: demoId });

async function holderOfAnasContract(): Promise<string> {
  const [row] = await t.database.db
    .select({ document: persons.cpfCnpj })
    .from(contracts)
    .innerJoin(persons, eq(persons.id, contracts.personId))
    .where(eq(contracts.number, 'CV-1001'));
  return row!.document;
}

it('Ana agrees on her contract CV-1001', async () => {
  expect(MOVED.match(/135\.792\.468-28;Bruno Henrique Alves;;;/g)).toHaveLength(4);
  expect((await importText(EXAMPLE)).ok).toBe(true);
  const cookie = await login(t, ANA);
  const session = { cookie, partner: 'demo' };
  const listing = await call(t, 'negociacao_robo/passo_2_novo', {}, { host: hostOf('demo'), cookie });
  const card = (listing.json().dados as DividasResposta).dividas[0]!;
  expect(card.contratos.map((c) => c.con_contrato)).toEqual(['CV-1001']);
  const agreed = (await confirmByBoleto(t, await firstCashPlan(t, card, session), session)).json();
  expect(agreed.retorno).toBe(true);
  agreementId = agreed.dados.aco_codigo;
});

it('a file that gives the contract another CPF/CNPJ is refused on its first line, and nothing is written', async () => {
  const outcome = await importText(MOVED);
  expect(outcome).toEqual({
    ok: false,
    rows: 6,
    issueCount: 1,
    issues: [
      {
        line: 2,
        column: 'cpf_cnpj',
        message:
          "o contrato 'CV-1001' da loja 55.667.788/0001-86 está em acordo ativo de outro CPF/CNPJ: cancele o acordo no painel antes de mudar o titular",
      },
    ],
  });
  expect(await holderOfAnasContract()).toBe(normalizeDocument(ANA.pesCpfCnpj));
});

it('a file that keeps the holder is imported while the agreement is active', async () => {
  const changed = EXAMPLE.replace(';3;10/03/2025;350,00;350,00;N;N', ';3;10/03/2025;350,00;200,00;N;N');
  const outcome = await importText(changed);
  expect(outcome.ok && outcome.summary.instalments.updated).toBe(1);
  expect((await importText(EXAMPLE)).ok).toBe(true);
});

it('once the agreement is cancelled, the same file moves the contract', async () => {
  await t.database.db.update(agreements).set({ status: 'cancelled' }).where(eq(agreements.id, agreementId));
  const outcome = await importText(MOVED);
  expect(outcome.ok && outcome.summary.contracts).toEqual({ total: 3, inserted: 0, updated: 1 });
  expect(await holderOfAnasContract()).toBe(normalizeDocument(BRUNO_CPF));
});
