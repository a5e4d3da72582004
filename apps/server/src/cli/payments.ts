// Entry of `npm run payments`; see payments-command.ts and the README ("Pagar o PIX de demonstração").
import { runPaymentsCommand } from './payments-command';
import { runCli } from './run-cli';

runCli(runPaymentsCommand);
