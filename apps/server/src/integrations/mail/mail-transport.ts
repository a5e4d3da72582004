import nodemailer from 'nodemailer';

/** A file sent with an e-mail (nodemailer's attachment fields). */
export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingEmail {
  to: string;
  from: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: Attachment[] | undefined;
}

/** Delivers one e-mail or throws; the outbox decides about retries. */
export interface MailTransport {
  readonly name: string;
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * Each stage of a send ends well within the outbox's two-minute claim (decision 003), where nodemailer's defaults
 * (two minutes to connect, ten of silence) would let another process claim the message and send it again.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export function smtpTransport(smtpUrl: string): MailTransport {
  // Options such as pooling go in the URL query (smtp://host:25/?pool=true); a timeout there replaces the default.
  const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl });
  return {
    name: 'smtp',
    async send(email) {
      const info = await transporter.sendMail(email);
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transporter.close(),
  };
}
