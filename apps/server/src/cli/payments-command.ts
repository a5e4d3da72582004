import { loadEnv } from '../env';
import { AppError } from '../errors';
import { CNAB_COMMANDS } from './cnab-commands';
import { openCommandDatabase } from './command-database';
import type { CommandIo } from './command-io';
import { LIFECYCLE_COMMANDS } from './lifecycle-commands';
import type { PaymentsSubcommand } from './payments-subcommand';
import { PIX_COMMANDS } from './pix-commands';

// `npm run payments -- <subcommand> ...`: payment operations run from a terminal. Each area adds its subcommands to
// the table below from a file of its own (cnab-commands.ts, lifecycle-commands.ts, pix-commands.ts).

const SUBCOMMANDS: Readonly<Record<string, PaymentsSubcommand>> = {
  ...CNAB_COMMANDS,
  ...PIX_COMMANDS,
  ...LIFECYCLE_COMMANDS,
};

const usage = () =>
  Object.entries(SUBCOMMANDS)
    .map(([name, command]) => `uso: npm run payments -- ${name} ${command.usage}`.trimEnd())
    .join('\n');

/** Returns the exit code: 0 done, 1 nothing done (a refused input, the database busy), 2 usage. */
export async function runPaymentsCommand(argv: string[], io: CommandIo, now = new Date()): Promise<number> {
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
