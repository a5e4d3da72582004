// Entry of `npm run payments`; see payments-command.ts and the README ("Pagar o boleto de demonstração", "Scheduled jobs").
import { loadServerEnvFile, runEntry } from './command-entry';
import { runPaymentsCommand } from './payments-command';

loadServerEnvFile();
runEntry(
  runPaymentsCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }),
  'erro',
);
