// Entry of `npm run staff`; see staff-command.ts and the README ("Back office").
import { runAsMain } from './command-main';
import { runStaffCommand } from './staff-command';

runAsMain(() =>
  runStaffCommand(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }),
);
