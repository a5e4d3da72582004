// Entry of `npm run payments -- <command>`: the payment commands (README "Scheduled jobs").
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CommandIo, lifecycleCommands } from './lifecycle-commands';

const COMMANDS = [...lifecycleCommands];

/** Runs the named command; 2 with the usage for an unknown one. */
export async function runPaymentsCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const command = COMMANDS.find((c) => c.name === args[0]);
  if (!command) {
    io.stderr.write(
      `uso: npm run payments -- <comando>\n${COMMANDS.map((c) => `  ${c.usage}`).join('\n')}\n`,
    );
    return 2;
  }
  return command.run(args.slice(1), io);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Same settings as `npm start`, which reads the repository's .env: the commands land in the server's database.
  const envFile = fileURLToPath(new URL('../../../../.env', import.meta.url));
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  runPaymentsCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      process.stderr.write(`erro: ${(error as Error).message}\n`);
      process.exitCode = 1;
    });
}
