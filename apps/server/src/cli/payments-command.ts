import type { Writable } from 'node:stream';
import type { Db } from '../db/client';
import { type Env, loadEnv } from '../env';
import { AppError } from '../errors';
import { CNAB_COMMANDS } from './cnab-commands';
import { openCommandDatabase } from './command-database';

// `npm run payments -- <subcommand> ...`: payment operations run from a terminal against the server's database.
// Each area adds its subcommands to the table below from a file of its own (CNAB: cnab-commands.ts).

export interface PaymentsCommandIo {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

export interface PaymentsSubcommand {
  /** The arguments after the subcommand's name, as `uso:` shows them. */
  usage: string;
  /** Runs with the database open; returns the exit code. */
  run(args: string[], context: { db: Db; env: Env; io: PaymentsCommandIo; now: Date }): Promise<number>;
}

const SUBCOMMANDS: Readonly<Record<string, PaymentsSubcommand>> = { ...CNAB_COMMANDS };

const usage = () =>
  Object.entries(SUBCOMMANDS)
    .map(([name, command]) => `uso: npm run payments -- ${name} ${command.usage}`.trimEnd())
    .join('\n');

/** Returns the exit code: 0 done, 1 nothing done (usage, a refused input, the database busy). */
export async function runPaymentsCommand(
  argv: string[],
  io: PaymentsCommandIo,
  now = new Date(),
): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : SUBCOMMANDS[name];
  if (!command) {
    io.stderr.write(`${usage()}\n`);
    return 1;
  }
  const env = loadEnv(io.env);
  const database = await openCommandDatabase(env, 'tente de novo');
  if (typeof database === 'string') {
    io.stderr.write(`${database}\n`);
    return 1;
  }
  try {
    return await command.run(args, { db: database.db, env, io, now });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}
