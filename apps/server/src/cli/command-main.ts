import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Runs a command as the process's main: first the repository's .env, the same settings as `npm start`, so the command
 * lands in the server's database; then its answer as the exit code, or an error as one line.
 */
export function runAsMain(run: () => Promise<number>): void {
  const envFile = fileURLToPath(new URL('../../../../.env', import.meta.url));
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  run()
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      process.stderr.write(`erro: ${(error as Error).message}\n`);
      process.exitCode = 1;
    });
}
