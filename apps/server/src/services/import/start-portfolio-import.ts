import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { IMPORT_MAX_MEGABYTES, type ImportRunAnswer } from '@portal/domain';
import type { Database, Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  failAbandonedImportRuns,
  findImportPartner,
  finishImportRun,
  type ImportRunEnd,
  type ImportRunRow,
  insertImportRun,
} from '../../repositories/import-run-repository';
import { withTransaction } from '../../repositories/transaction';
import { type AuditTrail, recordStaffAction } from '../audit/record-staff-action';
import { importPortfolio } from './import-portfolio';
import { importRunAnswer, type LiveImport } from './import-run-answer';
import { storeUpload } from './store-upload';

// A portfolio import run by the server (issue 18 item 2; decision 028): the upload is stored on disk as it arrives,
// a run row and its audit row are written, and the import runs in the background, all or nothing as from the CLI.
// One at a time: a second upload while one runs is refused (IMPORT_RUNNING), on every process sharing the database.

export const IMPORT_MAX_BYTES = IMPORT_MAX_MEGABYTES * 1024 * 1024;
const IMPORT_LOCK = 'portfolio-import';
/** Progress reports are handed on at most this often (the import reports every 1,000 lines). */
const REPORT_MS = 250;

export interface ImportDeps {
  database: Database;
  /** Where uploads wait while they are imported (removed after the run). */
  uploadDir: string;
}

export interface ImportUpload {
  body: Readable;
  fileName: string;
  partnerId: number;
}

export interface StartedImport {
  run: ImportRunAnswer;
  /** Settles with the run as it ended (never rejects: a failure is a failed run). */
  finished: Promise<ImportRunAnswer>;
}

// The runs of this process, by database: their progress is in memory (on the embedded database a query cannot run
// while the import's transaction is open).
const liveRuns = new WeakMap<Db, Map<number, { row: ImportRunRow; live: LiveImport }>>();

/** A run of this process as it is now, or undefined when it is not running here. */
export function liveImportRun(db: Db, id: number): ImportRunAnswer | undefined {
  const entry = liveRuns.get(db)?.get(id);
  return entry && importRunAnswer(entry.row, entry.live);
}

/**
 * The import lock until the returned release is called; null when another holder has it. The release resolves once
 * the lock is free: on PostgreSQL the unlock is a round trip, and a run must not answer that it ended before another
 * upload can take the lock.
 */
function holdImportLock(database: Database): Promise<(() => Promise<void>) | null> {
  return new Promise((resolve, reject) => {
    let endWork!: () => void;
    const workEnded = new Promise<void>((done) => {
      endWork = done;
    });
    // The embedded database runs `work` at once, before withAdvisoryLock returns.
    let held: Promise<unknown> = Promise.resolve();
    const release = async () => {
      endWork();
      await held.catch(() => {});
    };
    const locking = database.withAdvisoryLock(IMPORT_LOCK, async () => {
      resolve(release);
      await workEnded;
    });
    held = locking;
    locking.then((got) => {
      if (!got) resolve(null);
    }, reject);
  });
}

/**
 * Stores the upload, opens its run (with the staff member's audit row) and starts the import; `onUpdate` gets the
 * run as it progresses (at most every REPORT_MS) and as it ends.
 */
export async function startPortfolioImport(
  deps: ImportDeps,
  trail: AuditTrail,
  upload: ImportUpload,
  onUpdate: (run: ImportRunAnswer) => void = () => {},
): Promise<StartedImport> {
  const { db } = deps.database;
  const partner = await findImportPartner(db, upload.partnerId);
  if (!partner) throw new AppError('IMPORT_PARTNER_NOT_FOUND');
  // Decision 014: an archived partner's portal is off; debts imported for it would be offered nowhere.
  if (partner.archived) throw new AppError('IMPORT_PARTNER_ARCHIVED');
  const partnerName = partner.name;
  const release = await holdImportLock(deps.database);
  if (!release) throw new AppError('IMPORT_RUNNING');
  const path = join(deps.uploadDir, `${randomUUID()}.csv`);
  let row: ImportRunRow;
  try {
    await failAbandonedImportRuns(db);
    await mkdir(deps.uploadDir, { recursive: true, mode: 0o700 });
    const stored = await storeUpload(upload.body, path, IMPORT_MAX_BYTES);
    const opened = {
      partnerId: upload.partnerId,
      fileName: upload.fileName,
      fileBytes: stored.bytes,
      totalRows: stored.dataLines,
      staffUserId: trail.staff.userId,
      username: trail.staff.username,
    };
    const id = await withTransaction(db, async (tx) => {
      const runId = await insertImportRun(tx, opened);
      await recordStaffAction(tx, trail, {
        entity: 'import_run',
        entityId: runId,
        after: { parceiro: upload.partnerId, arquivo: upload.fileName, bytes: stored.bytes },
      });
      return runId;
    });
    row = {
      ...opened,
      id,
      partnerName,
      status: 'running',
      rows: 0,
      counts: null,
      issues: null,
      issueCount: 0,
      error: null,
      seconds: null,
      startedAt: new Date(),
      finishedAt: null,
    };
  } catch (error) {
    await rm(path, { force: true });
    await release();
    throw error;
  }

  const live: LiveImport = { phase: 'reading', rows: 0, started: performance.now() };
  const runs = liveRuns.get(db) ?? new Map();
  liveRuns.set(db, runs);
  runs.set(row.id, { row, live });
  let reported = 0;
  const report = (force: boolean) => {
    const now = performance.now();
    if (!force && now - reported < REPORT_MS) return;
    reported = now;
    onUpdate(importRunAnswer(row, live));
  };

  const finished = (async (): Promise<ImportRunAnswer> => {
    let end: ImportRunEnd;
    try {
      const outcome = await importPortfolio(deps.database, {
        input: createReadStream(path, { highWaterMark: 1024 * 1024 }),
        partnerId: row.partnerId,
        onProgress: (progress) => {
          live.rows = progress.rows;
          const writing = progress.phase === 'writing' && live.phase !== 'writing';
          live.phase = progress.phase;
          report(writing);
        },
      });
      const seconds = (performance.now() - live.started) / 1000;
      if (outcome.ok) {
        const { rows, persons, stores, contracts, instalments, storesLinked } = outcome.summary;
        end = {
          status: 'done',
          rows,
          counts: { persons, stores, contracts, instalments, storesLinked },
          seconds,
        };
      } else {
        end = {
          status: 'rejected',
          rows: outcome.rows,
          issues: outcome.issues,
          issueCount: outcome.issueCount,
          seconds,
        };
      }
    } catch (error) {
      end = {
        status: 'failed',
        rows: live.rows,
        error: (error as Error).message,
        seconds: (performance.now() - live.started) / 1000,
      };
    }
    Object.assign(row, end, { finishedAt: new Date() });
    try {
      await finishImportRun(db, row.id, end);
    } catch {
      // The database is out of reach: the row stays 'running' until the next import closes it as abandoned.
    } finally {
      runs.delete(row.id);
      await rm(path, { force: true });
      await release();
    }
    const answer = importRunAnswer(row);
    onUpdate(answer);
    return answer;
  })();
  // The first report: the run as opened, before any line is read.
  report(true);
  return { run: importRunAnswer(row, live), finished };
}
