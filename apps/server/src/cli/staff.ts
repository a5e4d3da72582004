// Entry of `npm run staff`; see staff-command.ts and the README ("Back office").
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runStaffCommand } from './staff-command';

// Same settings as `npm start`, which reads the repository's .env: the user must land in the server's database.
const envFile = fileURLToPath(new URL('../../../../.env', import.meta.url));
if (existsSync(envFile)) process.loadEnvFile(envFile);

runStaffCommand(process.argv.slice(2), {
  stdin: process.stdin,
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
