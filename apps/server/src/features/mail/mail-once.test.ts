import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedRelay, type RelayAnswer } from '../../test-support/scripted-relay';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { MAIL_QUEUE, type MailJob } from './mail-jobs';
import { onceMessageId } from './once-keys';

const LOST = 'lost.answer@example.edu';
const REFUSED = 'refused.once@example.edu';
const PLAIN = 'plain.once@example.edu';
const keyOf = (address: string) => `test-once:${address}`;

/** First tries: the relay takes LOST's mail and drops the line before its 250; it refuses REFUSED's with a 451. */
const SCRIPT: Record<string, RelayAnswer> = { [LOST]: 'drop', [REFUSED]: '451 4.3.0 Try again later' };

/**
 * A mail that must reach the relay once (a release's notice, decision 049), within one process: it is marked as
 * being sent before the relay is asked; a refusal (an SMTP answer) takes the mark back and the retry is a first
 * try; an attempt cut off after the relay may have taken it (no answer) is sent again, under the same Message-ID,
 * derived from its once-key, that every copy carries.
 */
describe('a mail with a once-key', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof startScriptedRelay>>;
  /** What the worker had written of each key when it asked the relay (at RCPT TO). */
  const seenAtRecipient: { to: string; marked: boolean; sent: boolean }[] = [];
  const resentLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    relay = await startScriptedRelay({
      answer: (to, attempt) => (attempt === 1 ? (SCRIPT[to] ?? 'accept') : 'accept'),
      onRecipient: async (to) => {
        const { rows } = await t.db.query<{ marked: boolean; sent: boolean }>(
          'SELECT sending_at IS NOT NULL AS marked, sent_at IS NOT NULL AS sent FROM mail_once_keys WHERE key = $1',
          [keyOf(to)],
        );
        seenAtRecipient.push({ to, marked: rows[0]?.marked ?? false, sent: rows[0]?.sent ?? false });
      },
    });
    t = await startTestApp(
      { SMTP_URL: relay.url },
      { onLog: (line) => void (String(line.msg).startsWith('mail sent again') && resentLines.push(line)) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('is marked before the relay is asked, retried only when the relay did not take it, and every copy has one Message-ID', async () => {
    const job = (to: string): { data: MailJob } => ({
      data: { kind: 'message', message: { to, subject: 'An update', text: 'Body' }, onceKey: keyOf(to) },
    });
    await t.deps.jobs.insert(MAIL_QUEUE, [LOST, REFUSED, PLAIN].map(job));

    const accepted = (to: string) => relay.to(to).filter((m) => m.answer === 'accept').length;
    await expect
      .poll(() => [LOST, REFUSED, PLAIN].map(accepted), { timeout: 30_000, interval: 200 })
      .toEqual([1, 1, 1]);
    await t.mailDelivered();
    await new Promise((r) => setTimeout(r, 2500));

    // Each try found its key marked as being sent and not yet sent: the mark comes before the relay is asked.
    expect(seenAtRecipient).toHaveLength(5);
    expect(seenAtRecipient.filter((s) => !s.marked || s.sent)).toEqual([]);
    // The relay's copies: LOST's twice (it may have the first; the sender cannot know), REFUSED's refused once
    // and taken once, PLAIN's once; none after its 250. Every copy of a key under the Message-ID its key gives.
    const id = (to: string) => onceMessageId(t.deps.config, keyOf(to));
    expect(relay.to(LOST)).toEqual([
      { to: LOST, messageId: id(LOST), answer: 'drop' },
      { to: LOST, messageId: id(LOST), answer: 'accept' },
    ]);
    expect(relay.to(REFUSED)).toEqual([
      { to: REFUSED, messageId: id(REFUSED), answer: SCRIPT[REFUSED] },
      { to: REFUSED, messageId: id(REFUSED), answer: 'accept' },
    ]);
    expect(relay.to(PLAIN)).toEqual([{ to: PLAIN, messageId: id(PLAIN), answer: 'accept' }]);
    expect(new Set([LOST, REFUSED, PLAIN].map(id)).size).toBe(3);
    // The operator's log names the one copy sent after an attempt the relay may have taken; the refused mail's
    // retry was a first try, since the relay said no.
    expect(resentLines.map((l) => l.message_id)).toEqual([id(LOST)]);
    const { rows } = await t.db.query<{ key: string }>(
      'SELECT key FROM mail_once_keys WHERE key = ANY($1::text[]) AND sent_at IS NOT NULL ORDER BY key',
      [[LOST, REFUSED, PLAIN].map(keyOf)],
    );
    expect(rows.map((r) => r.key)).toEqual([LOST, PLAIN, REFUSED].map(keyOf));
  }, 60_000);
});
