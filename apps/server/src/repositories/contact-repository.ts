import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { findRepeatedRequest } from './repeated-request';

/** What the sender of a landing-page contact message typed, and who they are (null: nobody logged in). */
export interface ContactMessageContent {
  name: string;
  email: string;
  cpfCnpj: string;
  personId: number | null;
  text: string;
}

/** A landing-page contact message of the partner, with the outbox message that forwards it. */
export async function insertContactMessage(
  db: Db,
  partnerId: number,
  message: ContactMessageContent & { outboundMessageId: number; createdAt: Date },
): Promise<void> {
  await db.insert(contactMessages).values({ partnerId, ...message });
}

/**
 * Whether the partner stored this message, from the same sender, since `since`: the same message sent again
 * (decisions 048, 085). Looked up under a lock on the partner and address held until the transaction ends.
 */
export async function contactMessageRepeated(
  db: Db,
  partnerId: number,
  message: ContactMessageContent,
  since: Date,
): Promise<boolean> {
  const repeated = await findRepeatedRequest(db, {
    table: contactMessages,
    fields: { id: contactMessages.id },
    lock: { name: `contact-message:${message.email}`, id: partnerId },
    sameContent: [
      [contactMessages.email, message.email],
      [contactMessages.name, message.name],
      [contactMessages.cpfCnpj, message.cpfCnpj],
      [contactMessages.text, message.text],
      [contactMessages.personId, message.personId],
    ],
    where: eq(contactMessages.partnerId, partnerId),
    createdAt: contactMessages.createdAt,
    since,
  });
  return repeated !== undefined;
}
