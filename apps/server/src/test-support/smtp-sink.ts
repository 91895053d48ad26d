import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a random local port. The app under test delivers to
 * it through nodemailer exactly as it would to a production relay.
 */
export async function startSmtpSink(port = 0) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then((email: Email) => {
          mails.push({
            to: (email.to ?? []).map((a) => a.address ?? '').filter(Boolean),
            subject: email.subject ?? '',
            text: email.text ?? '',
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    mails,
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
