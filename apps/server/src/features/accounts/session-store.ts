import type { AppDeps } from '../../app-deps';
import { generateToken, hashToken } from './secrets';
import { sessionCutoffs } from './session-cutoffs';
import { deleteSession, insertSession, recordLogin, touchLiveSession } from './sessions-repository';

export interface Session {
  userId: string;
  username: string;
  idHash: string;
  /** Staff from login (STAFF_EMAILS then); staff calls re-check the current list too. */
  isStaff: boolean;
}

/** A new random id at every login; only its hash is stored. */
export async function startSession({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, userId: string, isStaff = false): Promise<string> {
  const id = generateToken();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await insertSession(tx, hashToken(id), userId, now, isStaff);
    await recordLogin(tx, userId, now);
  });
  return id;
}

/**
 * The live session for a cookie value, or undefined; an expired one is deleted
 * on sight. Every request extends it: the idle limit counts from the last
 * request itself, not from an occasional write, so 14:59 of quiet never logs
 * anyone out.
 */
export async function resumeSession({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, id: string): Promise<Session | undefined> {
  const idHash = hashToken(id);
  const now = clock.now();
  const cutoffs = sessionCutoffs(now);
  const row = await touchLiveSession(db, idHash, now, cutoffs.idle, cutoffs.absolute, cutoffs.staffAbsolute);
  if (!row) {
    await deleteSession(db, idHash);
    return undefined;
  }
  return { userId: row.user_id, username: row.email, idHash, isStaff: row.is_staff };
}

export async function endSession({ db }: Pick<AppDeps, 'db'>, id: string): Promise<void> {
  await deleteSession(db, hashToken(id));
}
