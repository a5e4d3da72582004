import type { Writable } from 'node:stream';
import type { Database, Db } from '../db/client';
import { type Env, loadEnv } from '../env';
import { AppError } from '../errors';
import type { JobLog } from '../scheduler/scheduled-job';
import { CNAB_COMMANDS } from './cnab-commands';
import { openCommandDatabase } from './command-database';
import { LIFECYCLE_COMMANDS } from './lifecycle-commands';
import { PIX_COMMANDS } from './pix-commands';

// `npm run payments -- <subcommand> ...`: payment operations run from a terminal. Each area adds its subcommands to
// the table below from a file of its own (cnab-commands.ts, lifecycle-commands.ts, pix-commands.ts).

export interface PaymentsCommandIo {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

interface CommandContext {
  env: Env;
  io: PaymentsCommandIo;
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

const SUBCOMMANDS: Readonly<Record<string, PaymentsSubcommand>> = {
  ...CNAB_COMMANDS,
  ...PIX_COMMANDS,
  ...LIFECYCLE_COMMANDS,
};

const usage = () =>
  Object.entries(SUBCOMMANDS)
    .map(([name, command]) => `uso: npm run payments -- ${name} ${command.usage}`.trimEnd())
    .join('\n');

/** A job log written as lines on the command's stderr. */
export const lineLog = (io: PaymentsCommandIo): JobLog => {
  const write = (level: string) => (fields: object, message: string) =>
    io.stderr.write(`${level}: ${message} ${JSON.stringify(fields)}\n`);
  return { info: write('info'), warn: write('aviso'), error: write('erro') };
};

/** Returns the exit code: 0 done, 1 nothing done (a refused input, the database busy), 2 usage. */
export async function runPaymentsCommand(
  argv: string[],
  io: PaymentsCommandIo,
  now = new Date(),
): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : SUBCOMMANDS[name];
  if (!command) {
    io.stderr.write(`${usage()}\n`);
    return 2;
  }
  const env = loadEnv(io.env);
  try {
    if (command.target === 'server') return await command.run(args, { env, io, now });
    const database = await openCommandDatabase(env, 'tente de novo');
    if (typeof database === 'string') {
      io.stderr.write(`${database}\n`);
      return 1;
    }
    try {
      return await command.run(args, { database, db: database.db, env, io, now });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
}
