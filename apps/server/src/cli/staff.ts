// Entry of `npm run staff`; see staff-command.ts and the README ("Back office").

import { runCli } from './run-cli';
import { runStaffCommand } from './staff-command';

runCli(runStaffCommand);
