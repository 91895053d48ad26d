import type { FastifyInstance } from 'fastify';
import { isLookupCategory, type LookupCategory } from '@admissions/domain';
import { lookupIdQuerySchema, lookupTextQuerySchema } from '@admissions/domain/schemas';
import { AppError } from '../../http/app-error';
import { createSharedRateLimit } from '../../http/shared-rate-limit';
import { parseBody } from '../../http/parse-body';
import type { Clock } from '../../infra/clock';
import type { Queryable } from '../../infra/db/db';
import { MINUTE } from '../../infra/time-units';
import type { LookupService } from '../../core/lookup-service';

/**
 * Calls per IP and minute. Typing with the 200 ms debounce makes at most a
 * few calls a second, so this stops floods while a campus of applicants
 * behind one address still fits.
 */
export const LOOKUP_CALLS_PER_MINUTE = 600;

/**
 * GET /lookup/find (SPEC section 7), public because visitors fill in the form
 * too: with `text`, at most max_results (never more than 5) matches, best
 * first; with `id`, the full record.
 */
export function lookupRoutes(deps: { db: Queryable }, lookups: LookupService, clock: Clock) {
  // Shared by every process (decision 046) but claimed 60 calls at a time: the lookups put next to no load on
  // the database (one statement per 60 calls of a client), and a client gets the limit once, not once per process.
  const limit = createSharedRateLimit(deps.db, {
    name: 'lookups',
    max: LOOKUP_CALLS_PER_MINUTE,
    windowMs: MINUTE,
    slide: false,
    lease: 60,
  });
  return async (app: FastifyInstance) => {
    app.get('/find', async (request) => {
      await limit.hit(request.ip, clock.now().getTime());
      const query = (request.query ?? {}) as Record<string, unknown>;
      // The category is checked before anything else, so a client sending an unknown kind always learns that first.
      const category = query.category;
      if (!isLookupCategory(category)) throw new AppError('LOOKUP_CATEGORY_UNKNOWN');

      if ('id' in query) {
        if ('text' in query || 'max_results' in query) throw badRequest('_', 'Send either id or text, not both.');
        const { id } = parseBody(lookupIdQuerySchema, query);
        const record = await lookups.get(category as LookupCategory, id);
        if (!record) throw new AppError('LOOKUP_ID_UNKNOWN');
        return record;
      }
      const { text, max_results } = parseBody(lookupTextQuerySchema, query);
      return lookups.find(category, text, max_results);
    });
  };
}

function badRequest(key: string, message: string) {
  return new AppError('BAD_REQUEST', { errors: { [key]: [message] } });
}
