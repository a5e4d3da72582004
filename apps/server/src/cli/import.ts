// Entry of `npm run import`; see import-command.ts and docs/import.md.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runImportCommand } from './import-command';

// Same settings as `npm start`, which reads the repository's .env: the import must reach the server's database.
const envFile = fileURLToPath(new URL('../../../../.env', import.meta.url));
if (existsSync(envFile)) process.loadEnvFile(envFile);

runImportCommand(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env })
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`erro na importação: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
