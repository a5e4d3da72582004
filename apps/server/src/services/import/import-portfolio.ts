import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import { inImportTransaction } from '../../repositories/import-transaction';
import {
  contractsLeavingTheirAgreement,
  type LoadCounts,
  loadStaged,
  type PortfolioRow,
  PortfolioStaging,
} from '../../repositories/portfolio-repository';
import { readCsvRecords } from './read-csv-records';
import { type ImportIssue, PortfolioValidator } from './validate-portfolio';

export interface ImportProgress {
  /** reading: validating and staging lines; writing: writing the tables (no per-row progress). */
  phase: 'reading' | 'writing';
  /** Data lines read so far (the header and blank lines do not count). */
  rows: number;
}

export interface ImportSummary extends LoadCounts {
  rows: number;
  seconds: number;
}

export type ImportOutcome =
  | { ok: true; summary: ImportSummary }
  /** Nothing was written. `issues` lists the first problems, `issueCount` counts them all. */
  | { ok: false; rows: number; issues: ImportIssue[]; issueCount: number };

export interface ImportPortfolioInput {
  /** The CSV file (docs/import.md), as bytes. */
  input: Readable;
  /** The partner whose portal will show these debts: the file's stores are linked to it. */
  partnerId: number;
  onProgress?: (progress: ImportProgress) => void;
}

/**
 * Imports a portfolio file all or nothing, in one transaction: every line is validated while the valid ones are
 * staged, and the tables are written only when no line had a problem; otherwise the transaction is rolled back and
 * the problems are returned with their line numbers.
 */
export async function importPortfolio(
  database: Database,
  options: ImportPortfolioInput,
): Promise<ImportOutcome> {
  const started = performance.now();
  const validator = new PortfolioValidator();
  return inImportTransaction<ImportOutcome>(database, async (tx) => {
    const staging = await PortfolioStaging.create(tx);
    let rows = 0;
    let headerSeen = false;
    reading: for await (const batch of readCsvRecords(options.input)) {
      const valid: PortfolioRow[] = [];
      for (const record of batch) {
        if (!headerSeen) {
          headerSeen = true;
          // Without a usable header no column can be told from another: there is nothing more to check.
          if (!validator.header(record)) break reading;
          continue;
        }
        rows++;
        const row = validator.row(record);
        // After the first bad line nothing will be written; the rest is only validated, so every problem is listed.
        if (row && !validator.hasIssues) valid.push(row);
      }
      if (!validator.hasIssues) await staging.add(valid);
      options.onProgress?.({ phase: 'reading', rows });
    }
    if (!headerSeen) validator.emptyFile();
    validator.finish();
    await staging.finish(!validator.hasIssues);
    const rejected = () => {
      const { issues, issueCount } = validator;
      return { commit: false, result: { ok: false as const, rows, issues, issueCount } };
    };
    if (validator.hasIssues) return rejected();
    options.onProgress?.({ phase: 'writing', rows });
    const counts = await loadStaged(tx, options.partnerId, rows);
    // Checked once the file is written: a contract it took from its agreement's person rolls it all back (decision 094).
    validator.contractsUnderAgreement(await contractsLeavingTheirAgreement(tx));
    if (validator.hasIssues) return rejected();
    const seconds = (performance.now() - started) / 1000;
    return { commit: true, result: { ok: true, summary: { rows, seconds, ...counts } } };
  });
}
