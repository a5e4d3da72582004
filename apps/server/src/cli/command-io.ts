import type { Writable } from 'node:stream';

/** What a CLI command writes to and reads its settings from: the process's, or a test's. */
export interface CommandIo {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}
