// Entry of `npm run import`; see import-command.ts and docs/import.md.
import { loadServerEnvFile, runEntry } from './command-entry';
import { runImportCommand } from './import-command';

loadServerEnvFile();
runEntry(
  runImportCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }),
  'erro na importação',
);
