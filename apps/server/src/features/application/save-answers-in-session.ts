import type { Answers } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { sessionCutoffs } from '../accounts/session-cutoffs';

export type InSessionSaveResult = 'saved' | 'no-session' | 'submitted';

/**
 * The hot path of deadline day: checks the session, keeps it alive, merges
 * the answers and appends the history in one statement, one round trip.
 * Used only for saves that cannot trigger a clearing rule (see save-answers.ts).
 * The session rule is the one resumeSession applies, from sessionCutoffs.
 */
const SQL = `
  WITH s AS (
    UPDATE sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id_hash = $1 AND last_seen_at > $4 AND created_at > $5 RETURNING user_id
  ), saved AS (
    INSERT INTO applications (user_id, answers, updated_at) SELECT user_id, $3::jsonb, $2 FROM s
    ON CONFLICT (user_id) DO UPDATE SET answers = applications.answers || EXCLUDED.answers, updated_at = EXCLUDED.updated_at
    WHERE applications.submitted_at IS NULL
    RETURNING user_id
  ), logged AS (
    INSERT INTO answer_history (user_id, kind, changes, created_at) SELECT user_id, 'answer', $3::jsonb, $2 FROM saved
  )
  SELECT (SELECT count(*) FROM s)::int AS found, (SELECT count(*) FROM saved)::int AS saved`;

export async function saveAnswersInSession(
  db: Queryable,
  sessionIdHash: string,
  changes: Answers,
  now: Date,
): Promise<InSessionSaveResult> {
  const c = sessionCutoffs(now);
  const { rows } = await db.query<{ found: number; saved: number }>(SQL, [
    sessionIdHash,
    now,
    JSON.stringify(changes),
    c.idle,
    c.absolute,
  ]);
  if (!rows[0]?.found) return 'no-session';
  return rows[0].saved ? 'saved' : 'submitted';
}
