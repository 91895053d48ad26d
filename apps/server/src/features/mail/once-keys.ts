import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Queryable } from '../../infra/db/db';

/**
 * Mails that must reach the relay once (a release's notices, decision 049). No sender can make a crash between
 * the relay's 250 and its own record of it harmless; what the worker can do is keep that window to the mails in
 * flight, and make any repeat recognisable. So a notice is marked as being sent before the relay is asked, marked
 * sent at the 250, and carries a Message-ID derived from its key: a repeat after a crash is the same message to
 * a relay or a mailbox that drops a Message-ID it already has.
 */

/** Where a batch's keys stand before it is sent: sent (skip it), in doubt (sent again, same Message-ID), or new. */
export type OnceKeyState = 'sent' | 'in-doubt' | 'new';

/**
 * The Message-ID of every copy of the mail with this key: the same on a retry and after a restart, unique per key
 * as RFC 5322 asks, and saying nothing of the key itself (a hash), under the public host's name.
 */
export function onceMessageId(config: Pick<Config, 'publicUrl'>, onceKey: string): string {
  const hash = createHash('sha256').update(`mail-once\0${onceKey}`).digest('hex').slice(0, 32);
  return `<${hash}.once@${config.publicUrl.hostname}>`;
}

/**
 * Looks up a batch's keys and marks those not yet sent as being sent from `now`, in one statement, before any
 * of the batch is handed to the relay: a crash from here on leaves each in doubt, never lost, and a retry can
 * tell an interrupted attempt from a first one. The look-up reads the keys as they were before the mark (one
 * snapshot for the whole statement). One round trip a batch, as the look-up alone was (decision 051).
 */
export async function markOnceKeysSending(
  db: Queryable,
  keys: readonly string[],
  now: Date,
): Promise<Map<string, OnceKeyState>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<{ key: string; sent: boolean; marked: boolean }>(
    `WITH wanted AS (SELECT DISTINCT unnest($1::text[]) AS key),
     before AS (SELECT key, sent_at IS NOT NULL AS sent, sending_at IS NOT NULL AS marked
                FROM mail_once_keys JOIN wanted USING (key)),
     mark AS (INSERT INTO mail_once_keys (key, sending_at) SELECT key, $2 FROM wanted
              ON CONFLICT (key) DO UPDATE SET sending_at = EXCLUDED.sending_at WHERE mail_once_keys.sent_at IS NULL)
     SELECT key, sent, marked FROM before`,
    [keys, now],
  );
  const states = new Map<string, OnceKeyState>(keys.map((k) => [k, 'new']));
  for (const r of rows) states.set(r.key, r.sent ? 'sent' : r.marked ? 'in-doubt' : 'new');
  return states;
}

/**
 * Takes the mark back after the relay refused the mail with an SMTP answer (4xx or 5xx): it did not take it, so
 * the retry is a first attempt again. Never a key the relay took.
 */
export async function unmarkOnceKey(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM mail_once_keys WHERE key = $1 AND sent_at IS NULL', [key]);
}

/** Records the relay's 250 for a key alone (when its mail-log line could not be written with it). */
export async function recordOnceKeySent(db: Queryable, key: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO mail_once_keys (key, sending_at, sent_at) VALUES ($1, $2, $2)
     ON CONFLICT (key) DO UPDATE SET sent_at = EXCLUDED.sent_at`,
    [key, now],
  );
}

/** The relay answered the mail with a refusal (an SMTP 4xx or 5xx): it did not take it. Anything else is in doubt. */
export function relayRefused(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 400 && code < 600;
}
