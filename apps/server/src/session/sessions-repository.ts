import type { Queryable } from '../infra/db/db';

export interface LiveSessionRow {
  /** The application the session's form calls act on: the one it has open, else the account's own (issue 42). */
  user_id: string;
  account_id: string;
  email: string;
  is_staff: boolean;
}

/**
 * A new session and the login it records, in one statement (so one round trip, and both or neither):
 * at the deadline every login waited on four (BEGIN, two inserts, COMMIT) for a busy pool.
 */
export async function insertSessionAndLogin(
  db: Queryable,
  idHash: string,
  userId: string,
  now: Date,
  isStaff = false,
  sign: SignInProof = { method: 'password' },
): Promise<void> {
  await db.query(
    `WITH session AS (
       INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, is_staff, auth_method, authenticated_at,
         sso_issuer, sso_sid, sso_sub)
       VALUES ($1, $2, $3, $3, $4, $5, $3, $6, $7, $8)
     )
     INSERT INTO logins (user_id, logged_in_at) VALUES ($2, $3)`,
    [idHash, userId, now, isStaff, sign.method, sign.issuer ?? null, sign.sid ?? null, sign.sub ?? null],
  );
}

/** How a session's person signed in: a password, or the campus identity provider (its session and subject). */
export interface SignInProof {
  method: 'password' | 'oidc' | 'saml';
  issuer?: string;
  sid?: string;
  sub?: string;
}

export interface SessionCheck {
  idHash: string;
  now: Date;
  /** Last seen at or before this (by its row and by seenSince): idle too long. */
  idleBefore: Date;
  /** Created at or before this: too old. */
  createdBefore: Date;
  /** A staff session created at or before this is too old (STAFF_SESSION_HOURS). */
  staffCreatedBefore: Date;
  /** A staff session last seen at or before this is idle too long (STAFF_IDLE_MINUTES). */
  staffIdleBefore: Date;
  /** A later request of this session than its row records, if one is known. */
  seenSince: Date | undefined;
  /** The row is written (last_seen_at = now) only when it was last written at or before this. */
  writeIfSeenBefore: Date;
}

/**
 * A WITH clause naming `live` (user_id: the application the session has open, account_id, email, is_staff
 * of the session if it is alive)
 * and `touched` (a row when the statement wrote last_seen_at). Reading and
 * extending happen in one statement, so they cannot race; when the row was
 * written less than a minute ago nothing is written and the statement only
 * reads. Parameters $1 to $8, in the order of sessionCheckParams.
 */
export const LIVE_SESSION_CTE = `
  WITH live AS (
    SELECT s.id_hash, COALESCE(s.application_id, s.user_id) AS user_id, s.user_id AS account_id, u.email, s.is_staff,
      s.auth_method, s.authenticated_at, s.mfa_passed_at
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = $1
      AND GREATEST(s.last_seen_at, $5::timestamptz) > CASE WHEN s.is_staff THEN $8::timestamptz ELSE $3 END
      AND s.created_at > CASE WHEN s.is_staff THEN $7::timestamptz ELSE $4 END
  ), touched AS (
    UPDATE sessions s SET last_seen_at = GREATEST(s.last_seen_at, $2) FROM live
    WHERE s.id_hash = live.id_hash AND s.last_seen_at <= $6
    RETURNING 1
  )`;

export function sessionCheckParams(c: SessionCheck): unknown[] {
  return [
    c.idHash,
    c.now,
    c.idleBefore,
    c.createdBefore,
    c.seenSince ?? null,
    c.writeIfSeenBefore,
    c.staffCreatedBefore,
    c.staffIdleBefore,
  ];
}

/** The live session (and whether its row was written), or undefined when it has expired or never was. */
export async function checkLiveSession(
  db: Queryable,
  check: SessionCheck,
): Promise<(LiveSessionRow & { touched: boolean }) | undefined> {
  const { rows } = await db.query<LiveSessionRow & { touched: boolean }>(
    `${LIVE_SESSION_CTE}
     SELECT live.user_id, live.account_id, live.email, live.is_staff, EXISTS (SELECT 1 FROM touched) AS touched FROM live`,
    sessionCheckParams(check),
    { name: 'check-live-session' },
  );
  return rows[0];
}

/** The caller's staff_members row, read in the session's own statement (null columns when there is none). */
export interface StaffMemberColumns {
  member_roles: string[] | null;
  member_programs: string[] | null;
  member_from_environment: boolean | null;
  member_last_seen_at: Date | null;
}

/** How a staff session signed in, read in the same statement: the second factor's and the step-up's checks. */
export interface SessionProofColumns {
  auth_method: 'password' | 'oidc' | 'saml';
  authenticated_at: Date | null;
  mfa_passed_at: Date | null;
}

/**
 * checkLiveSession and the caller's team row in one statement: a staff call's
 * session and team reads were two round trips, the second waiting for the
 * first's address (decision 051). The row is read only for a staff session.
 * users.email is stored normalised (normalizeEmail), as staff_members.email is;
 * a session whose address finds no row takes the separate read (staff-team.ts).
 * A staff call acts as the member, never as an application the same person may have open as an applicant.
 */
export async function checkLiveStaffSession(
  db: Queryable,
  check: SessionCheck,
): Promise<(LiveSessionRow & { touched: boolean } & StaffMemberColumns & SessionProofColumns) | undefined> {
  const { rows } = await db.query<LiveSessionRow & { touched: boolean } & StaffMemberColumns & SessionProofColumns>(
    `${LIVE_SESSION_CTE}
     SELECT live.account_id AS user_id, live.account_id, live.email, live.is_staff,
       EXISTS (SELECT 1 FROM touched) AS touched, m.roles AS member_roles, m.programs AS member_programs, m.from_environment AS member_from_environment,
       m.last_seen_at AS member_last_seen_at, live.auth_method, live.authenticated_at, live.mfa_passed_at
     FROM live LEFT JOIN staff_members m ON live.is_staff AND m.email = live.email`,
    sessionCheckParams(check),
    { name: 'check-live-staff-session' },
  );
  return rows[0];
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

/** Ends every session of the account except, optionally, the one making the request. */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keepIdHash: string | undefined,
): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2', [
    userId,
    keepIdHash ?? null,
  ]);
}
