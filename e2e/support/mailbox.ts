import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { MAIL_DIR } from './paths';

export interface Mail {
  subject: string;
  text: string;
}

/** Waits for the newest mail to an address whose subject matches, as delivered over SMTP to the sink. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(MAIL_DIR))
      .filter((f) => f.endsWith(`-${to.toLowerCase()}.eml`))
      .sort()
      .reverse();
    for (const file of files) {
      const email = await PostalMime.parse(await readFile(path.join(MAIL_DIR, file)));
      if (subject.test(email.subject ?? '')) return { subject: email.subject ?? '', text: email.text ?? '' };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function codeFrom(mail: Mail): string {
  const code = /code is: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no confirmation code in: ${mail.text}`);
  return code;
}

export function resetLinkFrom(mail: Mail): string {
  const link = /(https?:\/\/\S+\/reset\?\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}
