import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';

/** A landing-page contact message of the partner, with the outbox message that forwards it. */
export async function insertContactMessage(
  db: Db,
  partnerId: number,
  message: {
    name: string;
    email: string;
    cpfCnpj: string;
    personId: number | null;
    text: string;
    outboundMessageId: number;
  },
): Promise<void> {
  await db.insert(contactMessages).values({ partnerId, ...message });
}
