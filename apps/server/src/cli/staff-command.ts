import type { Readable, Writable } from 'node:stream';
import { loadEnv } from '../env';
import { AppError } from '../errors';
import { createStaffUser } from '../services/staff/create-staff-user';
import { openCommandDatabase } from './command-database';

// `npm run staff -- create <usuário>`: creates a back-office user in the server's database. The password is asked
// on the terminal without echo (twice), or read from the first line of standard input when it is not a terminal
// (scripts, tests). It is never printed nor taken from the command line, where the shell history would keep it.

const USAGE = 'uso: npm run staff -- create <usuário>';

export interface StaffCommandIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

/** Reads one line typed on the terminal without showing it. Null when the person gives up (Ctrl+C, Ctrl+D). */
function askHidden(io: StaffCommandIo, prompt: string): Promise<string | null> {
  const { stdin } = io;
  io.stderr.write(prompt);
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(typed);
        if (char === '\u0003' || char === '\u0004') return finish(null);
        if (char === '\u007f' || char === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** The first line of a piped standard input (without its line break). */
async function firstLine(stdin: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(io: StaffCommandIo): Promise<string | null> {
  if (!io.stdin.isTTY) return firstLine(io.stdin);
  const password = await askHidden(io, 'Senha: ');
  if (password === null) return null;
  const again = await askHidden(io, 'Confirme a senha: ');
  if (again === null) return null;
  if (again !== password) {
    io.stderr.write('As senhas não conferem.\n');
    return null;
  }
  return password;
}

/** Returns the exit code: 0 created, 1 nothing done. */
export async function runStaffCommand(argv: string[], io: StaffCommandIo): Promise<number> {
  const fail = (message: string): number => {
    io.stderr.write(`${message}\n`);
    return 1;
  };
  const [verb, username, ...rest] = argv;
  if (verb !== 'create' || !username || rest.length > 0) return fail(USAGE);
  const password = await readPassword(io);
  if (password === null) return fail('nenhum usuário foi criado');

  const database = await openCommandDatabase(loadEnv(io.env), 'tente de novo');
  if (typeof database === 'string') return fail(database);
  try {
    const user = await createStaffUser(database.db, { username, password });
    io.stdout.write(`usuário ${user.username} criado (id ${user.id})\n`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) return fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}
