import { decodePDFRawStream, PDFContext, PDFDocument, PDFRawStream } from 'pdf-lib';

// A job-form CV is kept only when a PDF parser opens it (issue 14 item 11): '%PDF-' at the start (cvProblem) is
// not enough, a renamed or broken file would reach the staff. The size cap (JOB_CV_MAX_BYTES) is checked before.

/**
 * ISO 32000-1 §7.5.5: a PDF's last line is '%%EOF' (readers look for it in the last 1,024 bytes). pdf-lib reads the
 * objects in order and does without a lost cross-reference table, so a file cut after its page objects still
 * opens: the marker is what tells an upload cut short.
 */
const EOF_MARKER = Buffer.from('%%EOF');
const EOF_WINDOW = 1024;

/**
 * The bytes pdf-lib may inflate while loading one file (object and cross-reference streams; page contents are not
 * read). Without a cap, a few hundred bytes of nested Flate streams expand to gigabytes (a decompression bomb);
 * real CVs need a small fraction of this.
 */
export const MAX_DECODED_BYTES = 32 * 1024 * 1024;

interface DecodeStream {
  buffer: Uint8Array;
  ensureBuffer(requested: number): Uint8Array;
}

/**
 * The prototype every pdf-lib decoder grows its output through (DecodeStream, not exported): found from a decoder
 * pdf-lib itself builds, so it is the copy its parser uses.
 */
function decodeStreamPrototype(): DecodeStream {
  const raw = PDFRawStream.of(PDFContext.create().obj({ Filter: 'ASCIIHexDecode' }), new Uint8Array());
  let prototype = Object.getPrototypeOf(decodePDFRawStream(raw));
  while (prototype && !Object.hasOwn(prototype, 'ensureBuffer')) prototype = Object.getPrototypeOf(prototype);
  if (!prototype) throw new Error('pdf-lib has no DecodeStream.ensureBuffer to cap');
  return prototype;
}

/** What the file being checked may still inflate; null outside a check (other pdf-lib use is left alone). */
let decodeBudget: { left: number } | null = null;

const prototype = decodeStreamPrototype();
const ensureBuffer = prototype.ensureBuffer;
// A decoder's buffer doubles as it grows: the growth is charged once made, so a check allocates at most one
// doubling past the budget before it is refused.
prototype.ensureBuffer = function capped(this: DecodeStream, requested: number) {
  const before = this.buffer.byteLength;
  const buffer = ensureBuffer.call(this, requested);
  if (decodeBudget) {
    decodeBudget.left -= buffer.byteLength - before;
    if (decodeBudget.left < 0) throw new Error('PDF streams inflate past MAX_DECODED_BYTES');
  }
  return buffer;
};

function endsWithEofMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-EOF_WINDOW);
  return tail.includes(EOF_MARKER);
}

async function opens(bytes: Uint8Array): Promise<boolean> {
  if (!endsWithEofMarker(bytes)) return false;
  decodeBudget = { left: MAX_DECODED_BYTES };
  try {
    // Refuses an encrypted file (EncryptedPDFError) and any object it cannot parse.
    const document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    return document.getPages().length > 0;
  } catch {
    return false;
  } finally {
    decodeBudget = null;
  }
}

// One check at a time: pdf-lib yields between objects, and the budget above belongs to one file.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Whether pdf-lib opens these bytes as an unencrypted PDF with at least one page, whole (ending with '%%EOF') and
 * within MAX_DECODED_BYTES of inflated streams.
 */
export function opensAsPdf(bytes: Uint8Array): Promise<boolean> {
  const check = queue.then(() => opens(bytes));
  queue = check;
  return check;
}
