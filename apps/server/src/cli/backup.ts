// Entry of `npm run backup` and `npm run restore`; see backup-command.ts and the README ("Backups").
import { runBackupCommand } from './backup-command';
import { loadServerEnvFile, runEntry } from './command-entry';

loadServerEnvFile();
runEntry(
  runBackupCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }),
  'erro',
);
