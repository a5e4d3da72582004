import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { cnpjCheckDigits, cpfCheckDigits, type DividasResposta, maskCnpj, maskCpf } from '@portal/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImportCommand } from '../src/cli/import-command';
import { type DatabaseOptions, openDatabase } from '../src/db/client';
import { contracts, instalments, partnerStores, partners, persons, stores } from '../src/db/schema';
import { loadStoreDebts } from '../src/repositories/debt-repository';
import { findPartnerByIdentifier } from '../src/repositories/partner-repository';
import { type ImportOutcome, importPortfolio } from '../src/services/import/import-portfolio';
import {
  ISSUES_LISTED,
  PORTFOLIO_COLUMNS,
  type PortfolioColumn,
  PortfolioValidator,
} from '../src/services/import/validate-portfolio';
import { captureStream } from './capture-stream';
import { call, cookieOf, solveRobotCheck } from './identification-helpers';
import { createTestApp, migratedCommandDatabase, type TestApp } from './test-app';

// Portfolio import (docs/import.md): `npm run import` reads a ';' CSV of instalments and writes persons, stores,
// contracts and instalments all or nothing. Tested through importPortfolio on the test app's database, and through
// runImportCommand (what the operator runs) on a database of its own, as the command opens the server's database.

const EXAMPLE_FILE = new URL('../../../docs/examples/carteira.csv', import.meta.url);
const EXAMPLE = readFileSync(EXAMPLE_FILE, 'utf8');
const HEADER = PORTFOLIO_COLUMNS.join(';');

let t: TestApp;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp();
  const demo = await findPartnerByIdentifier(t.database.db, 'demo');
  demoId = demo!.id;
});
afterAll(async () => {
  await t?.close();
});

/** The file as a stream; `chunkBytes` splits it the way a file read in pieces arrives (even inside a character). */
function fileStream(content: string | Buffer, chunkBytes?: number): Readable {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  if (!chunkBytes) return Readable.from([bytes]);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkBytes) chunks.push(bytes.subarray(i, i + chunkBytes));
  return Readable.from(chunks);
}

function importText(content: string | Buffer, options: { chunkBytes?: number } = {}) {
  return importPortfolio(t.database, { input: fileStream(content, options.chunkBytes), partnerId: demoId });
}

async function importOk(content: string | Buffer, options: { chunkBytes?: number } = {}) {
  const outcome = await importText(content, options);
  if (!outcome.ok) throw new Error(`import rejected: ${JSON.stringify(outcome.issues.slice(0, 5))}`);
  return outcome.summary;
}

async function importRejected(content: string | Buffer, options: { chunkBytes?: number } = {}) {
  const outcome = await importText(content, options);
  if (outcome.ok) throw new Error(`import accepted: ${JSON.stringify(outcome.summary)}`);
  return outcome;
}

async function tableCounts() {
  const db = t.database.db;
  const [p] = await db.select({ n: count() }).from(persons);
  const [s] = await db.select({ n: count() }).from(stores);
  const [ps] = await db.select({ n: count() }).from(partnerStores);
  const [c] = await db.select({ n: count() }).from(contracts);
  const [i] = await db.select({ n: count() }).from(instalments);
  return { persons: p!.n, stores: s!.n, partnerStores: ps!.n, contracts: c!.n, instalments: i!.n };
}

const unchanged = (total: number) => ({ total, inserted: 0, updated: 0 });

async function personByDocument(document: string) {
  const [row] = await t.database.db.select().from(persons).where(eq(persons.cpfCnpj, document));
  return row;
}

async function storeByDocument(document: string) {
  const [row] = await t.database.db.select().from(stores).where(eq(stores.cpfCnpj, document));
  return row;
}

/** The instalments of a store's contract, by number. */
async function contractInstalments(storeDocument: string, contractNumber: string) {
  return t.database.db
    .select({
      number: instalments.number,
      dueDate: instalments.dueDate,
      amountCents: instalments.amountCents,
      balanceCents: instalments.balanceCents,
      futureEntry: instalments.futureEntry,
      paid: instalments.paid,
    })
    .from(instalments)
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .innerJoin(stores, eq(stores.id, contracts.storeId))
    .where(and(eq(stores.cpfCnpj, storeDocument), eq(contracts.number, contractNumber)))
    .orderBy(asc(instalments.number));
}

// ---------------------------------------------------------------------------------------------------------------
// Files built in the test: one valid line per instalment from cells, columns in PORTFOLIO_COLUMNS order.

type Cells = Record<PortfolioColumn, string>;

function cpf(n: number): string {
  const base = String(300_000_000 + n * 7);
  return maskCpf(base + cpfCheckDigits(base));
}

function cnpj(base12: string): string {
  return maskCnpj(base12 + cnpjCheckDigits(base12));
}

function line(cells: Cells): string {
  return PORTFOLIO_COLUMNS.map((column) => cells[column]).join(';');
}

function file(lines: string[]): string {
  return `${[HEADER, ...lines].join('\n')}\n`;
}

// A person and an alphanumeric-CNPJ store of the tests' own (not in the seed nor in the example file).
const CARLA_CPF = cpf(1);
const CARLA_STORE = cnpj('1A2B3C4D0001');
// As stored: without mask, letters in upper case.
const CARLA_CPF_KEY = CARLA_CPF.replace(/\D/g, '');
const CARLA_STORE_KEY = CARLA_STORE.replace(/\W/g, '');
const CARLA: Cells = {
  cpf_cnpj: CARLA_CPF,
  nome: 'Carla Conceição Dias',
  data_nascimento: '20/05/1990',
  telefone: '(11) 98888-7777',
  email: 'carla@example.com',
  loja_cnpj: CARLA_STORE,
  loja_fantasia: 'Ótica Visão',
  loja_razao_social: 'Ótica Visão Comércio Ltda.',
  contrato: 'OV-1',
  origem: 'Crediário',
  referencia: 'Balcão',
  parcela: '1',
  vencimento: '10/03/2026',
  valor: '1.234,50',
  saldo: '1.000,00',
  lancamento_futuro: 'N',
  pago: 'N',
};

const GENERATED_STORE = cnpj('774411220001');

/**
 * `lines` instalment lines: ten instalments per person, one contract each, in a store of its own. Names carry
 * accents so that a read in pieces splits characters.
 */
function generatedLines(lines: number, firstPerson = 1000): string[] {
  const store = GENERATED_STORE;
  return Array.from({ length: lines }, (_, k) => {
    const person = firstPerson + Math.floor(k / 10);
    return line({
      cpf_cnpj: cpf(person),
      nome: `João Conceição ${person}`,
      data_nascimento: '01/02/1980',
      telefone: '(21) 99876-5432',
      email: `pessoa${person}@example.com`,
      loja_cnpj: store,
      loja_fantasia: 'Loja Gerada',
      loja_razao_social: 'Loja Gerada S.A.',
      contrato: `G-${person}`,
      origem: 'Cartão',
      referencia: '',
      parcela: String((k % 10) + 1),
      vencimento: `15/${String((k % 10) + 1).padStart(2, '0')}/2026`,
      valor: '1.500,00',
      saldo: '1.499,99',
      lancamento_futuro: 'N',
      pago: 'N',
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------

describe('importing the example file (docs/examples/carteira.csv)', () => {
  let before: Awaited<ReturnType<typeof tableCounts>>;
  let outcome: ImportOutcome;
  beforeAll(async () => {
    before = await tableCounts();
    outcome = await importText(EXAMPLE);
  });

  it('imports every line and counts what it wrote', () => {
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { seconds, ...summary } = outcome.summary;
    expect(seconds).toBeGreaterThan(0);
    expect(summary).toEqual({
      rows: 6,
      persons: { total: 3, inserted: 3, updated: 0 },
      stores: { total: 2, inserted: 2, updated: 0 },
      storesLinked: 2,
      contracts: { total: 3, inserted: 3, updated: 0 },
      instalments: { total: 6, inserted: 6, updated: 0 },
    });
  });

  it('adds exactly those rows', async () => {
    expect(await tableCounts()).toEqual({
      persons: before.persons + 3,
      stores: before.stores + 2,
      partnerStores: before.partnerStores + 2,
      contracts: before.contracts + 3,
      instalments: before.instalments + 6,
    });
  });

  it('stores persons with documents and phones without mask, ISO birth dates, and a company (alphanumeric CNPJ)', async () => {
    expect(await personByDocument('24681357928')).toMatchObject({
      name: 'Ana Beatriz Costa',
      birthDate: '1988-03-12',
      phone: '11912345678',
      email: 'ana.costa@example.com',
    });
    expect(await personByDocument('13579246828')).toMatchObject({
      name: 'Bruno Henrique Alves',
      birthDate: '1979-11-30',
      phone: '21998765432',
      email: null,
    });
    expect(await personByDocument('9XYZ8765000122')).toMatchObject({
      name: 'Padaria Pão Quente Ltda.',
      birthDate: null,
      phone: '3132221100',
      email: 'financeiro@paoquente.example.com',
    });
  });

  it('stores the stores, the alphanumeric CNPJ normalised and the quoted name with its ";"', async () => {
    expect(await storeByDocument('55667788000186')).toMatchObject({
      tradeName: 'Casa Verde Móveis',
      legalName: 'Casa Verde Comércio de Móveis Ltda.',
    });
    expect(await storeByDocument('AB12CD34000184')).toMatchObject({
      tradeName: 'Fibra Net',
      legalName: 'Fibra Net Telecomunicações; Serviços Ltda.',
    });
  });

  it('links the stores to the partner of the import only', async () => {
    const ids = [
      (await storeByDocument('55667788000186'))!.id,
      (await storeByDocument('AB12CD34000184'))!.id,
    ];
    const links = await t.database.db
      .select({ partnerId: partnerStores.partnerId, negotiates: partnerStores.negotiates })
      .from(partnerStores)
      .where(inArray(partnerStores.storeId, ids));
    expect(links).toEqual([
      { partnerId: demoId, negotiates: true },
      { partnerId: demoId, negotiates: true },
    ]);
  });

  it('stores contracts with their person, origin and reference', async () => {
    const rows = await t.database.db
      .select({
        number: contracts.number,
        person: persons.cpfCnpj,
        store: stores.cpfCnpj,
        origin: contracts.origin,
        reference: contracts.reference,
      })
      .from(contracts)
      .innerJoin(persons, eq(persons.id, contracts.personId))
      .innerJoin(stores, eq(stores.id, contracts.storeId))
      .where(inArray(contracts.number, ['CV-1001', 'FN-77', 'CV-2040']))
      .orderBy(asc(contracts.number));
    expect(rows).toEqual([
      {
        number: 'CV-1001',
        person: '24681357928',
        store: '55667788000186',
        origin: 'Crediário',
        reference: 'Loja 12',
      },
      {
        number: 'CV-2040',
        person: '9XYZ8765000122',
        store: '55667788000186',
        origin: 'Crediário',
        reference: null,
      },
      {
        number: 'FN-77',
        person: '13579246828',
        store: 'AB12CD34000184',
        origin: 'Internet',
        reference: null,
      },
    ]);
  });

  it('stores instalments in centavos with ISO due dates and the future and paid flags', async () => {
    expect(await contractInstalments('55667788000186', 'CV-1001')).toEqual([
      {
        number: 1,
        dueDate: '2025-01-10',
        amountCents: 35000,
        balanceCents: 35000,
        futureEntry: false,
        paid: true,
      },
      {
        number: 2,
        dueDate: '2025-02-10',
        amountCents: 35000,
        balanceCents: 35000,
        futureEntry: false,
        paid: false,
      },
      {
        number: 3,
        dueDate: '2025-03-10',
        amountCents: 35000,
        balanceCents: 35000,
        futureEntry: false,
        paid: false,
      },
      {
        number: 4,
        dueDate: '2030-04-10',
        amountCents: 35000,
        balanceCents: 35000,
        futureEntry: true,
        paid: false,
      },
    ]);
    expect(await contractInstalments('AB12CD34000184', 'FN-77')).toEqual([
      {
        number: 1,
        dueDate: '2025-06-05',
        amountCents: 118990,
        balanceCents: 102015,
        futureEntry: false,
        paid: false,
      },
    ]);
    expect(await contractInstalments('55667788000186', 'CV-2040')).toEqual([
      {
        number: 1,
        dueDate: '2025-07-15',
        amountCents: 1250000,
        balanceCents: 1250000,
        futureEntry: false,
        paid: false,
      },
    ]);
  });

  it("puts the unpaid instalments in the partner's debt listing (and in no other partner's)", async () => {
    const ana = await personByDocument('24681357928');
    const debts = await loadStoreDebts(t.database.db, { partnerId: demoId, personId: ana!.id });
    expect(debts.map((d) => d.store.tradeName)).toEqual(['Casa Verde Móveis']);
    expect(debts[0]!.contracts.map((c) => [c.number, c.instalments.map((i) => i.number)])).toEqual([
      ['CV-1001', [2, 3, 4]],
    ]);
    const other = await findPartnerByIdentifier(t.database.db, 'negocie');
    expect(await loadStoreDebts(t.database.db, { partnerId: other!.id, personId: ana!.id })).toEqual([]);
  });

  it('lets the imported debtor log in on the partner portal and see the debts (passo_1, passo_2_novo)', async () => {
    const host = 'demo.portal.localhost';
    const captcha = await solveRobotCheck(t);
    const login = await call(
      t,
      'negociacao_robo/passo_1',
      {
        pesCpfCnpj: '246.813.579-28',
        dataNascimento: '12/03/1988',
        telefone: '(11) 91234-5678',
        aceite: true,
        captcha,
      },
      { host },
    );
    expect(login.json()).toMatchObject({ retorno: true, dados: { pesNome: 'Ana Beatriz Costa' } });
    const res = await call(t, 'negociacao_robo/passo_2_novo', {}, { host, cookie: cookieOf(login) });
    const answer = res.json().dados as DividasResposta;
    expect(answer.dividas).toHaveLength(1);
    const card = answer.dividas[0]!;
    expect(card.loja).toMatchObject({
      loj_fantasia: 'Casa Verde Móveis',
      loj_cpf_cnpj: '55.667.788/0001-86',
    });
    expect(card.contratos.map((c) => c.con_contrato)).toEqual(['CV-1001']);
    expect(card.contratos[0]!.parcelas.map((p) => [p.par_prestacao, p.par_vencimento, p.par_valor])).toEqual([
      [2, '2025-02-10', 35000],
      [3, '2025-03-10', 35000],
    ]);
    expect(card.lancamentos_futuros.parcelas.map((p) => p.par_prestacao)).toEqual([4]);
    expect(card.total_original).toBe(70000);
  });
});

describe('importing again', () => {
  it('the same file changes nothing', async () => {
    const before = await tableCounts();
    const { seconds: _seconds, ...summary } = await importOk(EXAMPLE);
    expect(summary).toEqual({
      rows: 6,
      persons: unchanged(3),
      stores: unchanged(2),
      storesLinked: 0,
      contracts: unchanged(3),
      instalments: unchanged(6),
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('a changed balance updates that instalment only', async () => {
    const before = await tableCounts();
    const changed = EXAMPLE.replace(';3;10/03/2025;350,00;350,00;N;N', ';3;10/03/2025;350,00;200,00;N;N');
    expect(changed).not.toBe(EXAMPLE);
    const summary = await importOk(changed);
    expect(summary.instalments).toEqual({ total: 6, inserted: 0, updated: 1 });
    expect(summary.persons).toEqual(unchanged(3));
    expect(summary.stores).toEqual(unchanged(2));
    expect(summary.contracts).toEqual(unchanged(3));
    expect(await tableCounts()).toEqual(before);
    expect((await contractInstalments('55667788000186', 'CV-1001')).map((i) => i.balanceCents)).toEqual([
      35000, 35000, 20000, 35000,
    ]);

    // And back: the file's values win over the stored ones.
    expect((await importOk(EXAMPLE)).instalments).toEqual({ total: 6, inserted: 0, updated: 1 });
    expect((await contractInstalments('55667788000186', 'CV-1001')).map((i) => i.balanceCents)).toEqual([
      35000, 35000, 35000, 35000,
    ]);
  });

  it('a paid flag that changes is written', async () => {
    const changed = EXAMPLE.replace(';2;10/02/2025;350,00;350,00;N;N', ';2;10/02/2025;350,00;350,00;N;S');
    expect((await importOk(changed)).instalments).toEqual({ total: 6, inserted: 0, updated: 1 });
    expect((await contractInstalments('55667788000186', 'CV-1001')).map((i) => i.paid)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect((await importOk(EXAMPLE)).instalments.updated).toBe(1);
  });

  it('a new instalment line inserts one instalment', async () => {
    const before = await tableCounts();
    const extra = `${EXAMPLE.trimEnd()}\n${EXAMPLE.trimEnd()
      .split('\n')
      .at(-1)!
      .replace(';1;15/07/2025;', ';2;15/08/2025;')}\n`;
    const summary = await importOk(extra);
    expect(summary.instalments).toEqual({ total: 7, inserted: 1, updated: 0 });
    expect(summary.contracts).toEqual(unchanged(3));
    expect(await tableCounts()).toEqual({ ...before, instalments: before.instalments + 1 });
  });

  it("a person's data comes from the person's last line", async () => {
    const lines = EXAMPLE.trimEnd().split('\n');
    // Ana's fourth instalment is her last line.
    lines[4] = lines[4]!.replace('Ana Beatriz Costa', 'Ana Beatriz Costa Lima');
    const summary = await importOk(`${lines.join('\n')}\n`);
    expect(summary.persons).toEqual({ total: 3, inserted: 0, updated: 1 });
    expect((await personByDocument('24681357928'))!.name).toBe('Ana Beatriz Costa Lima');
    expect((await importOk(EXAMPLE)).persons.updated).toBe(1);
    expect((await personByDocument('24681357928'))!.name).toBe('Ana Beatriz Costa');
  });

  it('empty optional cells keep what is stored (birth date, phone, e-mail, origin, reference)', async () => {
    // The name and the reference change, so the person and the contract are written: the empty cells must not be.
    const anaLines = EXAMPLE.trimEnd()
      .split('\n')
      .slice(0, 5)
      .map((text, index) =>
        index === 0
          ? text
          : text
              .replace(
                'Ana Beatriz Costa;12/03/1988;(11) 91234-5678;ana.costa@example.com',
                'Ana B. Costa;;;',
              )
              .replace(';Crediário;Loja 12;', ';;Loja 13;'),
      );
    expect(anaLines[1]).toContain('Ana B. Costa;;;;55.667.788/0001-86');
    const { seconds: _seconds, ...summary } = await importOk(`${anaLines.join('\n')}\n`);
    expect(summary).toMatchObject({
      persons: { total: 1, inserted: 0, updated: 1 },
      contracts: { total: 1, inserted: 0, updated: 1 },
      instalments: unchanged(4),
    });
    expect(await personByDocument('24681357928')).toMatchObject({
      name: 'Ana B. Costa',
      birthDate: '1988-03-12',
      phone: '11912345678',
      email: 'ana.costa@example.com',
    });
    const contract = async () =>
      (await t.database.db.select().from(contracts).where(eq(contracts.number, 'CV-1001')))[0];
    expect(await contract()).toMatchObject({ origin: 'Crediário', reference: 'Loja 13' });

    const restored = await importOk(EXAMPLE);
    expect([restored.persons.updated, restored.contracts.updated]).toEqual([1, 1]);
    expect(await contract()).toMatchObject({ origin: 'Crediário', reference: 'Loja 12' });
  });
});

describe('a file with bad lines', () => {
  // 3000 good lines (file lines 2..3001), a bad one (3002), 500 good ones, another bad one (3503), then a line
  // that repeats the instalment of line 2. Read in pieces of 4 KiB, so good lines are staged before the first bad one.
  const GOOD = generatedLines(3502);
  const BAD = [...GOOD];
  BAD[3000] = BAD[3000]!.replace(';1.500,00;1.499,99;', ';15OO,00;1.499,99;');
  BAD[3501] = BAD[3501]!.replace(';15/02/2026;', ';30/02/2026;');
  BAD.push(GOOD[0]!);

  it('writes nothing and lists every problem with its line and column', async () => {
    expect(BAD[3000]).toContain('15OO,00');
    expect(BAD[3501]).toContain('30/02/2026');
    const before = await tableCounts();
    const outcome = await importRejected(file(BAD), { chunkBytes: 4096 });
    expect(outcome).toEqual({
      ok: false,
      rows: 3503,
      issueCount: 3,
      issues: [
        { line: 3002, column: 'valor', message: "valor inválido '15OO,00' (use 1234,56 ou 1.234,56)" },
        {
          line: 3503,
          column: 'vencimento',
          message: "data inválida '30/02/2026' (use dd/mm/aaaa ou aaaa-mm-dd)",
        },
        {
          line: 3504,
          column: 'parcela',
          message: `parcela 1 do contrato 'G-1000' da loja ${GENERATED_STORE} repetida (já na linha 2)`,
        },
      ],
    });
    expect(await tableCounts()).toEqual(before);
    expect(await storeByDocument(GENERATED_STORE.replace(/\W/g, ''))).toBeUndefined();
  });

  it('imports the same lines once they are fixed', async () => {
    const before = await tableCounts();
    const summary = await importOk(file(GOOD), { chunkBytes: 4096 });
    expect(summary).toMatchObject({
      rows: 3502,
      persons: { total: 351, inserted: 351, updated: 0 },
      stores: { total: 1, inserted: 1, updated: 0 },
      storesLinked: 1,
      contracts: { total: 351, inserted: 351, updated: 0 },
      instalments: { total: 3502, inserted: 3502, updated: 0 },
    });
    expect(await tableCounts()).toEqual({
      persons: before.persons + 351,
      stores: before.stores + 1,
      partnerStores: before.partnerStores + 1,
      contracts: before.contracts + 351,
      instalments: before.instalments + 3502,
    });
    // Characters split between two pieces of the file arrive whole.
    expect((await personByDocument(cpf(1350).replace(/\D/g, '')))!.name).toBe('João Conceição 1350');
  });

  it('counts the physical lines: blank lines, CRLF and a quoted line break', async () => {
    const before = await tableCounts();
    const quotedBreak = line({ ...CARLA, parcela: '2', loja_razao_social: '"Ótica Visão\nComércio Ltda."' });
    const text = [
      HEADER,
      line(CARLA),
      '',
      ';;;',
      quotedBreak,
      line({ ...CARLA, parcela: '3', saldo: '1,001' }),
    ].join('\r\n');
    const outcome = await importRejected(text);
    expect(outcome.issues).toEqual([
      { line: 7, column: 'saldo', message: "valor inválido '1,001' (use 1234,56 ou 1.234,56)" },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it(`lists the first ${ISSUES_LISTED} problems and counts the rest`, async () => {
    const lines = Array.from({ length: 150 }, (_, k) =>
      line({ ...CARLA, parcela: String(k + 1), pago: 'talvez' }),
    );
    const outcome = await importRejected(file(lines));
    expect(outcome.issueCount).toBe(150);
    expect(outcome.issues).toHaveLength(ISSUES_LISTED);
    expect(outcome.issues[0]).toEqual({ line: 2, column: 'pago', message: "use S ou N, não 'talvez'" });
    expect(outcome.issues.at(-1)!.line).toBe(ISSUES_LISTED + 1);
  });
});

describe('line rules', () => {
  const cases: {
    name: string;
    change: Partial<Cells> | ((text: string) => string);
    column?: PortfolioColumn;
    message: string | ((contract: string) => string);
  }[] = [
    {
      name: 'CPF check digits',
      change: { cpf_cnpj: '123.456.789-00' },
      column: 'cpf_cnpj',
      message: "CPF/CNPJ inválido '123.456.789-00'",
    },
    {
      name: 'CPF of one repeated digit',
      change: { cpf_cnpj: '111.111.111-11' },
      column: 'cpf_cnpj',
      message: "CPF/CNPJ inválido '111.111.111-11'",
    },
    {
      name: 'document of 12 digits',
      change: { cpf_cnpj: '123456789012' },
      column: 'cpf_cnpj',
      message: "CPF/CNPJ inválido '123456789012'",
    },
    {
      name: 'alphanumeric CNPJ check digits',
      change: { loja_cnpj: '1A.2B3.C4D/0001-00' },
      column: 'loja_cnpj',
      message: "CPF/CNPJ inválido '1A.2B3.C4D/0001-00'",
    },
    {
      name: 'letters in CNPJ check digits',
      change: { loja_cnpj: '1A.2B3.C4D/0001-AB' },
      column: 'loja_cnpj',
      message: "CPF/CNPJ inválido '1A.2B3.C4D/0001-AB'",
    },
    {
      name: 'empty document',
      change: { cpf_cnpj: '' },
      column: 'cpf_cnpj',
      message: 'campo obrigatório vazio',
    },
    { name: 'empty name', change: { nome: '  ' }, column: 'nome', message: 'campo obrigatório vazio' },
    {
      name: 'empty store CNPJ',
      change: { loja_cnpj: '' },
      column: 'loja_cnpj',
      message: 'campo obrigatório vazio',
    },
    {
      name: 'empty trade name',
      change: { loja_fantasia: '' },
      column: 'loja_fantasia',
      message: 'campo obrigatório vazio',
    },
    {
      name: 'empty legal name',
      change: { loja_razao_social: '' },
      column: 'loja_razao_social',
      message: 'campo obrigatório vazio',
    },
    {
      name: 'empty contract',
      change: { contrato: '' },
      column: 'contrato',
      message: 'campo obrigatório vazio',
    },
    {
      name: 'birth date not in the calendar',
      change: { data_nascimento: '31/02/1990' },
      column: 'data_nascimento',
      message: "data inválida '31/02/1990' (use dd/mm/aaaa ou aaaa-mm-dd)",
    },
    {
      name: 'due date with slashes in ISO order',
      change: { vencimento: '2026/03/10' },
      column: 'vencimento',
      message: "data inválida '2026/03/10' (use dd/mm/aaaa ou aaaa-mm-dd)",
    },
    {
      name: 'due date with dashes',
      change: { vencimento: '10-03-2026' },
      column: 'vencimento',
      message: "data inválida '10-03-2026' (use dd/mm/aaaa ou aaaa-mm-dd)",
    },
    {
      name: 'due date with a two-digit year',
      change: { vencimento: '10/03/26' },
      column: 'vencimento',
      message: "data inválida '10/03/26' (use dd/mm/aaaa ou aaaa-mm-dd)",
    },
    {
      name: 'empty due date',
      change: { vencimento: '' },
      column: 'vencimento',
      message: 'campo obrigatório vazio',
    },
    {
      name: 'amount with three decimals',
      change: { valor: '12,345' },
      column: 'valor',
      message: "valor inválido '12,345' (use 1234,56 ou 1.234,56)",
    },
    {
      name: 'amount in words',
      change: { valor: 'dez reais' },
      column: 'valor',
      message: "valor inválido 'dez reais' (use 1234,56 ou 1.234,56)",
    },
    {
      name: 'misplaced thousands dot',
      change: { valor: '12.34,50' },
      column: 'valor',
      message: "valor inválido '12.34,50' (use 1234,56 ou 1.234,56)",
    },
    {
      name: 'negative balance',
      change: { saldo: '-1,00' },
      column: 'saldo',
      message: "valor negativo '-1,00'",
    },
    { name: 'empty amount', change: { valor: '' }, column: 'valor', message: 'campo obrigatório vazio' },
    { name: 'empty balance', change: { saldo: '' }, column: 'saldo', message: 'campo obrigatório vazio' },
    {
      name: 'phone without area code',
      change: { telefone: '98888-7777' },
      column: 'telefone',
      message: "telefone inválido '98888-7777' (DDD e número: 10 ou 11 dígitos)",
    },
    {
      name: 'phone too long',
      change: { telefone: '+55 11 98888-7777' },
      column: 'telefone',
      message: "telefone inválido '+55 11 98888-7777' (DDD e número: 10 ou 11 dígitos)",
    },
    {
      name: 'e-mail without domain',
      change: { email: 'carla@' },
      column: 'email',
      message: "e-mail inválido 'carla@'",
    },
    {
      name: 'instalment number with a letter',
      change: { parcela: '2a' },
      column: 'parcela',
      message: "número de parcela inválido '2a' (inteiro de 0 a 999999)",
    },
    {
      name: 'instalment number too large',
      change: { parcela: '1000000' },
      column: 'parcela',
      message: "número de parcela inválido '1000000' (inteiro de 0 a 999999)",
    },
    {
      name: 'negative instalment number',
      change: { parcela: '-2' },
      column: 'parcela',
      message: "número de parcela inválido '-2' (inteiro de 0 a 999999)",
    },
    {
      name: 'empty instalment number',
      change: { parcela: '' },
      column: 'parcela',
      message: 'campo obrigatório vazio',
    },
    {
      name: 'future flag other than S/N',
      change: { lancamento_futuro: 'X' },
      column: 'lancamento_futuro',
      message: "use S ou N, não 'X'",
    },
    { name: 'paid flag in words', change: { pago: 'sim' }, column: 'pago', message: "use S ou N, não 'sim'" },
    {
      name: 'a long value, cut in the message',
      change: { valor: 'a'.repeat(50) },
      column: 'valor',
      message: `valor inválido '${'a'.repeat(40)}…' (use 1234,56 ou 1.234,56)`,
    },
    {
      name: 'the same instalment twice',
      change: { parcela: '1' },
      column: 'parcela',
      message: (contract) =>
        `parcela 1 do contrato '${contract}' da loja ${CARLA_STORE} repetida (já na linha 2)`,
    },
    {
      name: "another person's contract",
      change: { cpf_cnpj: cpf(2) },
      column: 'contrato',
      message: (contract) => `o contrato '${contract}' da loja ${CARLA_STORE} é de outro CPF/CNPJ na linha 2`,
    },
    {
      name: 'a missing cell',
      change: (text) => text.slice(0, text.lastIndexOf(';')),
      message: 'esperadas 17 colunas, encontradas 16',
    },
    { name: 'an extra cell', change: (text) => `${text};x`, message: 'esperadas 17 colunas, encontradas 18' },
    {
      name: 'a quote never closed',
      change: (text) => text.replace('Carla Conceição Dias', '"Carla Conceição Dias'),
      message: 'aspas abertas e não fechadas até o fim do arquivo',
    },
  ];

  // Line 2 is a valid instalment of a contract not stored yet, which would be written if the file were accepted;
  // line 3 is its instalment 2 with one change.
  it.each(cases.map((testCase, index) => ({ ...testCase, contract: `R-${index}` })))(
    'rejects $name',
    async ({ change, column, message: messageOf, contract }) => {
      const message = typeof messageOf === 'function' ? messageOf(contract) : messageOf;
      const first = { ...CARLA, contrato: contract };
      const second = { ...first, parcela: '2' };
      const third = typeof change === 'function' ? change(line(second)) : line({ ...second, ...change });
      const before = await tableCounts();
      const outcome = await importRejected(file([line(first), third]));
      expect(outcome).toEqual({
        ok: false,
        rows: 2,
        issueCount: 1,
        issues: [column ? { line: 3, column, message } : { line: 3, message }],
      });
      expect(await tableCounts()).toEqual(before);
    },
  );

  it('rejects text that is not UTF-8', async () => {
    const outcome = await importRejected(Buffer.from(file([line(CARLA)]), 'latin1'));
    expect(outcome.issues).toEqual([
      { line: 2, column: 'nome', message: 'texto fora de UTF-8 (salve o arquivo em UTF-8)' },
      { line: 2, column: 'loja_fantasia', message: 'texto fora de UTF-8 (salve o arquivo em UTF-8)' },
      { line: 2, column: 'loja_razao_social', message: 'texto fora de UTF-8 (salve o arquivo em UTF-8)' },
    ]);
  });

  it('reports every problem of a line', async () => {
    const outcome = await importRejected(
      file([line({ ...CARLA, cpf_cnpj: '123', vencimento: '32/01/2026', pago: '?' })]),
    );
    expect(outcome.issues).toEqual([
      { line: 2, column: 'cpf_cnpj', message: "CPF/CNPJ inválido '123'" },
      { line: 2, column: 'vencimento', message: "data inválida '32/01/2026' (use dd/mm/aaaa ou aaaa-mm-dd)" },
      { line: 2, column: 'pago', message: "use S ou N, não '?'" },
    ]);
  });

  it("rejects a date no portfolio holds: a spreadsheet's empty date cell, a mistyped year", async () => {
    const before = await tableCounts();
    const outcome = await importRejected(
      file([
        line({ ...CARLA, contrato: 'D-1', vencimento: '30/12/1899' }),
        line({
          ...CARLA,
          contrato: 'D-1',
          parcela: '2',
          data_nascimento: '20/05/2990',
          vencimento: '0026-03-10',
        }),
      ]),
    );
    const outOfRange = (value: string, earliest: string) =>
      expect.stringMatching(
        new RegExp(`^data fora do intervalo aceito '${value}' \\(de ${earliest} a \\d\\d/\\d\\d/\\d{4}\\)$`),
      );
    expect(outcome.issues).toEqual([
      { line: 2, column: 'vencimento', message: outOfRange('30/12/1899', '01/01/1990') },
      { line: 3, column: 'data_nascimento', message: outOfRange('20/05/2990', '01/01/1900') },
      { line: 3, column: 'vencimento', message: outOfRange('0026-03-10', '01/01/1990') },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  describe('dates a line can hold: due from 1990 to 50 years ahead, born from 1900 to today', () => {
    const TODAY = '2026-11-25';
    function issuesOf(change: Partial<Cells>) {
      const validator = new PortfolioValidator(TODAY);
      expect(validator.header({ line: 1, fields: [...PORTFOLIO_COLUMNS] })).toBe(true);
      validator.row({
        line: 2,
        fields: PORTFOLIO_COLUMNS.map((column) => ({ ...CARLA, ...change })[column]),
      });
      return validator.issues;
    }

    it.each([
      ['vencimento', '01/01/1990'],
      ['vencimento', '1990-01-01'],
      ['vencimento', '25/11/2076'],
      ['data_nascimento', '01/01/1900'],
      ['data_nascimento', '25/11/2026'],
    ] as const)('accepts %s %s', (column, value) => {
      expect(issuesOf({ [column]: value })).toEqual([]);
    });

    it.each([
      // LibreOffice's date for an empty date cell (day 0), Excel's, and years mistyped.
      ['vencimento', '30/12/1899', '01/01/1990 a 25/11/2076'],
      ['vencimento', '01/01/1900', '01/01/1990 a 25/11/2076'],
      ['vencimento', '31/12/1989', '01/01/1990 a 25/11/2076'],
      ['vencimento', '10/03/0001', '01/01/1990 a 25/11/2076'],
      ['vencimento', '0025-03-10', '01/01/1990 a 25/11/2076'],
      ['vencimento', '26/11/2076', '01/01/1990 a 25/11/2076'],
      ['vencimento', '10/03/2205', '01/01/1990 a 25/11/2076'],
      ['data_nascimento', '31/12/1899', '01/01/1900 a 25/11/2026'],
      ['data_nascimento', '0001-01-01', '01/01/1900 a 25/11/2026'],
      ['data_nascimento', '26/11/2026', '01/01/1900 a 25/11/2026'],
    ] as const)('rejects %s %s', (column, value, range) => {
      expect(issuesOf({ [column]: value })).toEqual([
        { line: 2, column, message: `data fora do intervalo aceito '${value}' (de ${range})` },
      ]);
    });
  });

  describe('accepts the same values written another way', () => {
    beforeAll(async () => {
      const summary = await importOk(file([line(CARLA), line({ ...CARLA, parcela: '2', pago: 'S' })]));
      expect(summary.instalments.inserted).toBe(2);
    });

    const spellings: { name: string; change: Partial<Cells> }[] = [
      { name: 'CPF without mask', change: { cpf_cnpj: CARLA_CPF_KEY } },
      {
        name: 'alphanumeric CNPJ in lower case, without mask',
        change: { loja_cnpj: CARLA_STORE_KEY.toLowerCase() },
      },
      { name: 'ISO dates', change: { data_nascimento: '1990-05-20', vencimento: '2026-03-10' } },
      {
        name: 'amounts without thousands dot, one decimal, with R$',
        change: { valor: 'R$ 1234,5', saldo: '1000' },
      },
      { name: 'flags as 0/1 and lower case', change: { lancamento_futuro: '0', pago: 'n' } },
      { name: 'flags left empty', change: { lancamento_futuro: '', pago: '' } },
      { name: 'phone without mask', change: { telefone: '11988887777' } },
      { name: 'instalment number with a leading zero', change: { parcela: '01' } },
      { name: 'cells with spaces around', change: { nome: '  Carla Conceição Dias ', contrato: ' OV-1 ' } },
      {
        name: 'quoted cells',
        change: {
          nome: '"Carla Conceição Dias"',
          loja_fantasia: '"Ótica Visão"',
        },
      },
    ];

    it.each(spellings)('$name', async ({ change }) => {
      const before = await tableCounts();
      const { seconds: _seconds, ...summary } = await importOk(
        file([line({ ...CARLA, ...change }), line({ ...CARLA, ...change, parcela: '2', pago: 's' })]),
      );
      expect(summary).toEqual({
        rows: 2,
        persons: unchanged(1),
        stores: unchanged(1),
        storesLinked: 0,
        contracts: unchanged(1),
        instalments: unchanged(2),
      });
      expect(await tableCounts()).toEqual(before);
    });

    it('reads a doubled quote inside a quoted cell as one quote', async () => {
      const quoted = { ...CARLA, loja_razao_social: '"Ótica ""Visão""; Comércio Ltda."' };
      expect((await importOk(file([line(quoted)]))).stores).toEqual({ total: 1, inserted: 0, updated: 1 });
      expect((await storeByDocument(CARLA_STORE_KEY))!.legalName).toBe('Ótica "Visão"; Comércio Ltda.');
      expect((await importOk(file([line(CARLA)]))).stores.updated).toBe(1);
    });

    it('keeps a cell as written when text follows its closing quote', async () => {
      const quoted = { ...CARLA, loja_razao_social: '"Ótica" Visão Comércio Ltda.' };
      expect((await importOk(file([line(quoted)]))).stores).toEqual({ total: 1, inserted: 0, updated: 1 });
      expect((await storeByDocument(CARLA_STORE_KEY))!.legalName).toBe('"Ótica" Visão Comércio Ltda.');
      expect((await importOk(file([line(CARLA)]))).stores.updated).toBe(1);
    });

    it('the stored values are the normalised ones', async () => {
      expect(await personByDocument(CARLA_CPF_KEY)).toMatchObject({
        name: 'Carla Conceição Dias',
        birthDate: '1990-05-20',
        phone: '11988887777',
      });
      expect(await contractInstalments(CARLA_STORE_KEY, 'OV-1')).toEqual([
        {
          number: 1,
          dueDate: '2026-03-10',
          amountCents: 123450,
          balanceCents: 100000,
          futureEntry: false,
          paid: false,
        },
        {
          number: 2,
          dueDate: '2026-03-10',
          amountCents: 123450,
          balanceCents: 100000,
          futureEntry: false,
          paid: true,
        },
      ]);
    });
  });
});

describe('the header line', () => {
  const NOT_CSV =
    'o arquivo não é um CSV de texto: salve a planilha como CSV (separado por ";") e envie de novo';
  const withoutColumn = (column: PortfolioColumn) => PORTFOLIO_COLUMNS.filter((c) => c !== column).join(';');

  const cases: { name: string; text: string; messages: string[] }[] = [
    { name: 'an empty file', text: '', messages: ['arquivo vazio (falta a linha de cabeçalho)'] },
    {
      name: 'a file of blank lines',
      text: '\n\r\n;;;\n',
      messages: ['arquivo vazio (falta a linha de cabeçalho)'],
    },
    {
      name: 'a missing required column',
      text: `${withoutColumn('valor')}\n1;2;3\n`,
      messages: ["falta a coluna obrigatória 'valor'"],
    },
    { name: 'an unknown column', text: `${HEADER};juros\n`, messages: ["coluna desconhecida 'juros'"] },
    { name: 'a repeated column', text: `${HEADER};NOME\n`, messages: ["coluna repetida 'nome'"] },
    // What a spreadsheet or a document decodes to when sent instead of its CSV: one message, not a dozen columns.
    ...[
      ['a PDF', '%PDF-1.7\n%\ufffd\ufffd\n1 0 obj\n'],
      ['an .xlsx (a zip)', 'PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml'],
      ['a PNG', '\ufffdPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR'],
    ].map(([name, text]) => ({ name: name!, text: text!, messages: [NOT_CSV] })),
    // A spreadsheet saved as CSV in a comma locale, or copied as tab-separated text: the cause, not 11 problems.
    ...[
      [',', 'vírgula (,)'],
      ['\t', 'tabulação'],
    ].map(([separator, name]) => ({
      name: `a file separated by ${name}`,
      text: `${PORTFOLIO_COLUMNS.join(separator)}\n${PORTFOLIO_COLUMNS.map((c) => CARLA[c]).join(separator)}\n`,
      messages: [
        `o arquivo parece separado por ${name}, mas o portal lê as colunas separadas por ponto e vírgula (;): salve a planilha como CSV separado por ";" e envie de novo`,
      ],
    })),
    {
      name: 'a data line where the header should be',
      text: `${line(CARLA)}\n`,
      messages: [`coluna desconhecida '${CARLA_CPF}'`, "coluna desconhecida 'carla conceição dias'"],
    },
  ];

  it.each(cases)('rejects $name and writes nothing', async ({ text, messages }) => {
    const before = await tableCounts();
    const outcome = await importRejected(text);
    expect(outcome.rows).toBe(0);
    for (const message of messages) expect(outcome.issues).toContainEqual({ line: 1, message });
    expect(outcome.issues.every((issue) => issue.line === 1)).toBe(true);
    expect(await tableCounts()).toEqual(before);
  });

  it.each([
    [',', 'vírgula (,)'],
    ['\t', 'tabulação'],
  ])(
    'rejects lines separated by %j under a ";" header with one problem that names it',
    async (separator, name) => {
      const cells = PORTFOLIO_COLUMNS.map((c) => CARLA[c]);
      // A spreadsheet's comma CSV quotes a value holding a comma; the ';' reader sees one cell either way.
      const written = cells.map((cell) => (separator === ',' && cell.includes(',') ? `"${cell}"` : cell));
      const lines = [1, 2, 3].map((n) =>
        written.map((cell, i) => (i === 11 ? String(n) : cell)).join(separator),
      );
      const before = await tableCounts();
      const outcome = await importRejected(file(lines));
      expect(outcome.issues).toEqual([
        {
          line: 2,
          message: `o arquivo parece separado por ${name}, mas o portal lê as colunas separadas por ponto e vírgula (;): salve a planilha como CSV separado por ";" e envie de novo`,
        },
      ]);
      expect(outcome.issueCount).toBe(1);
      expect(await tableCounts()).toEqual(before);
    },
  );

  it('accepts the required columns only, in any order and case, with a BOM, CRLF and a trailing ";"', async () => {
    const required: PortfolioColumn[] = [
      'valor',
      'saldo',
      'parcela',
      'vencimento',
      'contrato',
      'loja_razao_social',
      'loja_fantasia',
      'loja_cnpj',
      'nome',
      'cpf_cnpj',
    ];
    const header = `\ufeff${required.map((c) => c.toUpperCase()).join(';')};`;
    const row = (parcela: string) =>
      `${required.map((c) => (c === 'parcela' ? parcela : CARLA[c])).join(';')};`;
    const { seconds: _seconds, ...summary } = await importOk([header, row('1'), row('2')].join('\r\n'));
    expect(summary).toEqual({
      rows: 2,
      persons: unchanged(1),
      stores: unchanged(1),
      storesLinked: 0,
      contracts: unchanged(1),
      instalments: { total: 2, inserted: 0, updated: 1 },
    });
    // pago is absent, so instalment 2 is no longer paid; the person keeps the stored phone.
    expect((await contractInstalments(CARLA_STORE_KEY, 'OV-1')).map((i) => i.paid)).toEqual([false, false]);
    expect((await personByDocument(CARLA_CPF_KEY))!.phone).toBe('11988887777');
  });

  it('accepts a header without lines (nothing to write)', async () => {
    const { seconds: _seconds, ...summary } = await importOk(`${HEADER}\n`);
    expect(summary).toEqual({
      rows: 0,
      persons: unchanged(0),
      stores: unchanged(0),
      storesLinked: 0,
      contracts: unchanged(0),
      instalments: unchanged(0),
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The command: its own database (a PGlite directory, or a scratch PostgreSQL database with TEST_DATABASE_URL),
// as `npm run import` opens the server's database rather than the test app's.

async function runCommand(argv: string[], env: Record<string, string>, options: { tty?: boolean } = {}) {
  const stdout = captureStream();
  const stderr = captureStream(options);
  const code = await runImportCommand(argv, { stdout: stdout.stream, stderr: stderr.stream, env });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('npm run import (runImportCommand)', () => {
  const USAGE = 'uso: npm run import -- <arquivo.csv> --partner <identificador ou emp_codigo>';
  let dir: string;
  let env: Record<string, string>;
  let dbOptions: DatabaseOptions;
  let dropScratch: (() => Promise<void>) | null = null;
  let example: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-import-'));
    example = join(dir, 'carteira.csv');
    writeFileSync(example, EXAMPLE);
    const scratch = await migratedCommandDatabase(dir);
    env = scratch.env;
    dbOptions = scratch.options;
    dropScratch = scratch.drop;
  });
  afterAll(async () => {
    await dropScratch?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function commandDbCounts() {
    const database = await openDatabase(dbOptions);
    try {
      const [p] = await database.db.select({ n: count() }).from(persons);
      const [i] = await database.db.select({ n: count() }).from(instalments);
      const [ps] = await database.db.select({ n: count() }).from(partnerStores);
      return { persons: p!.n, instalments: i!.n, partnerStores: ps!.n };
    } finally {
      await database.close();
    }
  }

  it.each([
    { name: 'no arguments', argv: [], message: `informe um arquivo\n${USAGE}\n` },
    { name: 'no --partner', argv: ['carteira.csv'], message: `${USAGE}\n` },
    {
      name: 'two files',
      argv: ['a.csv', 'b.csv', '--partner', 'demo'],
      message: `informe um arquivo\n${USAGE}\n`,
    },
  ])('usage error: $name', async ({ argv, message }) => {
    const result = await runCommand(argv, env);
    expect(result).toEqual({ code: 1, stdout: '', stderr: message });
  });

  it('usage error: an unknown option or --partner without a value', async () => {
    for (const argv of [
      ['carteira.csv', '--parceiro', 'demo'],
      ['carteira.csv', '--partner'],
    ]) {
      const result = await runCommand(argv, env);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^opção inválida: (--parceiro|-p, --partner <value>)\n/);
      expect(result.stderr.endsWith(`\n${USAGE}\n`)).toBe(true);
    }
  });

  it('a folder instead of a file', async () => {
    expect(await runCommand([dir, '--partner', 'demo'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: `não é um arquivo: ${dir}\n`,
    });
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'goes through the server that holds the embedded database (npm start), and takes over a stale lock',
    async () => {
      const lock = join(env.DATA_DIR!, 'portal.lock');
      mkdirSync(env.DATA_DIR!, { recursive: true });
      writeFileSync(lock, String(process.ppid));
      expect(await runCommand([example, '--partner', 'demo'], env)).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `o servidor (processo ${process.ppid}) está usando o banco embutido em ${env.DATA_DIR}: a importação vai por ele. ` +
          'Informe PORTAL_USUARIO e PORTAL_SENHA de um administrador do painel (docs/import.md) e importe de novo.\n',
      });
      // Through the server itself: import-admin.test.ts.
      // A pid no process has (the largest Linux allows is 2^22).
      writeFileSync(lock, String(2 ** 22 + 1));
      expect((await runCommand([example, '--partner', 'demo'], env)).stderr).toBe(
        'parceiro não encontrado: demo\n',
      );
      expect(existsSync(lock)).toBe(false);
    },
  );

  it('a file that does not exist', async () => {
    const missing = join(dir, 'nao-existe.csv');
    expect(await runCommand([missing, '--partner', 'demo'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: `arquivo não encontrado: ${missing}\n`,
    });
  });

  it('an unknown partner (the command does not seed the demo partner)', async () => {
    expect(await runCommand([example, '--partner', 'demo'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'parceiro não encontrado: demo\n',
    });
    expect(await runCommand([example, '-p', '4242'], env)).toMatchObject({
      code: 1,
      stderr: 'parceiro não encontrado: 4242\n',
    });
  });

  it('imports for a partner named by identifier, then by emp_codigo, and prints the summary', async () => {
    const database = await openDatabase(dbOptions);
    try {
      await database.db.insert(partners).values({
        identifier: 'carteira',
        name: 'Carteira',
        companyCode: 4242,
        style: { corPrimaria: '#0b5394', corSecundaria: '#ffffff' },
      });
    } finally {
      await database.close();
    }

    const first = await runCommand([example, '--partner', 'Carteira'], env);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(
      /^6 linhas em [\d,]+ s \([\d.]+ linhas\/s\) · pessoas 3 \(inclusões 3, alterações 0\) · lojas 2 \(inclusões 2, alterações 0\) · contratos 3 \(inclusões 3, alterações 0\) · parcelas 6 \(inclusões 6, alterações 0\) · lojas novas no parceiro 2 \(parceiro carteira\)\n$/,
    );

    // On a terminal a progress line is drawn on stderr and cleared before the summary.
    const again = await runCommand([example, '--partner', '4242'], env, { tty: true });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('parcelas 6 (inclusões 0, alterações 0) · lojas novas no parceiro 0');
    expect(again.stderr).toContain('6 linhas · ');
    expect(again.stderr).toContain('linhas/s');
    expect(again.stderr.endsWith(`\r${' '.repeat(119)}\r`)).toBe(true);
    expect(await commandDbCounts()).toEqual({ persons: 3, instalments: 6, partnerStores: 2 });
    // It starts the embedded database four times (the setup, two commands, the count): 35 s on a loaded CI machine.
  }, 120_000);

  it('prints the problems of a bad file with their lines, exits 1 and writes nothing', async () => {
    const bad = join(dir, 'ruim.csv');
    const lines = [
      line({ ...CARLA, parcela: '1', vencimento: '31/04/2026' }),
      ...Array.from({ length: 110 }, (_, k) => line({ ...CARLA, parcela: String(k + 2), valor: 'x' })),
    ];
    writeFileSync(bad, file(lines));
    const result = await runCommand([bad, '--partner', 'carteira'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const printed = result.stderr.split('\n');
    expect(printed[0]).toBe(
      "linha 2, coluna vencimento: data inválida '31/04/2026' (use dd/mm/aaaa ou aaaa-mm-dd)",
    );
    expect(printed[1]).toBe("linha 3, coluna valor: valor inválido 'x' (use 1234,56 ou 1.234,56)");
    expect(printed[ISSUES_LISTED - 1]).toMatch(/^linha 101, coluna valor: /);
    expect(printed.slice(ISSUES_LISTED)).toEqual([
      '… e mais 11 problemas',
      `111 problema(s) em ${bad}: nada foi gravado. Corrija o arquivo e importe de novo.`,
      '',
    ]);
    expect(await commandDbCounts()).toEqual({ persons: 3, instalments: 6, partnerStores: 2 });
  });
});
