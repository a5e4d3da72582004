import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors';

const NEWLINE = 0x0a;

export interface StoredUpload {
  bytes: number;
  /** Data lines: the file's lines less the header (a line break inside quotes counts, as in the error line numbers). */
  dataLines: number;
}

/**
 * Writes an uploaded file to `path` as it arrives (never whole in memory), readable by this process's user only,
 * counting its bytes and lines; over `maxBytes` the upload stops, the partial file is removed and the answer is
 * IMPORT_TOO_LARGE.
 */
export async function storeUpload(body: Readable, path: string, maxBytes: number): Promise<StoredUpload> {
  let bytes = 0;
  let newlines = 0;
  let last = NEWLINE;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new AppError('IMPORT_TOO_LARGE'));
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) newlines++;
      if (chunk.length > 0) last = chunk[chunk.length - 1]!;
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  const lines = newlines + (last === NEWLINE ? 0 : 1);
  return { bytes, dataLines: Math.max(0, lines - 1) };
}
