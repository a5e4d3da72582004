import type { Db } from '../../db/client';
import { outboundMessages } from '../../db/schema';
import type { ComposedEmail } from '../../integrations/mail/templates';

/** Writes an e-mail to the durable outbox; the outbox worker delivers it. Returns the outbox id. */
export async function enqueueEmail(
  db: Db,
  input: { partnerId: number | null; to: string; replyTo?: string; email: ComposedEmail },
): Promise<number> {
  const [row] = await db
    .insert(outboundMessages)
    .values({
      partnerId: input.partnerId,
      channel: 'email',
      template: input.email.template,
      recipient: input.to,
      replyTo: input.replyTo ?? null,
      subject: input.email.subject,
      bodyText: input.email.text,
      bodyHtml: input.email.html,
    })
    .returning({ id: outboundMessages.id });
  return row!.id;
}
