import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CliIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

/**
 * Runs an `npm run <command>` entry with the same settings as `npm start`, which reads the repository's .env (a
 * command must reach the server's database and port); its answer is the exit code, an error a one-line message.
 */
export function runCli(command: (args: string[], io: CliIo) => Promise<number>, errorPrefix = 'erro'): void {
  const envFile = fileURLToPath(new URL('../../../../.env', import.meta.url));
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
  command(process.argv.slice(2), io)
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      process.stderr.write(`${errorPrefix}: ${(error as Error).message}\n`);
      process.exitCode = 1;
    });
}
