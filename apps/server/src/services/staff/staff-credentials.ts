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

/** A new access token (43 base64url characters) and the hash the database keeps. */
export function newAccessToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSecret(token) };
}

export const accessTokenHash = hashSecret;

/** User names are compared lower-case and without surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
