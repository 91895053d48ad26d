import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { MAIL_QUEUE, type MailJob } from './mail-jobs';

async function mailJobs(t: TestApp): Promise<{ to: string; state: string }[]> {
  const { rows } = await t.db.query<{ to: string; state: string }>(
    `SELECT data->'message'->>'to' AS to, state FROM pgboss.job WHERE name = $1 ORDER BY data->'message'->>'to'`,
    [MAIL_QUEUE],
  );
  return rows;
}

/**
 * The worker takes due mails in batches. A relay that refuses one message of a
 * batch must cost that message a retry and nothing more: the others are sent
 * once and completed, and the refused one arrives once when the relay takes it.
 */
describe('a batch of mails with one the relay refuses', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let refusing = true;
  beforeAll(async () => {
    sink = await startSmtpSink(0, { refuse: (address) => refusing && address.startsWith('refused') });
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sends the others once, retries the refused one alone, and delivers it once later', async () => {
    const to = ['a@example.edu', 'b@example.edu', 'refused@example.edu', 'c@example.edu', 'd@example.edu'];
    const job = (address: string): { data: MailJob } => ({
      data: { kind: 'message', message: { to: address, subject: `For ${address}`, text: 'Body' } },
    });
    // One statement, so the worker finds all five due at once.
    await t.deps.jobs.insert(MAIL_QUEUE, to.map(job));

    await expect
      .poll(() => mailJobs(t), { timeout: 15_000 })
      .toEqual([
        { to: 'a@example.edu', state: 'completed' },
        { to: 'b@example.edu', state: 'completed' },
        { to: 'c@example.edu', state: 'completed' },
        { to: 'd@example.edu', state: 'completed' },
        { to: 'refused@example.edu', state: 'retry' },
      ]);
    expect(sink.mails.map((m) => m.to).sort()).toEqual([
      ['a@example.edu'],
      ['b@example.edu'],
      ['c@example.edu'],
      ['d@example.edu'],
    ]);

    refusing = false;
    await expect.poll(() => sink.to('refused@example.edu').length, { timeout: 20_000, interval: 200 }).toBe(1);
    await expect
      .poll(() => mailJobs(t), { timeout: 5000 })
      .toEqual(to.sort().map((address) => ({ to: address, state: 'completed' })));
    expect(sink.mails).toHaveLength(to.length);
  }, 45_000);
});
