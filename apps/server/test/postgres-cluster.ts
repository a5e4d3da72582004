import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onFreePorts, untilListening } from './free-port';

// A PostgreSQL cluster of a test's own, made with the Debian binaries (/usr/lib/postgresql/<version>/bin): a temporary
// data directory on a free port, started, which the test stops and starts at will. PostgreSQL refuses to run as root, so as
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
  /** Starts it again on its port. */
  start(): Promise<void>;
  /** Stops it: 'fast' rolls back and closes every session; 'immediate' is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it and removes its data directory. */
  destroy(): Promise<void>;
}

function command(program: string, args: string[]): string[] {
  return [...(runAs?.argv ?? []), join(binDir!, program), ...args];
}

/** A new cluster, started. */
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
  let server: ChildProcess | null = null;
  const urlOf = (port: number) => `postgres://portal@127.0.0.1:${port}/postgres`;

  async function accepting(url: string): Promise<boolean> {
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

  async function startOn(port: number): Promise<void> {
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
    const started = spawn(postgres!, options, { stdio: ['ignore', 'ignore', 'pipe'] });
    server = started;
    await untilListening(started, port, {
      what: 'postgres',
      seconds: 30,
      ready: () => accepting(urlOf(port)),
    });
  }

  const port = await onFreePorts(1, async ([candidate]) => {
    await startOn(candidate!);
    return candidate!;
  });

  const cluster: PostgresCluster = {
    url: urlOf(port),
    start: () => startOn(port),
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
