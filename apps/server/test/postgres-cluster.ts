import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

// A PostgreSQL cluster of a test's own, made with the Debian binaries (/usr/lib/postgresql/<version>/bin): a temporary
// data directory on a free port, which the test stops and starts at will. PostgreSQL refuses to run as root, so as
// root its programs run as the `postgres` system user.

const binDir = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
})();

/** The user the cluster's programs run as: this process's own, or `postgres` when this process is root. */
const runAs = (() => {
  if (process.getuid?.() !== 0) return { argv: [] as string[], uid: null };
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return {
    argv: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--'],
    uid: { uid: Number(uid), gid: Number(gid) },
  };
})();

/** Why a cluster of its own cannot be made here, or null when it can. */
export const clusterUnavailable: string | null = !binDir
  ? 'no PostgreSQL server binaries (initdb) under /usr/lib/postgresql/*/bin'
  : !runAs
    ? 'running as root without a postgres system user to run PostgreSQL as'
    : null;

export interface PostgresCluster {
  /** Connection string of the cluster's `postgres` database (superuser `portal`, trust on the loopback). */
  url: string;
  start(): Promise<void>;
  /** Stops it: 'fast' rolls back and closes every session; 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it and removes its data directory. */
  destroy(): Promise<void>;
}

function command(program: string, args: string[]): string[] {
  return [...(runAs?.argv ?? []), join(binDir!, program), ...args];
}

export async function createPostgresCluster(): Promise<PostgresCluster> {
  if (clusterUnavailable) throw new Error(clusterUnavailable);
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  if (runAs?.uid) chownSync(dir, runAs.uid.uid, runAs.uid.gid);
  const data = join(dir, 'data');
  const [program, ...args] = command('initdb', [
    '-D',
    data,
    '-U',
    'portal',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const init = spawnSync(program!, args, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error}`);
  const port = await freePort();
  const url = `postgres://portal@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | null = null;

  async function accepting(): Promise<boolean> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  const cluster: PostgresCluster = {
    url,
    async start() {
      const [postgres, ...options] = command('postgres', [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=50',
      ]);
      const started = spawn(postgres!, options, { stdio: 'ignore' });
      server = started;
      for (let i = 0; i < 300; i++) {
        if (started.exitCode !== null) throw new Error(`postgres exited with ${started.exitCode}`);
        if (await accepting()) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('postgres did not start');
    },
    async stop(mode = 'fast') {
      const stopping = server;
      server = null;
      if (!stopping || stopping.exitCode !== null) return;
      // setpriv execs postgres in place: the child is the postmaster, which takes these signals.
      stopping.kill(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
      await new Promise((resolve) => stopping.once('exit', resolve));
    },
    async destroy() {
      await cluster.stop('immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
