import { apiV1ApplicationParams, apiV1ListQuery } from '@admissions/domain/schemas';
import type { ApiV1Application, ApiV1ApplicationList } from '@admissions/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { apiCallerOf, recordApiCall, requireApiScope } from '../api-tokens';
import { parseApiInput } from './api-input';
import { makeCursor, readCursor } from './api-cursor';
import { applicationRow, applicationsPage, knownCyclesAndPrograms, type ApplicationRow } from './application-rows';
import { applicationViews } from './application-view';

/**
 * The application an /api/v1 path names, as the token may see it. A malformed id (parsed with the document's own
 * schema), an unknown one, or one of a program the token is not limited to: 404, the same answer for all three, and
 * audited like any call (every call is, issue 45) with the action it asked for.
 */
export async function applicationOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  req: FastifyRequest,
  action: string,
): Promise<ApplicationRow> {
  const caller = apiCallerOf(req);
  const raw = (req.params as { id?: unknown }).id;
  const params = apiV1ApplicationParams.safeParse({ id: raw });
  const row = params.success ? await applicationRow(deps.db, params.data.id.toLowerCase(), caller.programs) : undefined;
  if (row) return row;
  await recordApiCall(
    deps.db,
    caller,
    action,
    // Whatever the caller sent, kept readable: a NUL or a lone surrogate has no place in the log's JSON.
    typeof raw === 'string' ? raw.replace(/[^\x20-\x7e]/g, '?').slice(0, 100) : null,
    { found: false },
    deps.clock.now(),
  );
  throw new AppError('NOT_FOUND');
}

/**
 * GET /api/v1/applications and /api/v1/applications/{id} (issue 45), scope applications:read. A token limited to
 * programs sees only theirs; another program's application is 404, as one that does not exist. `decision` only
 * for a token with decisions:read. Every call is audited with the token's name.
 */
export function applicationsRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.get(
      '/applications',
      { preHandler: requireApiScope('applications:read') },
      async (req): Promise<ApiV1ApplicationList> => {
        const caller = apiCallerOf(req);
        const { limit, cursor, ...filters } = parseApiInput(apiV1ListQuery, req.query, 'API_FILTER_INVALID', {
          limit: 'API_LIMIT_INVALID',
          cursor: 'API_CURSOR_INVALID',
        });
        if (filters.cycle !== undefined || filters.program !== undefined) {
          const known = await knownCyclesAndPrograms(deps.db, deps.config.tenant);
          if (filters.cycle !== undefined && !known.cycles.has(filters.cycle))
            throw new AppError('API_FILTER_INVALID', { errors: { cycle: ['No such cycle.'] } });
          if (filters.program !== undefined && !known.programs.has(filters.program))
            throw new AppError('API_FILTER_INVALID', { errors: { program: ['No such program.'] } });
        }
        const after = cursor === undefined ? null : readCursor(deps.secretKey, cursor, filters);
        const rows = await applicationsPage(deps.db, { filters, programs: caller.programs, after, limit });
        const page = rows.slice(0, limit);
        const [data] = await Promise.all([
          applicationViews(deps, ctx, page, caller.scopes.includes('decisions:read')),
          recordApiCall(deps.db, caller, 'list-applications', null, { ...filters, limit, rows: page.length }, now()),
        ]);
        const last = page.at(-1);
        return { data, next_cursor: rows.length > limit && last ? makeCursor(deps.secretKey, last.id, filters) : null };
      },
    );

    app.get('/applications/:id', { preHandler: requireApiScope('applications:read') }, async (req) => {
      const caller = apiCallerOf(req);
      const row = await applicationOf(deps, req, 'view-application');
      const id = row.id;
      const [views] = await Promise.all([
        applicationViews(deps, ctx, [row], caller.scopes.includes('decisions:read')),
        recordApiCall(deps.db, caller, 'view-application', id, {}, now()),
      ]);
      return views[0] satisfies ApiV1Application | undefined;
    });
  };
}
