import type { Db } from '../../db/client';
import { outboundMessages } from '../../db/schema';

/** Writes an SMS to the durable outbox; the outbox worker delivers it. Returns the outbox id. */
export async function enqueueSms(
  db: Db,
  input: { partnerId: number; phoneDigits: string; template: string; text: string },
): Promise<number> {
  const [row] = await db
    .insert(outboundMessages)
    .values({
      partnerId: input.partnerId,
      channel: 'sms',
      template: input.template,
      recipient: input.phoneDigits,
      bodyText: input.text,
    })
    .returning({ id: outboundMessages.id });
  return row!.id;
}
