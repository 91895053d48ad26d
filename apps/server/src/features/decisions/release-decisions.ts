import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { recordIntegrationEvents } from '../../core/integration-events';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { recordStaffActions, type StaffMember } from '../../session/audit-log';
import type { StaffAccess } from '../../session/staff-access';
import { decisionAvailableMail, enqueueMailsIn } from '../mail';
import { copyDecisionStates } from '../staff';
import { defaultReplyBy } from './decision-letter';
import { codeOf } from './decision-rules';
import {
  makerAccessNow,
  recordWithheld,
  unseenByMaker,
  withholdRestOfRelease,
  type ReleaseMaker,
} from './release-maker';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jobs'>;

/** The applications of a release call that can be released: each has a provisional decision and is not withdrawn. */
export async function releasable(deps: Pick<AppDeps, 'db'>, userIds: readonly string[]) {
  const { rows } = await deps.db.query<{ user_id: string; code: string; withdrawn: boolean }>(
    `SELECT u.id AS user_id, d.code, (w.user_id IS NOT NULL) AS withdrawn
     FROM unnest($1::uuid[]) AS u(id)
     LEFT JOIN decisions d ON d.user_id = u.id AND d.status = 'provisional'
     LEFT JOIN application_withdrawals w ON w.user_id = u.id`,
    [userIds],
  );
  const withdrawn = rows.filter((r) => r.withdrawn).map((r) => r.user_id);
  if (withdrawn.length)
    throw new AppError('APPLICATION_WITHDRAWN', {
      message: 'Some of these applications were withdrawn.',
      errors: { application_ids: withdrawn },
    });
  const missing = rows.filter((r) => r.code === null).map((r) => r.user_id);
  if (missing.length) throw new AppError('DECISION_MISSING', { errors: { application_ids: missing } });
  return rows.map((r) => ({ user_id: r.user_id, code: r.code }));
}

/**
 * Stores a release of these applications at an instant (now or later) and its
 * audit rows, in one transaction. It is carried out by carryOutRelease: at
 * once for "now", by the decisions job (decision-worker.ts) at its time.
 */
export async function createRelease(
  deps: Deps,
  staff: StaffMember,
  userIds: readonly string[],
  at: Date,
): Promise<string> {
  const id = randomUUID();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO decision_releases (id, release_at, status, created_by_id, created_by, created_at, total)
       VALUES ($1, $2, 'scheduled', $3, $4, $5, $6)`,
      [id, at, staff.userId || null, staff.email, now, userIds.length],
    );
    await tx.query(
      `INSERT INTO decision_release_items (release_id, user_id) SELECT $1, id FROM unnest($2::uuid[]) AS id`,
      [id, userIds],
    );
    await copyDecisionStates(tx, userIds);
    await recordStaffActions(tx, staff, userIds, 'release-decision', { release_id: id, at: at.toISOString() }, now);
  });
  return id;
}

/**
 * Carries a release out, a batch at a time (DECISION_RELEASE_BATCH_SIZE, config). Each
 * batch is one transaction: it supersedes the released decisions that a new
 * one replaces, releases the current provisional decisions (the latest, even
 * if they changed after the release was scheduled), queues one notice per
 * applicant in the same transaction, and marks its items done. A process
 * killed between batches leaves the rest for the next run (the decisions job
 * resumes due releases at start and every minute); none is released twice,
 * and each notice is queued once (its sending: decision 049). The release row
 * is locked by each batch, so two processes never work on one release at once.
 *
 * Each batch first asks whether the release's maker may still release (issue
 * 48): a scheduled release is carried out hours after it was made, and speaks
 * for its maker only as far as the maker's access goes now. A maker no longer
 * on the team or without the right to decide releases nothing: the rest of
 * the release is cancelled. An application in a program the maker no longer
 * sees is left out of its batch. Either way its decision stays provisional and
 * the audit log says why (release-maker.ts).
 *
 * Returns how many were released. With maxBatches, it stops after that many and
 * leaves the rest to the decisions job.
 */
export async function carryOutRelease(
  deps: Deps,
  releaseId: string,
  log?: Pick<Logger, 'info'>,
  batchSize = deps.config.decisionReleaseBatchSize,
  maxBatches = Infinity,
): Promise<number> {
  let released = 0;
  for (let batches = 0; batches < maxBatches; batches++) {
    const count = await deps.db.transaction((tx) => releaseBatch(deps, tx, releaseId, batchSize, log));
    if (count === null) return released;
    released += count;
    log?.info({ release_id: releaseId, batch: count, released }, 'decisions released');
  }
  return released;
}

type Release = { status: string; release_at: Date } & ReleaseMaker;

/**
 * One batch of a release, in its transaction: how many were released, or null when nothing is left to do (the
 * release is over, or cancelled now because its maker may release nothing).
 */
async function releaseBatch(
  deps: Deps,
  tx: Queryable,
  releaseId: string,
  batchSize: number,
  log: Pick<Logger, 'info'> | undefined,
): Promise<number | null> {
  const now = deps.clock.now();
  const release = (
    await tx.query<Release>(
      'SELECT status, release_at, created_by, created_by_id FROM decision_releases WHERE id = $1 FOR UPDATE',
      [releaseId],
    )
  ).rows[0];
  if (!release || release.status !== 'scheduled') return null;
  const maker = await makerAccessNow(deps, tx, release);
  if (typeof maker === 'string') {
    const withheld = await withholdRestOfRelease(deps, tx, releaseId, release, maker);
    log?.info({ release_id: releaseId, withheld, reason: maker }, 'release cancelled: its maker may not release');
    return null;
  }
  const items = await tx.query<{ user_id: string }>(
    `SELECT user_id FROM decision_release_items WHERE release_id = $1 AND NOT done ORDER BY user_id LIMIT $2`,
    [releaseId, batchSize],
  );
  const ids = items.rows.map((r) => r.user_id);
  if (ids.length === 0) {
    await tx.query(`UPDATE decision_releases SET status = 'done', finished_at = $2 WHERE id = $1`, [releaseId, now]);
    return null;
  }
  const releasing = await leaveOutUnseen(deps, tx, releaseId, release, maker, ids, log);
  const count = await releaseDecisions(deps, tx, releaseId, release, releasing, now);
  await tx.query(`UPDATE decision_release_items SET done = true WHERE release_id = $1 AND user_id = ANY($2::uuid[])`, [
    releaseId,
    ids,
  ]);
  await copyDecisionStates(tx, ids);
  return count;
}

/** Of a batch, the applications its maker still sees; the others are recorded as withheld. */
async function leaveOutUnseen(
  deps: Deps,
  tx: Queryable,
  releaseId: string,
  release: Release,
  maker: StaffAccess,
  ids: string[],
  log: Pick<Logger, 'info'> | undefined,
): Promise<string[]> {
  // Left out of this batch: marked done with the rest of it (releaseBatch), so the release no longer waits for them.
  const unseen = new Set(await unseenByMaker(tx, maker, ids));
  await recordWithheld(deps, tx, releaseId, release, [...unseen], 'program-not-seen');
  if (unseen.size)
    log?.info({ release_id: releaseId, withheld: unseen.size }, 'left out: its maker no longer sees their program');
  return ids.filter((id) => !unseen.has(id));
}

/**
 * Releases the current provisional decisions of these applications (superseding the released ones they replace)
 * and queues one notice per applicant; returns how many were released.
 */
async function releaseDecisions(
  deps: Deps,
  tx: Queryable,
  releaseId: string,
  release: Release,
  releasing: string[],
  now: Date,
): Promise<number> {
  const tenant = deps.config.tenant;
  const offers = tenant.decisions.codes.filter((c) => c.offer).map((c) => c.code);
  const eligible = `user_id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = decisions.user_id)`;
  await tx.query(
    `UPDATE decisions SET status = 'superseded', ended_at = $2
     WHERE status = 'released' AND ${eligible}
       AND EXISTS (SELECT 1 FROM decisions p WHERE p.user_id = decisions.user_id AND p.status = 'provisional')`,
    [releasing, now],
  );
  const { rows } = await tx.query<{ id: string; email: string; user_id: string; code: string }>(
    `WITH released AS (
       UPDATE decisions SET status = 'released', released_at = $2, released_by = $3, release_id = $4,
         reply_by = CASE WHEN code = ANY($5::text[]) THEN coalesce(reply_by, $6::timestamptz) END
       WHERE status = 'provisional' AND ${eligible}
       RETURNING id, user_id, code)
     SELECT r.id, r.user_id, r.code, u.email FROM released r JOIN users u ON u.id = r.user_id ORDER BY r.user_id`,
    // The reply-by counts from the release's time, as the decider's preview did (issue 41): every batch of a
    // release, and a scheduled one carried out a minute late, give the same date. It falls at the end of its
    // day in the institution's zone, unless the tenant names another time (issue 49).
    [releasing, now, release.created_by, releaseId, offers, defaultReplyBy(tenant, new Date(release.release_at))],
  );
  // The campus systems hear of each decision as the applicant now reads it (issue 45): released, never a draft.
  await recordIntegrationEvents(
    tx,
    rows.map((r) => ({
      type: 'decision.released' as const,
      applicationId: r.user_id,
      data: {
        decision: { code: r.code, label: codeOf(tenant.decisions, r.code)?.label ?? r.code },
        released_at: now.toISOString(),
      },
    })),
    now,
  );
  await enqueueMailsIn(
    deps,
    tx,
    rows.map((r) => ({
      message: decisionAvailableMail(deps.config, r.email),
      onceKey: `decision-released:${r.id}`,
    })),
  );
  return rows.length;
}

/** Every release whose time has come (by deps.clock), carried out; returns how many decisions were released. */
export async function runDueReleases(deps: Deps, log?: Pick<Logger, 'info'>): Promise<number> {
  const { rows } = await deps.db.query<{ id: string }>(
    `SELECT id FROM decision_releases WHERE status = 'scheduled' AND release_at <= $1 ORDER BY release_at, created_at`,
    [deps.clock.now()],
  );
  let released = 0;
  for (const { id } of rows) released += await carryOutRelease(deps, id, log);
  return released;
}

/**
 * Cancels a release that has not started: its decisions stay provisional.
 * Null when there is no such release; false when it is carried out or cancelled already.
 */
export async function cancelRelease(deps: Pick<AppDeps, 'db' | 'clock'>, releaseId: string) {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; release_at: Date }>(
      'SELECT status, release_at FROM decision_releases WHERE id = $1 FOR UPDATE',
      [releaseId],
    );
    const release = rows[0];
    if (!release) return null;
    const started = (
      await tx.query('SELECT 1 FROM decision_release_items WHERE release_id = $1 AND done LIMIT 1', [releaseId])
    ).rows.length;
    if (release.status !== 'scheduled' || started || new Date(release.release_at) <= deps.clock.now()) return false;
    await tx.query(`UPDATE decision_releases SET status = 'cancelled', finished_at = $2 WHERE id = $1`, [
      releaseId,
      deps.clock.now(),
    ]);
    const { rows: items } = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM decision_release_items WHERE release_id = $1',
      [releaseId],
    );
    await copyDecisionStates(
      tx,
      items.map((r) => r.user_id),
    );
    return true;
  });
}

export async function releaseItems(deps: Pick<AppDeps, 'db'>, releaseId: string): Promise<string[]> {
  const { rows } = await deps.db.query<{ user_id: string }>(
    'SELECT user_id FROM decision_release_items WHERE release_id = $1',
    [releaseId],
  );
  return rows.map((r) => r.user_id);
}
