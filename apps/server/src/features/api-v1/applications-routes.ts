import { apiV1ApplicationParams, apiV1ListQuery } from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import {
  apiCallAuditRow,
  apiCallerOf,
  markApiCallAudited,
  recordApiCall,
  requireApiScope,
  takeTokenCheck,
} from '../api-tokens';
import { parseApiInput } from './api-input';
import { listAnswer } from './list-answer';
import { makeCursor, readCursor } from './api-cursor';
import { applicationRow, applicationsPage, knownCyclesAndPrograms, type PageRow } from './application-rows';
import { applicationTexts, viewCheckOf } from './api-views';

/**
 * The application an /api/v1 path names, as the token may see it. A malformed id (parsed with the document's own
 * schema), an unknown one, or one of a program the token is not limited to: 404, the same answer for all three, and
 * audited like any call (every call is, issue 45) with the action it asked for.
 */
export async function applicationOf(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  req: FastifyRequest,
  action: string,
  withView = false,
): Promise<PageRow> {
  const caller = apiCallerOf(req);
  const raw = (req.params as { id?: unknown }).id;
  const params = apiV1ApplicationParams.safeParse({ id: raw });
  const check = withView ? viewCheckOf(deps, deps.clock.now()) : undefined;
  const row = params.success
    ? await applicationRow(deps.db, params.data.id.toLowerCase(), caller.programs, check)
    : undefined;
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

/** An answer already JSON (apiV1ApplicationList or apiV1Application, api-views.ts), sent as it is. */
function sendJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * GET /api/v1/applications and /api/v1/applications/{id} (issue 45), scope applications:read. A token limited to
 * programs sees only theirs; another program's application is 404, as one that does not exist. `decision` only
 * for a token with decisions:read. Every call is audited with the token's name. Each application is its stored view
 * when that is current (api-views.ts), so a page is one indexed read of ready JSON.
 */
export function applicationsRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    // The list checks its token live in the page's own statement (one round trip for the token, the page and the
    // audit row): the call a student-record system makes most, page after page. A refusal before that statement
    // (a bad limit, cursor or filter) reads the token first (api-tokens apiTokenGuard): 401 for a revoked one.
    const list = { preHandler: requireApiScope('applications:read'), config: { checksApiTokenItself: true } };
    app.get('/applications', list, (req, reply) => listApplications(req, reply));

    async function listApplications(req: FastifyRequest, reply: FastifyReply) {
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
      const at = now();
      const tokenCheck = takeTokenCheck(req);
      const { rows, tokenLive } = await applicationsPage(
        deps.db,
        { filters, programs: caller.programs, after, limit },
        viewCheckOf(deps, at),
        apiCallAuditRow(caller, 'list-applications', null, { ...filters, limit }, at),
        tokenCheck && { tokenId: tokenCheck.tokenId, now: req.arrivedAt ?? at },
      );
      if (!tokenLive && tokenCheck) throw tokenCheck.refused();
      // The page's statement wrote the call's audit row.
      markApiCallAudited(caller);
      const page = rows.slice(0, limit);
      const data = await applicationTexts(deps, ctx, page, caller.scopes.includes('decisions:read'));
      const last = page.at(-1);
      const next = rows.length > limit && last ? makeCursor(deps.secretKey, last.id, filters) : null;
      return sendJson(reply, listAnswer(data, next, reply.raw));
    }

    app.get('/applications/:id', { preHandler: requireApiScope('applications:read') }, async (req, reply) => {
      const caller = apiCallerOf(req);
      const row = await applicationOf(deps, req, 'view-application', true);
      const [texts] = await Promise.all([
        applicationTexts(deps, ctx, [row], caller.scopes.includes('decisions:read')),
        recordApiCall(deps.db, caller, 'view-application', row.id, {}, now()),
      ]);
      return sendJson(reply, texts[0]!.join(''));
    });
  };
}
