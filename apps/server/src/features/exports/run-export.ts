import { localDateOf, localDayTimeToInstant, addLocalDays, type TenantExport } from '@admissions/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { freshenConsoleIndex } from '../staff';
import { exportCsv } from './export-csv';
import { exportRows } from './export-rows';
import {
  claimRetry,
  claimRun,
  dueRetries,
  failRun,
  failStaleRuns,
  finishRun,
  runById,
  scheduledRunExists,
  type ExportRunRow,
} from './export-runs';
import { uploadExport } from './upload-export';

type ExportDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
export type ExportLog = Pick<Logger, 'info' | 'warn'>;

export const exportsOf = (deps: Pick<AppDeps, 'config'>): readonly TenantExport[] => deps.config.tenant.exports ?? [];

/** The instant of an export's time on a local date, in the institution's zone (past a spring gap when in one). */
function dueOn(exp: TenantExport, date: string, timeZone: string): Date {
  return localDayTimeToInstant(date, timeZone, exp.at)!;
}

/** When the export runs next: today's time unless today's run has its row, else tomorrow's. */
export async function nextRunAt(deps: ExportDeps, exp: TenantExport): Promise<Date> {
  const timeZone = deps.config.tenant.time_zone;
  const today = localDateOf(deps.clock.now(), timeZone);
  if (!(await scheduledRunExists(deps.db, exp.name, today))) return dueOn(exp, today, timeZone);
  return dueOn(exp, addLocalDays(today, 1), timeZone);
}

/**
 * One try of a run: the rows as they stand now (the console's index brought up to date first, as its CSV does),
 * the file, the upload. The outcome is written to the run's row; a failure is tried again after its back-off.
 */
export async function attemptRun(deps: ExportDeps, ctx: FormContext, run: ExportRunRow, log: ExportLog) {
  const exp = exportsOf(deps).find((e) => e.name === run.export_name);
  try {
    if (!exp) throw new Error('the export is no longer in the tenant file');
    await freshenConsoleIndex(deps, ctx);
    const rows = await exportRows(deps.db, deps.config.tenant, exp.filter, deps.clock.now());
    const csv = exportCsv(deps.config.tenant, exp, rows);
    await uploadExport(deps.config, exp.destination, run.file_name, Buffer.from(csv, 'utf8'));
    await finishRun(deps.db, run.id, rows.length, deps.clock.now());
    log.info({ export: run.export_name, run: run.id, rows: rows.length }, 'export written');
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const next = await failRun(deps.db, run, error, deps.clock.now());
    log.warn(
      { export: run.export_name, run: run.id, attempt: run.attempts, error, next_attempt_at: next },
      next ? 'export failed; it is tried again' : 'export failed for good',
    );
  }
}

/**
 * One pass of the exports job: each export whose time has come today gets its day's run (claimed by its row, so
 * however many processes or ticks try, it runs once), and each failed run whose back-off is over is tried again.
 * A try a dead process left "running" is failed first, so it is retried too.
 */
export async function runExportsPass(deps: ExportDeps, ctx: FormContext, log: ExportLog) {
  const exports = exportsOf(deps);
  if (exports.length === 0) return { started: 0, retried: 0 };
  const now = deps.clock.now();
  const timeZone = deps.config.tenant.time_zone;
  const today = localDateOf(now, timeZone);
  await failStaleRuns(deps.db, now);
  let started = 0;
  for (const exp of exports) {
    if (now < dueOn(exp, today, timeZone)) continue;
    const run = await claimRun(
      deps.db,
      { name: exp.name, date: today, trigger: 'schedule', startedBy: 'schedule' },
      now,
    );
    if (!run) continue;
    started++;
    await attemptRun(deps, ctx, run, log);
  }
  let retried = 0;
  for (const due of await dueRetries(
    deps.db,
    exports.map((e) => e.name),
    now,
  )) {
    const run = await claimRetry(deps.db, due, deps.clock.now());
    if (!run) continue;
    retried++;
    await attemptRun(deps, ctx, run, log);
  }
  return { started, retried };
}

/** Carries out a run an administrator started (POST …/run), unless it is no longer waiting for its first try. */
export async function runStartedRun(deps: ExportDeps, ctx: FormContext, runId: string, log: ExportLog) {
  const run = await runById(deps.db, runId);
  if (run?.state !== 'running' || run.attempts !== 1 || run.finished_at) return;
  await attemptRun(deps, ctx, run, log);
}
