import { Writable } from 'node:stream';

/** A writable that keeps what a command writes (its stdout or stderr), optionally looking like a terminal. */
export function captureStream(options: { tty?: boolean } = {}) {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  if (options.tty) Object.assign(stream, { isTTY: true, columns: 120 });
  return { stream, text: () => text };
}
