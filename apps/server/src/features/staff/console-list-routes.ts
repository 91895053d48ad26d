import { localDateOf, type StaffListResponse } from '@admissions/domain';
import { staffListQuery } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { staffAccessOf } from '../../session/staff-access';
import { scoresBlindTo } from './blind-review';
import { csvLines, withExternalIds } from './console-csv';
import { externalIdsOf, externalSystems } from './external-ids';
import { freshenConsoleIndex } from './console-index';
import { allMatchingRows, listApplications } from './console-list';
import { decisionLabels } from './decision-labels';
import { listContextOf } from './stages-repository';

/**
 * The console's list of applications and its CSV export, inside the /api/staff scope (staffRoutes): both
 * read the console's index, filtered to the member's programs, and both reads are in the audit log.
 */
export function consoleListRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  const labels = decisionLabels(deps.config.tenant);

  return async (app: FastifyInstance) => {
    app.get('/applications', async (req): Promise<StaffListResponse> => {
      const query = parseBody(staffListQuery, req.query);
      const { page: _p, sort: _s, dir: _d, ...filters } = query;
      const access = staffAccessOf(req);
      const list = (checkIndex: boolean) =>
        listApplications(
          deps.db,
          deps.config.tenant,
          query,
          access.programs,
          listContextOf(deps.db, now()),
          labels,
          scoresBlindTo(access),
          checkIndex,
          access.userId,
          now(),
        );
      // The audit row is written alongside the read, not after it: the answer still waits for both. The page's
      // statement says whether the index was behind the answer history in its own snapshot; only then does the
      // call run a refresher pass and read again, so a reader still sees the changes of the last seconds
      // without a round trip of its own for the check (decision 051).
      const [first] = await Promise.all([
        list(true),
        recordStaffRead(deps.db, staffOf(req), null, 'list', { ...filters, page: query.page }, now()),
      ]);
      if (!first.indexBehind) return first.response;
      await freshenConsoleIndex(deps, ctx);
      return (await list(false)).response;
    });

    app.get('/applications.csv', async (req, reply) => {
      const query = parseBody(staffListQuery, req.query);
      await freshenConsoleIndex(deps, ctx);
      let count = 0;
      const parts: string[] = [];
      const list = await listContextOf(deps.db, now());
      const access = staffAccessOf(req);
      const rows = allMatchingRows(
        deps.db,
        deps.config.tenant,
        query,
        access.programs,
        list,
        labels,
        scoresBlindTo(access),
        access.userId,
      );
      const timeZone = deps.config.tenant.time_zone;
      // Issue 45: a column per campus system that wrote IDs back, only when one has (no system, no column).
      const systems = await externalSystems(deps.db);
      const withIds = systems.length ? withExternalIds(rows, (ids) => externalIdsOf(deps.db, ids)) : rows;
      for await (const line of csvLines(withIds, { timeZone, now: now() }, () => count++, systems)) parts.push(line);
      const { page: _p, sort: _s, dir: _d, ...filters } = query;
      await recordStaffRead(deps.db, staffOf(req), null, 'export-csv', { ...filters, rows: count }, now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applications-${localDateOf(now(), timeZone)}.csv"`)
        .send(parts.join(''));
    });
  };
}
