import { localDateOf, type ExportRun, type ExportsResponse } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { claimRun, recentRuns, toExportRun } from './export-runs';
import { sendStartedRun } from './exports-worker';
import { exportsOf, nextRunAt } from './run-export';

/**
 * The scheduled exports under /api/staff (issue 45), behind the staff check (app.ts) and the `manage_team` right:
 * - GET /exports: each export of the tenant file, its next run and its last runs, audited (view-exports);
 * - POST /exports/{name}/run: a run now, 202 with the run (the exports job carries it out); 404 EXPORT_UNKNOWN,
 *   409 EXPORT_RUNNING while a run of it is under way; audited (export-run) in the run's own transaction.
 */
export function exportsRoutes(deps: AppDeps) {
  const manage = requireRight(deps, 'manage_team');
  return async (app: FastifyInstance) => {
    app.get('/exports', { preHandler: manage }, async (req, reply): Promise<ExportsResponse> => {
      const exports = exportsOf(deps);
      const [runs] = await Promise.all([
        recentRuns(
          deps.db,
          exports.map((e) => e.name),
        ),
        recordStaffRead(deps.db, staffOf(req), null, 'view-exports', {}, deps.clock.now()),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        exports: await Promise.all(
          exports.map(async (e) => ({
            name: e.name,
            at: e.at,
            destination: e.destination,
            columns: e.columns,
            next_run_at: (await nextRunAt(deps, e)).toISOString(),
            runs: (runs.get(e.name) ?? []).map(toExportRun),
          })),
        ),
      };
    });

    app.post<{ Params: { name: string } }>(
      '/exports/:name/run',
      { preHandler: manage },
      async (req, reply): Promise<ExportRun> => {
        const exp = exportsOf(deps).find((e) => e.name === req.params.name);
        if (!exp) throw new AppError('EXPORT_UNKNOWN');
        const member = staffOf(req);
        const now = deps.clock.now();
        const run = await deps.db.transaction(async (tx) => {
          const started = await claimRun(
            tx,
            {
              name: exp.name,
              date: localDateOf(now, deps.config.tenant.time_zone),
              trigger: 'manual',
              startedBy: member.email,
            },
            now,
          );
          if (!started) throw new AppError('EXPORT_RUNNING');
          await recordStaffRead(tx, member, null, 'export-run', { name: exp.name, run_id: started.id }, now);
          return started;
        });
        await sendStartedRun(deps, run.id);
        return reply.code(202).send(toExportRun(run));
      },
    );
  };
}
