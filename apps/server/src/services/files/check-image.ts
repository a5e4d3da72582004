import { AppError } from '../../errors';

// Uploaded images are checked by their bytes, never by their name or declared type (GUIDE "Security principles"):
// PNG, JPEG and WebP by signature, SVG by its root element and a refusal of anything active or external. Every
// image is then re-encoded by store-image.ts, so what visitors download is always a raster file we wrote.

/** Spec-less cap on one uploaded image (decoded bytes). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'svg';

/** What the error details say about the refused image, so the form can point at it. */
export interface ImageLocation {
  campo: string;
  arquivo?: string;
}

const DATA_URL = /^data:[a-z0-9.+/-]*(?:;[a-z0-9=.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 upload (a bare string or a data: URL); refuses malformed or oversized ones. */
export function decodeBase64Image(value: string, where: ImageLocation): Buffer {
  const payload = value.replace(DATA_URL, '').replace(/\s+/g, '');
  // Checked before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((payload.length * 3) / 4) > MAX_IMAGE_BYTES + 2)
    throw new AppError('IMAGE_TOO_LARGE', where);
  if (payload.length === 0 || !BASE64.test(payload)) throw new AppError('IMAGE_NOT_AN_IMAGE', where);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('IMAGE_TOO_LARGE', where);
  return bytes;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

// Before the root element an SVG file may have a byte-order mark, an XML declaration, comments and white space.
const SVG_PROLOGUE = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The image format of these bytes, by content; null for anything else (a text file renamed .png, a PDF, ...). */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (SVG_PROLOGUE.test(bytes.subarray(0, 4096).toString('utf8'))) return 'svg';
  return null;
}

// What an SVG may not contain: scripts, event handlers, embedded documents, entity declarations, and references to
// anything but its own fragments (#id) or inline raster images.
const SVG_FORBIDDEN = [
  /<script[\s>/]/i,
  /<foreignObject[\s>/]/i,
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<(?:iframe|embed|object)[\s>/]/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /@import/i,
  /url\(\s*["']?\s*(?!#)/i,
];
// Any prefix: the XLink namespace may be bound to a name other than 'xlink' (xmlns:x=... x:href=...).
const REFERENCE_NAME = String.raw`\s(?:[\w.-]+:)?(?:href|src)\s*=\s*`;
const SVG_REFERENCE = new RegExp(`${REFERENCE_NAME}(["'])([\\s\\S]*?)\\1`, 'gi');
const UNQUOTED_REFERENCE = new RegExp(`${REFERENCE_NAME}[^"'\\s]`, 'i');
const SAFE_REFERENCE = /^\s*(?:#|data:image\/(?:png|jpeg|webp|gif);base64,)/i;

/** True when the SVG has nothing active or external in it. */
export function isSafeSvg(source: string): boolean {
  if (SVG_FORBIDDEN.some((pattern) => pattern.test(source))) return false;
  for (const match of source.matchAll(SVG_REFERENCE)) {
    if (!SAFE_REFERENCE.test(match[2] ?? '')) return false;
  }
  // An unquoted reference cannot be checked above: refuse it.
  return !UNQUOTED_REFERENCE.test(source);
}

/** Checks an uploaded image by content and size; answers its kind or throws the typed error the form shows. */
export function checkImage(bytes: Buffer, where: ImageLocation): ImageKind {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('IMAGE_TOO_LARGE', where);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('IMAGE_NOT_AN_IMAGE', where);
  if (kind === 'svg' && !isSafeSvg(bytes.toString('utf8'))) throw new AppError('IMAGE_UNSAFE_SVG', where);
  return kind;
}
