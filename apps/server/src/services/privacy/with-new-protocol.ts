import { randomBytes } from 'node:crypto';
import { PRIVACY_PROTOCOL_RANDOM_BYTES, privacyProtocol } from '@portal/domain';
import { violatedUniqueConstraint } from '../../db/unique-violation';

/**
 * Runs `write` with a fresh privacy-request protocol, drawing again when the protocol is already taken (30 random
 * bits a day make that rare; the unique constraint settles it). Shared by the rights form and the erasure.
 */
export async function withNewProtocol<T>(now: Date, write: (protocol: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const protocol = privacyProtocol(now, randomBytes(PRIVACY_PROTOCOL_RANDOM_BYTES));
    try {
      return await write(protocol);
    } catch (error) {
      if (attempt < 3 && violatedUniqueConstraint(error)?.includes('protocolo')) continue;
      throw error;
    }
  }
}
