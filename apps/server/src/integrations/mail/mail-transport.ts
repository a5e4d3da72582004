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

export function smtpTransport(smtpUrl: string): MailTransport {
  // Options such as timeouts or pooling go in the URL query (smtp://host:25/?connectionTimeout=10000).
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(email) {
      const info = await transporter.sendMail(email);
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transporter.close(),
  };
}
