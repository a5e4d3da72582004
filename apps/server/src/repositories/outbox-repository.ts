import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboundAttachments, outboundMessages } from '../db/schema';
import type { Attachment } from '../integrations/mail/mail-transport';
import type { ComposedEmail } from '../integrations/mail/templates';
import { withTransaction } from './transaction';

// The durable outbox (decision 003): use cases write messages here, in their own transaction; the outbox worker
// claims and delivers them.

/**
 * Writes an e-mail, with its attachments if any, to the durable outbox in one transaction; the outbox worker
 * delivers it. `personId` names the person the message is for (their export and erasure find it by that), null for
 * a partner, staff member or lead. Returns the outbox id.
 */
export async function enqueueEmail(
  db: Db,
  input: {
    partnerId: number | null;
    personId: number | null;
    to: string;
    replyTo?: string;
    email: ComposedEmail;
    attachments?: readonly Attachment[];
  },
): Promise<number> {
  const attachments = input.attachments ?? [];
  const write = async (tx: Db) => {
    const [row] = await tx
      .insert(outboundMessages)
      .values({
        partnerId: input.partnerId,
        personId: input.personId,
        channel: 'email',
        template: input.email.template,
        recipient: input.to,
        replyTo: input.replyTo ?? null,
        subject: input.email.subject,
        bodyText: input.email.text,
        bodyHtml: input.email.html,
      })
      .returning({ id: outboundMessages.id });
    if (attachments.length > 0)
      await tx.insert(outboundAttachments).values(attachments.map((a) => ({ messageId: row!.id, ...a })));
    return row!.id;
  };
  return attachments.length > 0 ? withTransaction(db, write) : write(db);
}

/** The attachments of these messages, by message id, in the order they were added. */
export async function loadAttachments(
  db: Db,
  messageIds: readonly number[],
): Promise<Map<number, Attachment[]>> {
  const byMessage = new Map<number, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(outboundAttachments)
    .where(inArray(outboundAttachments.messageId, [...messageIds]))
    .orderBy(asc(outboundAttachments.id));
  for (const { messageId, filename, contentType, content } of rows)
    byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), { filename, contentType, content }]);
  return byMessage;
}

/** Writes an SMS for the person `personId` to the durable outbox; the outbox worker delivers it. Returns its id. */
export async function enqueueSms(
  db: Db,
  input: { partnerId: number; personId: number; phoneDigits: string; template: string; text: string },
): Promise<number> {
  const [row] = await db
    .insert(outboundMessages)
    .values({
      partnerId: input.partnerId,
      personId: input.personId,
      channel: 'sms',
      template: input.template,
      recipient: input.phoneDigits,
      bodyText: input.text,
    })
    .returning({ id: outboundMessages.id });
  return row!.id;
}

export type ClaimedMessage = {
  id: number;
  channel: string;
  recipient: string;
  reply_to: string | null;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  attempts: number;
};

/** How long a claim holds a message: renewed before each send, so it bounds one send, not a batch (decision 003). */
const CLAIM = sql`interval '2 minutes'`;

/**
 * Claims up to `batchSize` due messages of `channels`: pending and due, or held by a claim that ran out (a crash, or a
 * send that overran it). SKIP LOCKED lets several server processes share one outbox. Each claim counts an attempt:
 * `attempts` is then the claim's own number, which the updates below check, so a process whose claim ran out and was
 * taken by another neither sends the message again nor writes over the other's outcome.
 */
export async function claimDueMessages(
  db: Db,
  channels: readonly ('email' | 'sms')[],
  batchSize: number,
): Promise<ClaimedMessage[]> {
  const claimed = await db.execute<ClaimedMessage>(sql`
    update outbound_messages set status = 'sending', attempts = attempts + 1, locked_until = now() + ${CLAIM}
    where id in (
      select id from outbound_messages
      where channel in (${sql.join(
        channels.map((c) => sql`${c}`),
        sql`, `,
      )})
        and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))
      order by id limit ${batchSize} for update skip locked)
    returning id, channel, recipient, reply_to, subject, body_text, body_html, attempts`);
  return claimed.rows;
}

/** The claim `message` was returned with, still this process's: its message is neither sent nor claimed again. */
type Claim = Pick<ClaimedMessage, 'id' | 'attempts'>;
const stillHeld = ({ id, attempts }: Claim) =>
  sql`id = ${id} and status = 'sending' and attempts = ${attempts}`;

/**
 * Holds a claimed message for a whole claim's time from now, right before it is sent; false when the claim ran out
 * and another process took the message (it sends it), so this one must not.
 */
export async function renewMessageClaim(db: Db, claim: Claim): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update outbound_messages set locked_until = now() + ${CLAIM} where ${stillHeld(claim)} returning id`);
  return rows.length > 0;
}

/** A login code, or any link (the one such an e-mail has carries its token), and what stands in its place. */
const CODE = { pattern: '\\m[0-9]{6}\\M', mask: '••••••' };
const LINK = { pattern: 'https?://[^\\s"<>]+', mask: '[link removido após o envio]' };

/**
 * The message kinds whose content grants access, and where (decision 097): the login code, the phone-change link and
 * the creditor's sign-up link. Protocols, boletos and PIX codes open nothing and stay.
 */
const SECRET_OF: Readonly<Record<string, typeof CODE>> = {
  'login-token': CODE,
  'phone-change-link': LINK,
  'creditor-confirmation': LINK,
};

/** `text` with the secret its message's kind carries masked; unchanged for any other kind. */
const withoutSecret = (text: SQL) =>
  sql`case template ${sql.join(
    Object.entries(SECRET_OF).map(
      ([template, { pattern, mask }]) =>
        sql`when ${template} then regexp_replace(${text}, ${pattern}::text, ${mask}::text, 'g')`,
    ),
    sql` `,
  )} else ${text} end`;

/**
 * Once a message is out of the outbox's hands (sent, or failed for good) its secret is no longer stored, in the same
 * fenced update that records it. A queued message keeps it: it is still to be sent, and without a transport the
 * development mailbox is its only delivery.
 */
const SECRET_DROPPED = sql`body_text = ${withoutSecret(sql`body_text`)}, body_html = ${withoutSecret(sql`body_html`)}`;

export async function markMessageSent(db: Db, claim: Claim, providerMessageId: string): Promise<void> {
  await db.execute(sql`
    update outbound_messages set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
      provider_message_id = ${providerMessageId}, ${SECRET_DROPPED}
    where ${stillHeld(claim)}`);
}

/**
 * A failed attempt: pending again after `delayMs`, or failed for good on the final attempt, its secret dropped. The
 * reason never keeps a secret (a provider may quote the message it refused).
 */
export async function markMessageAttemptFailed(
  db: Db,
  claim: Claim,
  outcome: { reason: string; finalAttempt: boolean; delayMs: number },
): Promise<void> {
  const reason = withoutSecret(sql`${outcome.reason.slice(0, 500)}::text`);
  await db.execute(sql`
    update outbound_messages set status = ${outcome.finalAttempt ? 'failed' : 'pending'}, locked_until = null,
      last_error = ${reason}, next_attempt_at = now() + ${`${outcome.delayMs} milliseconds`}::interval
      ${outcome.finalAttempt ? sql`, ${SECRET_DROPPED}` : sql``}
    where ${stillHeld(claim)}`);
}

export type ListedMessage = typeof outboundMessages.$inferSelect & {
  attachments: { filename: string; size: number }[];
};

/** The latest outbox messages, newest first, with their attachments' names and sizes (the development mailbox). */
export async function listLatestMessages(db: Db, limit: number): Promise<ListedMessage[]> {
  const rows = await db.select().from(outboundMessages).orderBy(desc(outboundMessages.id)).limit(limit);
  const ids = rows.map((r) => r.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            messageId: outboundAttachments.messageId,
            filename: outboundAttachments.filename,
            size: sql<number>`octet_length(${outboundAttachments.content})::int`,
          })
          .from(outboundAttachments)
          .where(inArray(outboundAttachments.messageId, ids))
          .orderBy(asc(outboundAttachments.id));
  return rows.map((row) => ({
    ...row,
    attachments: files
      .filter((f) => f.messageId === row.id)
      .map(({ filename, size }) => ({ filename, size })),
  }));
}

/** Why a person's data was erased: they asked (decisions 010, 051), or its retention ended (decisions 055, 057). */
export type ErasureReason = 'holder-request' | 'retention';

/** What a scrubbed message says of its content, and of its sending when it was cancelled, for each reason. */
const ERASED: Record<ErasureReason, { content: string; cancelled: string }> = {
  'holder-request': {
    content: 'Conteúdo eliminado a pedido do titular (LGPD).',
    cancelled: 'Cancelada: dados eliminados a pedido do titular (LGPD).',
  },
  retention: {
    content: 'Conteúdo eliminado ao fim do prazo de guarda (LGPD).',
    cancelled: 'Cancelada: dados eliminados ao fim do prazo de guarda (LGPD).',
  },
};

/**
 * Outbox rows lose their content and attachments (a person's data erased, LGPD), saying why; a message not yet
 * delivered is cancelled rather than sent without it.
 */
export async function scrubMessages(
  db: Db,
  where: SQL | undefined,
  recipientToo: boolean,
  reason: ErasureReason,
): Promise<void> {
  const erased = ERASED[reason];
  await db
    .delete(outboundAttachments)
    .where(
      inArray(
        outboundAttachments.messageId,
        db.select({ id: outboundMessages.id }).from(outboundMessages).where(where),
      ),
    );
  await db
    .update(outboundMessages)
    .set({
      ...(recipientToo ? { recipient: 'eliminado' } : {}),
      replyTo: null,
      subject: null,
      bodyText: erased.content,
      bodyHtml: null,
      status: sql`case when ${outboundMessages.status} = 'pending' then 'failed' else ${outboundMessages.status} end`,
      lastError: sql`case when ${outboundMessages.status} = 'pending' then ${erased.cancelled} else ${outboundMessages.lastError} end`,
    })
    .where(where);
}

/** A notification about a person to someone else (a partner): its content goes, its recipient stays. */
export const scrubNotification = (db: Db, messageId: number, reason: ErasureReason) =>
  scrubMessages(db, eq(outboundMessages.id, messageId), false, reason);
