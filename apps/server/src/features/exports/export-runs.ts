import { randomUUID } from 'node:crypto';
import type { ExportRun } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** A failed run is tried again after these waits, then counts as failed for good (4 tries in all). */
export const EXPORT_RETRY_DELAYS_MS = [5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
/** A try still "running" after this long belongs to a process that died: it counts as failed and is tried again. */
export const EXPORT_STALE_MS = 15 * 60_000;
/** How many runs of each export the console shows. */
export const EXPORT_RUNS_SHOWN = 10;

export interface ExportRunRow {
  id: string;
  export_name: string;
  run_date: string;
  trigger: 'schedule' | 'manual';
  started_by: string;
  state: ExportRun['state'];
  file_name: string;
  rows: number | null;
  attempts: number;
  error: string | null;
  started_at: Date;
  attempt_started_at: Date;
  finished_at: Date | null;
  next_attempt_at: Date | null;
}

export const exportFileName = (name: string, date: string) => `${name}-${date}.csv`;

/**
 * Starts a run, or null when it may not start: the day's scheduled run already has its row (another process, or
 * an earlier tick, claimed it), or a run of the export is under way. The unique indexes decide
 * (141-export-runs.sql), so two processes trying at the same instant make one row.
 */
export async function claimRun(
  db: Queryable,
  run: { name: string; date: string; trigger: ExportRunRow['trigger']; startedBy: string },
  now: Date,
): Promise<ExportRunRow | null> {
  const { rows } = await db.query<ExportRunRow>(
    `INSERT INTO export_runs (id, export_name, run_date, trigger, started_by, state, file_name, attempts,
       started_at, attempt_started_at)
     VALUES ($1, $2, $3, $4, $5, 'running', $6, 1, $7, $7)
     ON CONFLICT DO NOTHING RETURNING *`,
    [randomUUID(), run.name, run.date, run.trigger, run.startedBy, exportFileName(run.name, run.date), now],
  );
  return rows[0] ?? null;
}

/** Whether the day's scheduled run has its row. */
export async function scheduledRunExists(db: Queryable, name: string, date: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM export_runs WHERE export_name = $1 AND run_date = $2 AND trigger = 'schedule'`,
    [name, date],
  );
  return rows.length > 0;
}

/** A try left "running" by a process that died is failed, to be tried again now. */
export async function failStaleRuns(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `UPDATE export_runs SET state = 'failed', error = 'the process running it stopped before it finished',
       next_attempt_at = CASE WHEN attempts < $3 THEN $1::timestamptz END
     WHERE state = 'running' AND attempt_started_at <= $2`,
    [now, new Date(now.getTime() - EXPORT_STALE_MS), EXPORT_RETRY_DELAYS_MS.length + 1],
  );
}

/** Failed runs whose next try is due, of the exports still configured. */
export async function dueRetries(db: Queryable, names: readonly string[], now: Date): Promise<ExportRunRow[]> {
  const { rows } = await db.query<ExportRunRow>(
    `SELECT * FROM export_runs WHERE state = 'failed' AND next_attempt_at <= $1 AND export_name = ANY ($2::text[])
     ORDER BY next_attempt_at, id`,
    [now, names],
  );
  return rows;
}

/**
 * Takes a due retry for this process: null when another process took it first, or a run of the same export is
 * under way (its unique index refuses the second "running" row; the retry waits for the next pass).
 */
export async function claimRetry(db: Queryable, run: ExportRunRow, now: Date): Promise<ExportRunRow | null> {
  try {
    const { rows } = await db.query<ExportRunRow>(
      `UPDATE export_runs SET state = 'running', attempts = attempts + 1, attempt_started_at = $2,
         next_attempt_at = NULL, finished_at = NULL
       WHERE id = $1 AND state = 'failed' AND next_attempt_at <= $2
         AND NOT EXISTS (SELECT 1 FROM export_runs r WHERE r.export_name = $3 AND r.state = 'running')
       RETURNING *`,
      [run.id, now, run.export_name],
    );
    return rows[0] ?? null;
  } catch {
    // Two processes retried two runs of one export at once: the unique index let one of them through.
    return null;
  }
}

export async function finishRun(db: Queryable, id: string, rows: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE export_runs SET state = 'succeeded', rows = $2, error = NULL, finished_at = $3 WHERE id = $1`,
    [id, rows, now],
  );
}

/** A failed try: tried again after its back-off, or failed for good after the last. */
export async function failRun(db: Queryable, run: ExportRunRow, error: string, now: Date): Promise<Date | null> {
  const delay = EXPORT_RETRY_DELAYS_MS[run.attempts - 1];
  const next = delay === undefined ? null : new Date(now.getTime() + delay);
  await db.query(
    `UPDATE export_runs SET state = 'failed', error = $2, finished_at = $3, next_attempt_at = $4 WHERE id = $1`,
    [run.id, error.slice(0, 1000), now, next],
  );
  return next;
}

export async function runById(db: Queryable, id: string): Promise<ExportRunRow | null> {
  const { rows } = await db.query<ExportRunRow>('SELECT * FROM export_runs WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** The newest runs of each export, newest first. */
export async function recentRuns(db: Queryable, names: readonly string[]): Promise<Map<string, ExportRunRow[]>> {
  const { rows } = await db.query<ExportRunRow>(
    `SELECT r.* FROM unnest($1::text[]) AS n (name)
     CROSS JOIN LATERAL (SELECT * FROM export_runs WHERE export_name = n.name
       ORDER BY started_at DESC, id DESC LIMIT ${EXPORT_RUNS_SHOWN}) r
     ORDER BY r.export_name, r.started_at DESC, r.id DESC`,
    [names],
  );
  const byName = new Map<string, ExportRunRow[]>(names.map((n) => [n, []]));
  for (const row of rows) byName.get(row.export_name)?.push(row);
  return byName;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

export function toExportRun(row: ExportRunRow): ExportRun {
  return {
    id: row.id,
    date: row.run_date,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: iso(row.finished_at),
    state: row.state,
    file_name: row.file_name,
    rows: row.rows,
    attempts: row.attempts,
    error: row.error,
    started_by: row.started_by,
    next_attempt_at: iso(row.next_attempt_at),
  };
}
