import type { Database, Db } from '../db/client';
import type { Env } from '../env';
import type { JobLog } from '../scheduler/scheduled-job';
import type { CommandIo } from './command-io';

// What every `npm run payments` subcommand is and gets (payments-command.ts holds the table of them).

interface CommandContext {
  env: Env;
  io: CommandIo;
  now: Date;
}

/**
 * A subcommand: by default it runs on the server's database; a 'server' one asks the running server (the local PSP's
 * demo payment) and opens no database, which that server holds.
 */
export type PaymentsSubcommand = {
  /** The arguments after the subcommand's name, as `uso:` shows them. */
  usage: string;
} & (
  | {
      target?: 'database';
      run(args: string[], context: CommandContext & { database: Database; db: Db }): Promise<number>;
    }
  | { target: 'server'; run(args: string[], context: CommandContext): Promise<number> }
);

/** A job log written as lines on the command's stderr. */
export const lineLog = (io: CommandIo): JobLog => {
  const write = (level: string) => (fields: object, message: string) =>
    io.stderr.write(`${level}: ${message} ${JSON.stringify(fields)}\n`);
  return { info: write('info'), warn: write('aviso'), error: write('erro') };
};
