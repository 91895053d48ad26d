import type { Queryable } from '../infra/db/db';
import { MINUTE } from '../infra/time-units';

/** A session row is written at most this often by the requests that use it. */
export const TOUCH_EVERY_MS = MINUTE;
/** Requests seen since the last write reach the database within this time. */
const FLUSH_EVERY_MS = 30_000;

/**
 * The idle limit counts from the last request itself (14:59 of quiet never
 * logs anyone out), yet writing the session row on every request made each
 * read a write and a commit. So a request writes the row only when it was
 * last written a minute ago or more; the time of every other request is kept
 * here and written in one statement every 30 seconds. The liveness check
 * takes the later of the row and this record, so the rule stays exact in
 * this process, and other processes see the row at most 30 seconds behind
 * a request they did not serve (always within the first of the 15 minutes).
 */
export class SessionActivity {
  private readonly unwritten = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Queryable) {}

  /** The last request of this session that is not yet in its row, if any. */
  seenSince(idHash: string): Date | undefined {
    return this.unwritten.get(idHash);
  }

  /** A request of a live session; written says whether its row got the time already. */
  note(idHash: string, at: Date, written: boolean): void {
    if (written) {
      this.unwritten.delete(idHash);
      return;
    }
    const before = this.unwritten.get(idHash);
    if (!before || before < at) this.unwritten.set(idHash, at);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      // Never the reason a process stays up; a lost record costs at most 30 s of idle time.
      this.timer.unref();
    }
  }

  forget(idHash: string): void {
    this.unwritten.delete(idHash);
  }

  /** Writes every recorded request time to its row (never moving a row back in time). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.unwritten.size === 0) return;
    const entries = [...this.unwritten];
    this.unwritten.clear();
    try {
      await this.db.query(
        `UPDATE sessions s SET last_seen_at = GREATEST(s.last_seen_at, t.seen)
         FROM unnest($1::text[], $2::timestamptz[]) AS t (id_hash, seen) WHERE s.id_hash = t.id_hash`,
        [entries.map(([id]) => id), entries.map(([, seen]) => seen)],
      );
    } catch {
      // Only when the database is going away (shutdown, a lost connection): the records
      // go back so a later flush or request can still write them.
      for (const [id, seen] of entries) if (!this.unwritten.has(id)) this.unwritten.set(id, seen);
    }
  }
}

const byDb = new WeakMap<Queryable, SessionActivity>();

/** One record per database handle, shared by every route and check of the app that uses it. */
export function sessionActivity(db: Queryable): SessionActivity {
  let activity = byDb.get(db);
  if (!activity) {
    activity = new SessionActivity(db);
    byDb.set(db, activity);
  }
  return activity;
}
