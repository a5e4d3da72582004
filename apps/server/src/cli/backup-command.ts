import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  backupKindOf,
  dumpPglite,
  dumpPostgres,
  isEmptyDirectory,
  loadPglite,
  postgresTableCount,
  restorePostgres,
} from '../db/backup';
import { DataDirInUseError } from '../db/data-dir-lock';
import { loadEnv } from '../env';
import type { CommandIo } from './command-io';

// `npm run backup -- <arquivo>` and `npm run restore -- <arquivo>` (README "Backups", decision 036): the server's
// database as its settings say (DATABASE_URL, else PGlite in DATA_DIR). A backup never overwrites a file; a restore
// only fills an empty database, so neither can destroy data by a slip of the finger.

const USAGE = 'uso: npm run backup -- <arquivo>  |  npm run restore -- <arquivo>';

/** Returns the exit code: 0 done, 1 nothing done. */
export async function runBackupCommand(argv: string[], io: CommandIo): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(`${message}\n`);
    return 1;
  };
  const [verb, target, ...rest] = argv;
  if ((verb !== 'backup' && verb !== 'restore') || !target || rest.length > 0) return fail(USAGE);
  const file = resolve(target);
  const env = loadEnv(io.env);
  try {
    if (verb === 'backup') {
      if (existsSync(file))
        return fail(`${file} já existe: escolha outro nome (uma cópia nunca sobrescreve outra)`);
      // Written beside the target and renamed when complete: a failed run leaves no half file under its name.
      const partial = `${file}.parcial`;
      try {
        // People's data: readable by its owner only (pg_dump writes into the file as it finds it).
        writeFileSync(partial, '', { mode: 0o600 });
        if (env.DATABASE_URL) await dumpPostgres(env.DATABASE_URL, partial);
        else writeFileSync(partial, await dumpPglite(env.DATA_DIR));
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
      io.stdout.write(`cópia de segurança gravada em ${file} (${statSync(file).size} bytes)\n`);
      return 0;
    }
    if (!existsSync(file)) return fail(`${file} não existe`);
    const kind = backupKindOf(file);
    if (env.DATABASE_URL) {
      if (kind !== 'postgres')
        return fail(`${file} não é uma cópia de PostgreSQL (npm run backup com DATABASE_URL)`);
      if ((await postgresTableCount(env.DATABASE_URL)) > 0)
        return fail(
          'o banco de DATABASE_URL não está vazio: restaure num banco novo (createdb) e aponte para ele',
        );
      await restorePostgres(env.DATABASE_URL, file);
    } else {
      if (kind !== 'pglite')
        return fail(`${file} não é uma cópia do banco embutido (npm run backup sem DATABASE_URL)`);
      if (!isEmptyDirectory(env.DATA_DIR))
        return fail(`${env.DATA_DIR} não está vazio: restaure numa pasta nova (DATA_DIR) e aponte para ela`);
      await loadPglite(env.DATA_DIR, readFileSync(file));
    }
    io.stdout.write(`cópia ${file} restaurada\n`);
    return 0;
  } catch (error) {
    if (error instanceof DataDirInUseError)
      return fail(
        `o banco embutido em ${env.DATA_DIR} está em uso pelo processo ${error.pid}: pare o servidor (npm start) e copie de novo`,
      );
    throw error;
  }
}
