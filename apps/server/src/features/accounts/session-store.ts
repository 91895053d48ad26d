import type { AppDeps } from '../../app-deps';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS } from './account-limits';
import { generateToken, hashSessionId } from './secrets';
import { deleteSession, findSession, insertSession, recordLogin, touchSession } from './sessions-repository';

export interface Session {
  userId: string;
  username: string;
  idHash: string;
}

/** A new random id at every login; only its hash is stored. */
export async function startSession({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, userId: string): Promise<string> {
  const id = generateToken();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await insertSession(tx, hashSessionId(id), userId, now);
    await recordLogin(tx, userId, now);
  });
  return id;
}

/** The live session for a cookie value, or undefined; an expired one is deleted on sight. */
export async function resumeSession({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, id: string): Promise<Session | undefined> {
  const idHash = hashSessionId(id);
  const row = await findSession(db, idHash);
  if (!row) return undefined;
  const now = clock.now().getTime();
  const lastSeen = new Date(row.last_seen_at).getTime();
  const idle = now - lastSeen >= SESSION_IDLE_MS;
  const tooOld = now - new Date(row.created_at).getTime() >= SESSION_ABSOLUTE_MS;
  if (idle || tooOld) {
    await deleteSession(db, idHash);
    return undefined;
  }
  if (now - lastSeen >= SESSION_TOUCH_INTERVAL_MS) await touchSession(db, idHash, clock.now());
  return { userId: row.user_id, username: row.email, idHash };
}

export async function endSession({ db }: Pick<AppDeps, 'db'>, id: string): Promise<void> {
  await deleteSession(db, hashSessionId(id));
}
