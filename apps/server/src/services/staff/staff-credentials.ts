import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { hashSecret } from '../../plugins/debtor-session';

// Staff passwords are hashed with argon2id (the library's defaults: 19 MiB, 2 passes, OWASP's minimum); access
// tokens are 256 random bits of which only the SHA-256 is stored, like debtor sessions.

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked when the user name is unknown, so that answer takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `storedHash`; with no hash (unknown user) it spends the same time and says false. */
export async function verifyStaffPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export const accessTokenHash = hashSecret;

// No look-alike characters (0/O, 1/l/I): the administrator reads it out or types it to the new member.
const TEMPORARY_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A temporary password of 14 characters (~80 bits), set by an administrator and shown once. */
export function newTemporaryPassword(): string {
  const bytes = randomBytes(14);
  // 256 % 56 leaves a bias of under 0.5% per character: negligible for a password changed at first login.
  return Array.from(bytes, (byte) => TEMPORARY_ALPHABET[byte % TEMPORARY_ALPHABET.length]).join('');
}

/** User names are compared lower-case and without surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
