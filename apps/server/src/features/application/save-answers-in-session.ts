import type { Answers } from '@admissions/domain';
import type { Clock } from '../../infra/clock';
import type { Queryable } from '../../infra/db/db';
import { isDatabaseUnavailable } from '../../infra/db/database-unavailable';
import { sessionCutoffs, type StaffSessionLimits } from '../../session/session-cutoffs';

/** 'changed': the save named an application that is no longer the session's open one (issue 42). */
export type InSessionSaveResult = 'saved' | 'no-session' | 'submitted' | 'changed';

/**
 * The hot path of deadline day, for saves that cannot trigger a clearing rule
 * (see save-answers.ts). One statement checks and extends each session, merges
 * the answers and appends one history row per save. The session rule is the
 * one resumeSession applies, from sessionCutoffs.
 *
 * The statement takes a batch: every save that arrives while the previous
 * batch is in the database goes in the next one. Most of a statement's cost
 * is its round trip and commit, not its rows, so under load the saves per
 * second grow with the batch, and when idle a batch is a single save with no
 * added wait. Saves of one applicant are merged in arrival order, later keys
 * winning. A batch is one transaction; when the database refuses it, its
 * saves are sent again one by one, so a failure reaches only the saves it
 * concerns, as an error (a 500), never as a false "saved". When the database
 * cannot be reached, the batch and every save queued behind it are answered
 * 503 at once.
 */
const SQL = `
  WITH input AS (
    SELECT id_hash, changes::jsonb AS changes, expected, ord
    FROM unnest($1::text[], $2::text[], $7::text[]) WITH ORDINALITY AS t (id_hash, changes, expected, ord)
  ), s AS (
    UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $3)
    WHERE id_hash = ANY ($1::text[]) AND last_seen_at > CASE WHEN is_staff THEN $8::timestamptz ELSE $4 END
      AND created_at > CASE WHEN is_staff THEN $6::timestamptz ELSE $5 END
    RETURNING id_hash, COALESCE(application_id, user_id) AS user_id
  ), items AS (
    SELECT input.ord, s.user_id, input.changes FROM input JOIN s ON s.id_hash = input.id_hash
    WHERE input.expected IS NULL OR input.expected = s.user_id::text
  ), saved AS (
    INSERT INTO applications (user_id, answers, updated_at)
    SELECT user_id, jsonb_merge_agg(changes ORDER BY ord), $3 FROM items GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET answers = applications.answers || EXCLUDED.answers, updated_at = EXCLUDED.updated_at
    WHERE applications.submitted_at IS NULL AND coalesce(applications.cycle_id = current_cycle_id(), true)
    RETURNING user_id
  ), logged AS (
    INSERT INTO answer_history (user_id, kind, changes, created_at)
    SELECT items.user_id, 'answer', items.changes, $3 FROM items JOIN saved ON saved.user_id = items.user_id ORDER BY items.ord
  )
  SELECT input.ord::int AS ord, s.user_id IS NOT NULL AS found, saved.user_id IS NOT NULL AS saved,
    coalesce(input.expected <> s.user_id::text, false) AS changed
  FROM input LEFT JOIN s ON s.id_hash = input.id_hash LEFT JOIN saved ON saved.user_id = s.user_id`;

/** More than this many waiting saves go in more than one batch, so one statement stays small. */
const MAX_BATCH = 256;

interface PendingSave {
  sessionIdHash: string;
  changes: Answers;
  /** The application the page was loaded for (X-Application-Id), when the client named one. */
  expected: string | undefined;
  resolve: (result: InSessionSaveResult) => void;
  reject: (err: unknown) => void;
}

export type SaveAnswersInSession = (
  sessionIdHash: string,
  changes: Answers,
  expected?: string,
) => Promise<InSessionSaveResult>;

/**
 * One saver per app: it owns the queue of saves waiting for the next batch,
 * and sends one batch at a time.
 */
export function createInSessionSaver(db: Queryable, clock: Clock, staff: StaffSessionLimits): SaveAnswersInSession {
  let waiting: PendingSave[] = [];
  let busy = false;

  const kick = () => {
    if (busy || waiting.length === 0) return;
    busy = true;
    // setImmediate runs after the I/O of this event-loop turn, so requests read in the same turn share a batch.
    setImmediate(() => void flush());
  };

  const flush = async () => {
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    try {
      await sendBatch(batch);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // An outage concerns every save, and the saves that queued behind this batch have waited as long
        // as it did: all are answered 503 now. Sent again, each would first wait out the outage once more,
        // and a frozen database's first wave would queue for 5 to 10 s (issue 48, item 8).
        const behind = waiting;
        waiting = [];
        for (const save of [...batch, ...behind]) save.reject(err);
        return;
      }
      // Whatever else the database refused (a value it cannot store, a lock held too long) must cost
      // only the saves it concerns: each save goes again on its own and meets its own fate.
      if (batch.length === 1) batch[0]!.reject(err);
      else await Promise.all(batch.map((save) => sendBatch([save]).catch((e: unknown) => save.reject(e))));
    } finally {
      busy = false;
      kick();
    }
  };

  const sendBatch = async (batch: PendingSave[]) => {
    const results = await saveBatch(db, batch, clock.now(), staff).catch((err: unknown) => {
      // Never between two batches of this process, but other processes and paths lock the same rows.
      if (isDeadlock(err)) return saveBatch(db, batch, clock.now(), staff);
      throw err;
    });
    batch.forEach((save, i) => save.resolve(results[i]!));
  };

  return (sessionIdHash, changes, expected) =>
    new Promise((resolve, reject) => {
      waiting.push({ sessionIdHash, changes, expected, resolve, reject });
      kick();
    });
}

async function saveBatch(
  db: Queryable,
  batch: PendingSave[],
  now: Date,
  staff: StaffSessionLimits,
): Promise<InSessionSaveResult[]> {
  const c = sessionCutoffs(now, staff);
  const { rows } = await db.query<{ ord: number; found: boolean; saved: boolean; changed: boolean }>(SQL, [
    batch.map((s) => s.sessionIdHash),
    batch.map((s) => JSON.stringify(s.changes)),
    now,
    c.idle,
    c.absolute,
    c.staffAbsolute,
    batch.map((s) => s.expected ?? null),
    c.staffIdle,
  ]);
  const results = new Array<InSessionSaveResult>(batch.length);
  for (const row of rows)
    results[row.ord - 1] = !row.found ? 'no-session' : row.changed ? 'changed' : row.saved ? 'saved' : 'submitted';
  return results;
}

function isDeadlock(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '40P01';
}
