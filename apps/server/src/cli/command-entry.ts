import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// What every `npm run <command>` entry does around its command: the server's settings, then the exit code.

/** Reads the repository's .env as `npm start` does: a command must land in the server's database. */
export function loadServerEnvFile(): void {
  const envFile = fileURLToPath(new URL('../../../../.env', import.meta.url));
  if (existsSync(envFile)) process.loadEnvFile(envFile);
}

/** Runs a command and exits with its code; an unexpected failure is printed after `prefix` and exits 1. */
export function runEntry(command: Promise<number>, prefix: string): void {
  command
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      process.stderr.write(`${prefix}: ${(error as Error).message}\n`);
      process.exitCode = 1;
    });
}
