import type { Db } from '../../db/client';
import type { MailTransport } from '../../integrations/mail/mail-transport';
import type { SmsSender } from '../../integrations/sms/sms-sender';
import {
  claimDueMessages,
  loadAttachments,
  markMessageAttemptFailed,
  markMessageSent,
  renewMessageClaim,
} from '../../repositories/outbox-repository';

export interface DeliveryPolicy {
  from: string;
  retryBaseMs: number;
  maxAttempts: number;
  batchSize: number;
}

// Exponential backoff capped at one hour: 1x, 2x, 4x ... the base delay.
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface Transports {
  email: MailTransport | null;
  sms: SmsSender | null;
}

/**
 * Claims due messages of the channels that have a transport (pending, or held by a claim that ran out), tries each
 * once while its claim is still this process's (renewed before the send) and records the outcome: sent, pending again with a backed-off next attempt, or failed after the last
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
  const claimed = await claimDueMessages(db, channels, policy.batchSize);
  const attachments = await loadAttachments(
    db,
    claimed.filter((m) => m.channel === 'email').map((m) => m.id),
  );
  for (const message of claimed) {
    // The sends before this one may have outlasted the batch's claim: another process then sends it.
    if (!(await renewMessageClaim(db, message))) continue;
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
              attachments: attachments.get(message.id),
            });
      await markMessageSent(db, message, messageId);
    } catch (error) {
      await markMessageAttemptFailed(db, message, {
        reason: error instanceof Error ? error.message : String(error),
        finalAttempt: message.attempts >= policy.maxAttempts,
        delayMs: retryDelayMs(message.attempts, policy.retryBaseMs),
      });
    }
  }
  return claimed.length;
}
