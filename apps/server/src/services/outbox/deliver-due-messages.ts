import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import type { SmsSender } from '../../integrations/sms/sms-sender';

export interface DeliveryPolicy {
  from: string;
  retryBaseMs: number;
  maxAttempts: number;
  batchSize: number;
}

type ClaimedMessage = {
  id: number;
  channel: string;
  recipient: string;
  reply_to: string | null;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  attempts: number;
};

// Exponential backoff capped at one hour: 1x, 2x, 4x ... the base delay.
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface Transports {
  email: MailTransport | null;
  sms: SmsSender | null;
}

/**
 * Claims due messages of the channels that have a transport (pending, or stuck in "sending" after a crash), tries
 * each once and records the outcome: sent, pending again with a backed-off next attempt, or failed after the last
 * attempt. SKIP LOCKED lets several server processes share one outbox. A channel without a transport keeps its
 * messages queued (the development mailbox shows them).
 */
export async function deliverDueMessages(
  db: Db,
  transports: Transports,
  policy: DeliveryPolicy,
): Promise<number> {
  const channels = (['email', 'sms'] as const).filter((channel) => transports[channel]);
  if (channels.length === 0) return 0;
  const claimed = await db.execute<ClaimedMessage>(sql`
    update outbound_messages set status = 'sending', attempts = attempts + 1, locked_until = now() + interval '2 minutes'
    where id in (
      select id from outbound_messages
      where channel in (${sql.join(
        channels.map((c) => sql`${c}`),
        sql`, `,
      )})
        and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))
      order by id limit ${policy.batchSize} for update skip locked)
    returning id, channel, recipient, reply_to, subject, body_text, body_html, attempts`);
  for (const message of claimed.rows) {
    try {
      const { messageId } =
        message.channel === 'sms'
          ? await transports.sms!.send(message.recipient, message.body_text)
          : await transports.email!.send({
              to: message.recipient,
              from: policy.from,
              replyTo: message.reply_to ?? undefined,
              subject: message.subject ?? '',
              text: message.body_text,
              html: message.body_html ?? undefined,
            });
      await db.execute(sql`
        update outbound_messages set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
          provider_message_id = ${messageId}
        where id = ${message.id}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const finalAttempt = message.attempts >= policy.maxAttempts;
      const delayMs = retryDelayMs(message.attempts, policy.retryBaseMs);
      await db.execute(sql`
        update outbound_messages set status = ${finalAttempt ? 'failed' : 'pending'}, locked_until = null,
          last_error = ${reason.slice(0, 500)}, next_attempt_at = now() + ${`${delayMs} milliseconds`}::interval
        where id = ${message.id}`);
    }
  }
  return claimed.rows.length;
}
