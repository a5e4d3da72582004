// Entry of `npm run import`; see import-command.ts and docs/import.md.
import { runImportCommand } from './import-command';
import { runCli } from './run-cli';

runCli(runImportCommand, 'erro na importação');
