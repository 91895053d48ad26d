import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { createTransport, Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A code or link worth printing in outbox mode, so a newcomer can act without a mail server. */
  highlight?: string;
  /** What kind of mail it is ('confirmation-code', 'submission'…), for the recipient's mail log. */
  kind?: string;
  /** The subject as the mail log keeps it, when the subject itself carries a code. */
  logSubject?: string;
  /**
   * Set on mails whose bounces are read (features/mail/bounce-tag.ts): the
   * envelope sender bounces go to (VERP), and a Message-ID that bounces quote.
   */
  envelopeFrom?: string;
  messageId?: string;
  /**
   * Header fields of the message's own (a news message's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
   * Transactional mail carries none.
   */
  headers?: Readonly<Record<string, string>>;
}

/** nodemailer's fields for one message: the envelope sender differs from From only when bounces are tracked. */
const fields = (from: string, { to, subject, text, html, envelopeFrom, messageId, headers }: MailMessage) => ({
  from,
  to,
  subject,
  text,
  html,
  ...(messageId ? { messageId } : {}),
  ...(headers ? { headers: { ...headers } } : {}),
  ...(envelopeFrom ? { envelope: { from: envelopeFrom, to } } : {}),
});

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP connections one process keeps open at most (nodemailer's own default). */
export const SMTP_POOL_CONNECTIONS = 5;

export interface MailerOptions {
  smtpUrl: string | undefined;
  /** Longest wait for each step of an SMTP exchange; a stalled relay fails the send instead of holding it. */
  timeoutMs?: number;
  from: string;
  outboxDir: string;
  logger: Pick<Logger, 'info'>;
}

/**
 * Real SMTP delivery when SMTP_URL is set. Otherwise nodemailer still builds
 * the full message, which is written to the outbox folder as an .eml file.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger, timeoutMs = 15_000 }: MailerOptions): Mailer {
  // nodemailer loads with the first mail, not with the server.
  let transport: Promise<Transporter> | undefined;
  const transporter = (options: Parameters<typeof createTransport>[0]) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
  const close = () => void transport?.then((t) => t.close());
  if (smtpUrl) {
    // Sends run in the mail worker (features/mail), which retries a failed one; the timeouts bound how long one try
    // can take. A pool keeps a few connections open and hands each message to a free one, so a backlog goes out as
    // fast as the relay takes it instead of paying a connection (and its TLS) per message. The URL's query may
    // change these (`?maxConnections=2`), for a relay that allows fewer.
    const options = {
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    } as Parameters<typeof createTransport>[0];
    return {
      async send(message) {
        await (await transporter(options)).sendMail(fields(from, message));
      },
      close,
    };
  }
  return {
    async send(message) {
      const { to, subject, highlight } = message;
      const t = await transporter({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await t.sendMail(fields(from, message));
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      // Written aside and renamed, so whoever watches the outbox never opens half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      logger.info({ to, subject, file, ...(highlight ? { highlight } : {}) }, 'mail written to outbox');
    },
    close,
  };
}
