// Entry of `npm run staff`; see staff-command.ts and the README ("Back office").
import { loadServerEnvFile, runEntry } from './command-entry';
import { runStaffCommand } from './staff-command';

loadServerEnvFile();
runEntry(
  runStaffCommand(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }),
  'erro',
);
