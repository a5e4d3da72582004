import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

// ALTCHA proof of work (GUIDE: self-hosted, no third party sees the debtor). SHA-256 with a counter the browser
// must find by brute force; the challenge is HMAC-signed, so the server keeps no state until it is used.

const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export interface AltchaSettings {
  secret: string;
  /** The counter the browser must find is drawn below this number. */
  maxNumber: number;
}

export function createAltchaChallenge(settings: AltchaSettings): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.floor(settings.maxNumber / 10), settings.maxNumber),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    hmacSignatureSecret: settings.secret,
    // A second secret, derived from the first, signs the derived key (deterministic mode).
    hmacKeySignatureSecret: createHmac('sha256', settings.secret).update('key-signature').digest('hex'),
  });
}

export interface VerifiedAltcha {
  /** Identifies the challenge, so the caller can refuse a second use. */
  challengeId: string;
  expiresAt: Date;
}

/** Checks a base64 ALTCHA payload; null when malformed, expired, forged or unsolved. */
export async function verifyAltchaPayload(
  settings: AltchaSettings,
  encoded: string,
): Promise<VerifiedAltcha | null> {
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Payload;
    if (!payload?.challenge?.parameters?.nonce || !payload.solution) return null;
  } catch {
    return null;
  }
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: settings.secret,
      hmacKeySignatureSecret: createHmac('sha256', settings.secret).update('key-signature').digest('hex'),
    });
    if (!result.verified) return null;
  } catch {
    return null;
  }
  const expiresAt = payload.challenge.parameters.expiresAt;
  return {
    challengeId: payload.challenge.parameters.nonce,
    expiresAt: new Date(expiresAt ? expiresAt * 1000 : Date.now() + CHALLENGE_LIFETIME_MS),
  };
}
