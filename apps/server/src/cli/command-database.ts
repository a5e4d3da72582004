import { type Database, openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import type { Env } from '../env';
import { prepareDatabase } from '../prepare-database';

/**
 * The server's database for a command (DATABASE_URL, else PGlite in DATA_DIR), migrated as the server start does,
 * without the demo seed. When another live process holds the embedded database, the message to print instead,
 * ending with `retry` ('importe de novo').
 */
export async function openCommandDatabase(env: Env, retry: string): Promise<Database | string> {
  let database: Database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return `o banco embutido em ${env.DATA_DIR} está em uso pelo processo ${error.pid}: pare o servidor (npm start) e ${retry}`;
  }
  try {
    await prepareDatabase(database, { ...env, SEED_DEMO: 'off' });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
