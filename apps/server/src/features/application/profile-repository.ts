import type { Answers, DocumentAnswer, KeptBasis, WebStatus } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { keptBasisSql } from '../../core/kept-bases';
import { documentAnswersSql } from '../documents';
import { LIVE_SESSION_CTE, sessionCheckParams, type SessionCheck } from '../../session/sessions-repository';

export interface ProfileRows {
  answers: Answers;
  lastPage: string | null;
  logins: Date[];
  webStatuses: WebStatus[];
  documentAnswer: Record<string, DocumentAnswer>;
  keptBasis: KeptBasis | null;
}

interface ProfileRow {
  user_id: string;
  account_id: string;
  email: string;
  is_staff: boolean;
  touched: boolean;
  answers: Answers | null;
  last_page: string | null;
  logins: string[];
  web_statuses: WebStatus[];
  document_answer: Record<string, DocumentAnswer>;
  kept_basis: KeptBasis | null;
}

/**
 * The session check and the whole profile in one statement (one round trip,
 * one snapshot), or undefined when the session is not alive.
 */
export async function loadProfileInSession(
  db: Queryable,
  check: SessionCheck,
): Promise<(ProfileRows & Pick<ProfileRow, 'user_id' | 'account_id' | 'email' | 'is_staff' | 'touched'>) | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `${LIVE_SESSION_CTE}
     SELECT live.user_id, live.account_id, live.email, live.is_staff, EXISTS (SELECT 1 FROM touched) AS touched,
       a.answers, a.last_page, ${keptBasisSql('a')} AS kept_basis,
       ARRAY(SELECT to_char(l.logged_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             FROM logins l WHERE l.user_id = live.account_id ORDER BY l.logged_in_at) AS logins,
       -- Statuses posted in the same instant still list in the order an application passes through them.
       ARRAY(SELECT w.web_status FROM web_status_events w WHERE w.user_id = live.user_id
             ORDER BY w.created_at, array_position(ARRAY['started', 'validating', 'submitted'], w.web_status)) AS web_statuses,
       ${documentAnswersSql('live.user_id')} AS document_answer
     FROM live LEFT JOIN applications a ON a.user_id = live.user_id`,
    sessionCheckParams(check),
    // Every page load asks for it: parsed and planned once per connection.
    { name: 'profile-in-session' },
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    user_id: row.user_id,
    account_id: row.account_id,
    email: row.email,
    is_staff: row.is_staff,
    touched: row.touched,
    answers: row.answers ?? {},
    lastPage: row.last_page,
    logins: row.logins.map((s) => new Date(s)),
    webStatuses: row.web_statuses,
    documentAnswer: row.document_answer,
    keptBasis: row.kept_basis,
  };
}
