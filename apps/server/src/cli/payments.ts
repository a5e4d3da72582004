// Entry of `npm run payments`; see payments-command.ts and the README ("Scheduled jobs").
import { runAsMain } from './command-main';
import { runPaymentsCommand } from './payments-command';

runAsMain(() =>
  runPaymentsCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }),
);
