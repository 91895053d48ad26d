import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The envelope sender (MAIL FROM), where bounces go. */
  envelopeFrom: string;
  messageId: string;
  /** The message's header fields, names in lower case (the last of a repeated one). */
  headers: Record<string, string>;
  /** When the sink had the whole message (Date.now()). */
  receivedAt: number;
}

export interface SmtpSinkOptions {
  /** Recipients the sink refuses (550), as a relay refuses a mailbox it does not know. */
  refuse?: (address: string) => boolean;
  /** How long the sink takes to accept each message: a slow relay, so a test can act while mail streams out. */
  delayMs?: number;
}

/**
 * A real SMTP server on a random local port. The app under test delivers to
 * it through nodemailer exactly as it would to a production relay.
 */
export async function startSmtpSink(port = 0, { refuse, delayMs = 0 }: SmtpSinkOptions = {}) {
  const mails: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo({ address }, _session, callback) {
      if (refuse?.(address)) callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (delayMs ? setTimeout(accept, delayMs) : accept()));
      function accept() {
        const receivedAt = Date.now();
        PostalMime.parse(Buffer.concat(chunks)).then((email: Email) => {
          mails.push({
            to: (email.to ?? []).map((a) => a.address ?? '').filter(Boolean),
            subject: email.subject ?? '',
            text: email.text ?? '',
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            messageId: email.messageId ?? '',
            headers: Object.fromEntries(email.headers.map((h) => [h.key.toLowerCase(), h.value])),
            receivedAt,
          });
          callback();
        }, callback);
      }
    },
  });
  // A sender killed in the middle of a message (release-crash.test.ts kills the server with SIGKILL) resets its
  // connection; a relay drops that transaction and carries on, and so does the sink. smtp-server reports such a
  // reset as an 'error' event, which with no listener would be an uncaught exception in the test. Others still are.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    mails,
    /** SMTP connections opened to the sink so far. */
    get connections() {
      return connections;
    },
    /** All mail received for an address so far (nodemailer lower-cases the domain, so compare without case). */
    to(address: string) {
      const wanted = address.toLowerCase();
      return mails.filter((m) => m.to.some((a) => a.toLowerCase() === wanted));
    },
    /**
     * The newest mail to an address. Mail is queued and sent by the mail
     * worker; the test app's client waits for queued mail to be delivered
     * before a call returns (test-app.ts), so it is here by then.
     */
    last(address: string): ReceivedMail {
      const found = this.to(address).at(-1);
      if (!found) throw new Error(`no mail to ${address}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
