import { readdirSync, readFileSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { createMailer, SMTP_POOL_CONNECTIONS, type Mailer } from './mailer';

describe('createMailer', () => {
  it('without SMTP_URL writes each message to the outbox and logs its code or link', async () => {
    const outbox = path.join(await mkdtemp(path.join(tmpdir(), 'ap-outbox-')), 'outbox');
    const logged: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Portal <portal@example.edu>',
      outboxDir: outbox,
      logger: { info: (o: unknown) => void logged.push(o) } as never,
    });
    await mailer.send({
      to: 'ada@example.edu',
      subject: 'Your code: 123456',
      text: 'Your confirmation code is: 123456',
      highlight: 'confirmation code 123456',
    });
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Portal <portal@example.edu>$/m);
    expect(eml).toMatch(/^To: ada@example.edu$/m);
    expect(eml).toMatch(/^Subject: Your code: 123456$/m);
    expect(eml).toContain('Your confirmation code is: 123456');
    expect(logged).toEqual([expect.objectContaining({ to: 'ada@example.edu', highlight: 'confirmation code 123456' })]);
  });

  it('shows a message in the outbox only once it is whole, so a reader never meets half a mail', async () => {
    const outbox = path.join(await mkdtemp(path.join(tmpdir(), 'ap-outbox-')), 'outbox');
    await mkdir(outbox);
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'portal@example.edu',
      outboxDir: outbox,
      logger: { info: () => {} } as never,
    });
    // A large body makes the write long enough for a watcher to look in while it lasts.
    const text = `Your confirmation code is: 654321\n${'x'.repeat(8_000_000)}\nEND`;
    const seen: string[] = [];
    const watcher = watch(outbox, () => {
      for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml'))) {
        seen.push(readFileSync(path.join(outbox, name), 'utf8').trimEnd().slice(-3));
      }
    });
    try {
      await mailer.send({ to: 'ada@example.edu', subject: 'Big', text });
      // The watcher has looked at least once since the message was there.
      await expect.poll(() => seen.at(-1)).toBe('END');
    } finally {
      watcher.close();
    }
    expect(await readdir(outbox)).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(new Set(seen)).toEqual(new Set(['END']));
  });

  /** A mailer delivering over SMTP to a fresh sink, closed with it after `use`. */
  async function withSmtpMailer(use: (mailer: Mailer, sink: SmtpSink) => Promise<void>) {
    const sink = await startSmtpSink();
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'portal@example.edu',
      outboxDir: '/nonexistent',
      logger: { info: () => {} } as never,
    });
    try {
      await use(mailer, sink);
    } finally {
      mailer.close();
      await sink.close();
    }
  }

  it('with SMTP_URL delivers over SMTP and writes nothing', () =>
    withSmtpMailer(async (mailer, sink) => {
      await mailer.send({ to: 'grace@example.edu', subject: 'Hello', text: 'Body' });
      expect(sink.last('grace@example.edu')).toMatchObject({ subject: 'Hello', text: 'Body\n' });
    }));

  it('sends a backlog over a few pooled connections, not one connection a message', () =>
    withSmtpMailer(async (mailer, sink) => {
      const to = (i: number) => `applicant${i}@example.edu`;
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => mailer.send({ to: to(i), subject: `Mail ${i}`, text: 'Body' })),
      );
      expect(sink.mails).toHaveLength(40);
      expect(sink.last(to(39)).subject).toBe('Mail 39');
      expect(sink.connections).toBeGreaterThan(0);
      expect(sink.connections).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
    }));
});
