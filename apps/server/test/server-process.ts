import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** The server as `npm start` runs it (src/server.ts), a process of its own: this environment with `env` over it. */
export function spawnServer(
  env: Record<string, string | undefined>,
  stdio: StdioOptions = ['ignore', 'ignore', 'inherit'],
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { ...process.env, ...env }, stdio });
}

/** Ends a server process started by spawnServer (SIGTERM: it closes and exits) and waits for it. */
export async function stopServer(server: ChildProcess | null | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
