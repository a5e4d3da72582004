import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onFreePorts, untilListening } from './free-port';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** What it wrote so far: its stdout, then its stderr. */
  output(): string;
}

/** Whether the server on `port` answers 200 on /readyz. */
const answersReady = (port: number) =>
  new Promise<boolean>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });

/**
 * The server as `npm start` runs it (src/server.ts), a process of its own on a free port, once `ready(port)`
 * (default: /readyz answers 200). `env()` is its environment over this one, made anew for each start (a start on
 * a port taken meanwhile is made again on another). Its stderr is shown as well as kept. DATA_DIR is a folder of
 * its own unless `env()` names one: the default (./data) is a developer's server's, whose CV files the scheduled
 * jobs would judge against the test's database.
 */
export function startServer(
  env: () => Record<string, string | undefined>,
  options: { seconds: number; ready?: (port: number) => Promise<boolean> },
): Promise<ServerProcess> {
  return onFreePorts(1, async ([port]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        DATA_DIR: join(tmpdir(), `portal-server-${process.pid}-${port}`),
        ...env(),
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    const ready = options.ready ?? answersReady;
    await untilListening(child, port!, {
      what: 'the server',
      seconds: options.seconds,
      ready: () => ready(port!),
    });
    return { child, port: port!, output: () => stdout + stderr };
  });
}

/** Ends a server process started by startServer (SIGTERM: it closes and exits) and waits for it. */
export async function stopServer(server: ServerProcess | null | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
