import { reportQuery } from '@admissions/domain/schemas';
import type { ReportKind, ReportOf } from '@admissions/domain';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { contentDisposition } from '../../http/content-disposition';
import { AppError } from '../../http/app-error';
import { csvLine } from '../../http/csv';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { freshenConsoleIndex } from '../staff';
import type { ReportDefinition } from './report-definition';
import { resolveFilters } from './report-filters';
import { reportFormat } from './report-format';
import { REPORTS } from './reports';

/**
 * The settings of a report's statements, for its own transaction only (SET LOCAL ends with it). JIT off: a
 * report's statements aggregate whole tables, and their cost estimates run high where the planner cannot know a
 * scope's size (the answers' applied_major is an expression without statistics, a CTE has none), which crosses
 * jit_inline_above_cost and jit_optimize_above_cost: at 200,000 applications the reviewers' statement spent 1 to
 * 3.5 s compiling (inlining and optimising) for 3 s of execution, the old timing statement 2 s
 * (docs/performance/reports.md). PGlite accepts the setting and has no JIT.
 */
const REPORT_SETTINGS = 'SET LOCAL jit = off';

/**
 * A report aggregates a whole cycle: at 200,000 applications its statements take seconds, over the request pool's
 * 2 s limit (docs/performance/reports.md). Its transaction alone gets this one; the office reads reports rarely,
 * and an applicant's call never waits behind it (each report holds one connection of the pool).
 */
const REPORT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * GET /api/staff/reports/{kind} (issue 47): every report behind the `reports` right (and its own, for the
 * reviewers'), drawn for the checked filters from the office's index brought up to date first, recorded in the
 * audit log before it is drawn, and answered as JSON or as CSV. A report that is not drawn by program
 * (`byProgram: false`, the equality report) refuses `?program=` before anything else is read.
 */
export function reportsRoutes(deps: AppDeps, form: FormContext) {
  return async (app: FastifyInstance) => {
    for (const report of Object.values(REPORTS) as ReportDefinition<ReportKind>[]) {
      const preHandler: preHandlerHookHandler[] = [requireRight(deps, 'reports')];
      if (report.right) preHandler.push(requireRight(deps, report.right));
      app.get(`/reports/${report.kind}`, { preHandler }, async (req, reply) => {
        const query = parseBody(reportQuery, req.query);
        // Before the program is checked against the member's limits: the same 400 for any program named.
        if (report.byProgram === false && query.program !== undefined) throw new AppError('REPORT_PROGRAM_NOT_ALLOWED');
        const format = reportFormat(query.format, req.headers.accept);
        const access = staffAccessOf(req);
        const { resolved, filters } = await resolveFilters(deps, access, query);
        // The office's index first, as the list does: a report read counts what changed in the last seconds.
        await freshenConsoleIndex(deps, form);
        const now = deps.clock.now();
        await recordStaffRead(
          deps.db,
          { userId: access.userId, email: access.email },
          null,
          'view-report',
          { report: report.kind, cycle: resolved.cycleId, program: resolved.program, format },
          now,
        );
        const drawn = await deps.db.transaction(
          async (db) => {
            await db.query(REPORT_SETTINGS);
            return report.draw({ deps: { ...deps, db }, form, filters: resolved, now });
          },
          { statementTimeoutMs: REPORT_STATEMENT_TIMEOUT_MS },
        );
        const answer = { generated_at: now.toISOString(), filters, ...drawn } as ReportOf<ReportKind>;
        reply.header('cache-control', 'no-store');
        if (format === 'json') return answer;
        const csv = report.csv(answer);
        const name = `${report.kind}-${resolved.cycleId}${resolved.program ? `-${resolved.program}` : ''}.csv`;
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header('content-disposition', contentDisposition('attachment', name));
        return [csv.header, ...csv.rows].map((line) => csvLine(line.map((v) => v ?? ''))).join('');
      });
    }
  };
}
