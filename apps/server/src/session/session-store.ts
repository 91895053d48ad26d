import type { AppDeps } from '../app-deps';
import { generateToken, hashToken } from './secrets';
import { sessionCutoffs } from './session-cutoffs';
import { sessionActivity, TOUCH_EVERY_MS } from './session-activity';
import {
  checkLiveSession,
  deleteSession,
  insertSessionAndLogin,
  type SessionCheck,
  type SignInProof,
} from './sessions-repository';

export interface Session {
  /**
   * The application this session's form calls act on (issue 42): the one it has open, else the account's own
   * row, whose id is the account's. Staff sessions never open one, so theirs is the member's account.
   */
  userId: string;
  /** The account that logged in: its sessions, password, data download and deletion. */
  accountId: string;
  username: string;
  idHash: string;
  /** Staff from login (STAFF_EMAILS then); staff calls re-check the current list too. */
  isStaff: boolean;
}

/** A new random id at every login; only its hash is stored. */
export async function startSession(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  isStaff = false,
  proof?: SignInProof,
): Promise<string> {
  const id = generateToken();
  const now = clock.now();
  await insertSessionAndLogin(db, hashToken(id), userId, now, isStaff, proof);
  return id;
}

/**
 * What a request needs to check its session in one statement (see
 * checkLiveSession and LIVE_SESSION_CTE), and what to do with the answer.
 */
export function sessionCheckFor(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  id: string,
  arrivedAt?: Date,
) {
  const idHash = hashToken(id);
  // Idle time counts to the request's arrival: a request that waited (a slow database, a long upload)
  // never finds its own session ended by the wait (issue 29).
  const now = arrivedAt ?? clock.now();
  const cutoffs = sessionCutoffs(now, config.staffAuth);
  const activity = sessionActivity(db);
  const check: SessionCheck = {
    idHash,
    now,
    idleBefore: cutoffs.idle,
    createdBefore: cutoffs.absolute,
    staffCreatedBefore: cutoffs.staffAbsolute,
    staffIdleBefore: cutoffs.staffIdle,
    seenSince: activity.seenSince(idHash),
    writeIfSeenBefore: new Date(now.getTime() - TOUCH_EVERY_MS),
  };
  return {
    check,
    /** Records the answer: the live session, or undefined after deleting the expired one. */
    async settle(
      row: { user_id: string; account_id: string; email: string; is_staff: boolean; touched: boolean } | undefined,
    ): Promise<Session | undefined> {
      if (!row) {
        activity.forget(idHash);
        await deleteSession(db, idHash);
        return undefined;
      }
      activity.note(idHash, now, row.touched);
      return { userId: row.user_id, accountId: row.account_id, username: row.email, idHash, isStaff: row.is_staff };
    },
  };
}

/**
 * The live session for a cookie value, or undefined; an expired one is deleted
 * on sight. Every request extends it: the idle limit counts from the last
 * request itself, not from an occasional write, so 14:59 of quiet never logs
 * anyone out. The row itself is written at most once a minute (session-activity.ts).
 */
export async function resumeSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  id: string,
  arrivedAt?: Date,
): Promise<Session | undefined> {
  const { check, settle } = sessionCheckFor(deps, id, arrivedAt);
  return settle(await checkLiveSession(deps.db, check));
}

export async function endSession({ db }: Pick<AppDeps, 'db'>, id: string): Promise<void> {
  const idHash = hashToken(id);
  sessionActivity(db).forget(idHash);
  await deleteSession(db, idHash);
}
