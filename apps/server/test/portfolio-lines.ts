import { Readable } from 'node:stream';
import { formatBrDate } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { contracts, instalments, persons, stores } from '../src/db/schema';
import { importPortfolio } from '../src/services/import/import-portfolio';
import { PORTFOLIO_COLUMNS, type PortfolioColumn } from '../src/services/import/validate-portfolio';

export type PortfolioLine = Record<PortfolioColumn, string>;

const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The file line of a stored instalment as the creditor would send it again (unpaid), with `change` over it. */
export async function instalmentLine(
  database: Database,
  instalmentId: number,
  change: Partial<PortfolioLine> = {},
): Promise<PortfolioLine> {
  const [row] = await database.db
    .select({ instalment: instalments, contract: contracts, store: stores, person: persons })
    .from(instalments)
    .innerJoin(contracts, eq(contracts.id, instalments.contractId))
    .innerJoin(stores, eq(stores.id, contracts.storeId))
    .innerJoin(persons, eq(persons.id, contracts.personId))
    .where(eq(instalments.id, instalmentId));
  const { instalment, contract, store, person } = row!;
  return {
    cpf_cnpj: person.cpfCnpj,
    nome: person.name,
    data_nascimento: '',
    telefone: '',
    email: '',
    loja_cnpj: store.cpfCnpj,
    loja_fantasia: store.tradeName,
    loja_razao_social: store.legalName,
    contrato: contract.number,
    origem: '',
    referencia: '',
    parcela: String(instalment.number),
    vencimento: formatBrDate(instalment.dueDate),
    valor: money(instalment.amountCents),
    saldo: money(instalment.balanceCents),
    lancamento_futuro: instalment.futureEntry ? 'S' : 'N',
    pago: 'N',
    ...change,
  };
}

/** Imports a portfolio file of these lines for the partner; it must be accepted. */
export async function importLines(
  database: Database,
  partnerId: number,
  lines: PortfolioLine[],
): Promise<void> {
  const text = [
    PORTFOLIO_COLUMNS.join(';'),
    ...lines.map((l) => PORTFOLIO_COLUMNS.map((c) => l[c]).join(';')),
  ];
  const outcome = await importPortfolio(database, {
    input: Readable.from([Buffer.from(`${text.join('\n')}\n`)]),
    partnerId,
  });
  expect(outcome.ok).toBe(true);
}
