// Entry of `npm run payments`; see payments-command.ts and the README ("Pagar o PIX de demonstração").
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPaymentsCommand } from './payments-command';

// Same settings as `npm start`, which reads the repository's .env.
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
