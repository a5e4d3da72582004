import type { Db } from '../db/client';
import type { CardGateway } from '../integrations/card-gateway/card-gateway';
import type { PaymentProviders } from '../integrations/payments/payment-provider';
import type { PixGateway } from '../integrations/payments/pix-api/cobv-provider';

// What a scheduled job is (GUIDE "jobs"): a name, when it runs, and its work. jobs.ts lists them.

/** The part of a pino/Fastify logger the jobs use (the CLI passes its own). */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JobContext {
  db: Db;
  /** The Brasília business date the run is for: today, or a missed date being caught up. */
  date: string;
  now: Date;
  providers: PaymentProviders;
  /** How PIX reconciliation reaches each store's PSP. */
  pix: PixReconciliation;
  /** The card gateway, or null where there is none (no card payments). */
  cardGateway: CardGateway | null;
  log: JobLog;
  /** The folder of the job form's CVs (DATA_DIR/uploads/curriculos). */
  cvDir: string;
  /** Where this job's last run (on any process) stopped short and asked to go on from; null when it finished. */
  resumeAt: unknown;
  /** A run that stops short (at its time limit) says where the next goes on: JSON, kept with the run. */
  stopAt(resumeAt: unknown): void;
}

export interface PixReconciliation {
  gatewayFor(storeId: number): Promise<PixGateway>;
  /** An open charge issued longer ago than this is asked about even before its due date. */
  afterMinutes: number;
}

export interface ScheduledJob {
  /** Names the job's advisory lock and its scheduled_job_runs row: never rename a job in use. */
  name: string;
  /**
   * 'daily': once per Brasília date, every date missed while no process ran it caught up in order; or every
   * `everyMs` milliseconds (for the date of the run).
   */
  schedule: 'daily' | { everyMs: number };
  /** The work, idempotent: a run repeated after a crash before it was recorded changes nothing more. */
  run(context: JobContext): Promise<void>;
}
