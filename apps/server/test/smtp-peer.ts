import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** One header of a received message, unfolded and decoded. */
export function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

export interface MimePart {
  contentType: string;
  filename: string | undefined;
  content: Buffer;
}

/** The value of a header parameter (boundary, name, filename), quoted or not. */
function parameter(value: string, name: string): string | undefined {
  return new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value)?.[1];
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

/** The leaf parts of a MIME entity (a whole message or a part of one), decoded, in order. */
function leafParts(entity: string): MimePart[] {
  const split = entity.search(/\r?\n\r?\n/);
  const head = entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const field = (name: string) =>
    head
      .split(/\r?\n/)
      .find((l) => l.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const contentType = field('content-type') || 'text/plain';
  const boundary = parameter(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const [, ...sections] = body.split(`--${boundary}`);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => leafParts(section.replace(/^\r?\n/, '')));
  }
  const encoding = field('content-transfer-encoding').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  const filename = parameter(field('content-disposition'), 'filename') ?? parameter(contentType, 'name');
  return [{ contentType: contentType.split(';')[0]!.trim().toLowerCase(), filename, content }];
}

/** The parts of a received message: its text, its HTML and its attachments, decoded. */
export function mimeParts(mail: ReceivedMail): MimePart[] {
  return leafParts(mail.raw);
}

/** A real SMTP server on a loopback port; `failing` makes it refuse messages with a temporary error. */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        if (state.failing) {
          const error = new Error('Servidor indisponível') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
