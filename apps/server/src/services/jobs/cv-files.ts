import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// Job-form CVs on disk (spec 002 §2; GUIDE "uploads ... served as attachments"): in a folder of DATA_DIR that no
// static route serves, named by a random key, never by anything the client sent.

const KEY = /^[0-9a-f]{32}$/;
const FILE_NAME = /^([0-9a-f]{32})\.pdf$/;

/** The CVs' folder under DATA_DIR. */
export function cvDirOf(dataDir: string): string {
  return resolve(dataDir, 'uploads', 'curriculos');
}

function pathOf(dir: string, key: string): string {
  // The key comes from our own row, but a path is only ever built from the expected shape.
  if (!KEY.test(key)) throw new Error('invalid CV key');
  return join(dir, `${key}.pdf`);
}

/** Stores the PDF under a new random key (owner-only permissions) and returns the key. */
export async function saveCv(dir: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(16).toString('hex');
  await writeFile(pathOf(dir, key), bytes, { flag: 'wx', mode: 0o600 });
  return key;
}

export function readCv(dir: string, key: string): Promise<Buffer> {
  return readFile(pathOf(dir, key));
}

/** Removes a CV whose row was never written (the insert failed) or is gone, so no orphan file stays. */
export async function removeCv(dir: string, key: string): Promise<void> {
  await unlink(pathOf(dir, key)).catch(() => undefined);
}

/** The CV files in the folder (only names a CV is written under), with when each was last written. */
export async function listCvFiles(dir: string): Promise<{ key: string; modifiedAt: Date }[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: { key: string; modifiedAt: Date }[] = [];
  for (const name of names) {
    const key = FILE_NAME.exec(name)?.[1];
    if (!key) continue;
    // A file removed meanwhile (its application erased) is no longer there to judge.
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (info?.isFile()) files.push({ key, modifiedAt: info.mtime });
  }
  return files;
}
