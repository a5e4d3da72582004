import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// PGlite has no lock of its own: two processes on one data directory (the server and `npm run import`) each keep
// their own view of it and the next start finds it corrupt. A lock file with the owner's pid keeps one at a time.

export class DataDirInUseError extends Error {
  constructor(
    dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or use DATABASE_URL with PostgreSQL)`,
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFile = (dataDir: string) => join(dataDir, 'portal.lock');

/** The live process, other than this one, that holds the lock of `dataDir`; null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  let owner: number;
  try {
    owner = Number(readFileSync(lockFile(dataDir), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return owner && owner !== process.pid && isRunning(owner) ? owner : null;
}

/** Takes the lock of `dataDir` (a stale lock of a dead process is taken over); returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir);
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirHolder(dataDir);
      if (owner) throw new DataDirInUseError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
}
