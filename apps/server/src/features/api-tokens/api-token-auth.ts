import type { ApiTokenScope } from '@admissions/domain';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../http/is-uuid';
import { createSharedRateLimit } from '../../http/shared-rate-limit';
import { MINUTE } from '../../infra/time-units';
import { readSessionCookie } from '../../session/session-cookies';
import { recordApiCall } from './api-call-audit';
import { apiCallerOf, setApiCaller } from './api-caller';
import { hashTokenSecret, looksLikeToken } from './api-token-secret';
import { findLiveToken } from './api-tokens-repository';

/** What a refused call is told to send (RFC 6750): a bearer token; `invalid_token` when the one sent is not live. */
function challenge(reply: FastifyReply, tokenSent: boolean): void {
  reply.header('www-authenticate', `Bearer realm="api"${tokenSent ? ', error="invalid_token"' : ''}`);
}

/** The token of `Authorization: Bearer <token>` (the scheme in any case, RFC 7235), or undefined. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

/** Where requireApiScope records a refusal: the deps of the scope that let the call in. */
const auditByRequest = new WeakMap<FastifyRequest, Pick<AppDeps, 'db' | 'clock'>>();

/**
 * onRequest hook of the /api/v1 scope (issue 45): the caller is the live token of `Authorization: Bearer`. The
 * token's row is read on every call, no cache, so a revoked or expired token is refused at its next call on every
 * process. Refused: no bearer token, 401 API_TOKEN_INVALID, or API_SESSION_NOT_ACCEPTED when the call came with
 * the console's or an applicant's session cookie instead (sessions never work on the API); a token that is not
 * ours or not live, 401 API_TOKEN_INVALID; both with WWW-Authenticate. Over the token's calls a minute
 * (API_TOKEN_RATE_PER_MINUTE, counted across every process in the database), 429 RATE_LIMITED with Retry-After.
 */
export function apiTokenAuth(deps: AppDeps): onRequestHookHandler {
  const secure = deps.config.publicUrl.protocol === 'https:';
  const max = deps.config.integrations.apiTokenRatePerMinute;
  // Claimed from the shared counter a twentieth of the budget at a time: one statement per 30 calls at the default
  // 600, and a token still gets its rate once, not once per process (http/shared-rate-limit.ts). A fixed window
  // (calls a clock minute), so Retry-After, the rest of that minute, is exactly what a client must wait: a program
  // that sleeps as told is let through at its next call.
  const rate = createSharedRateLimit(deps.db, {
    name: 'api-token',
    max,
    windowMs: MINUTE,
    slide: false,
    lease: Math.max(1, Math.floor(max / 20)),
  });
  return async (request, reply) => {
    const token = bearerOf(request);
    if (token === undefined) {
      challenge(reply, false);
      throw new AppError(readSessionCookie(request, secure) ? 'API_SESSION_NOT_ACCEPTED' : 'API_TOKEN_INVALID');
    }
    const now = request.arrivedAt ?? deps.clock.now();
    // A value that cannot be one of ours costs no database read.
    const row = looksLikeToken(token)
      ? await findLiveToken(deps.db, hashTokenSecret(deps.secretKey, token), now)
      : undefined;
    if (!row) {
      challenge(reply, true);
      throw new AppError('API_TOKEN_INVALID');
    }
    await rate.hit(row.id, now.getTime());
    setApiCaller(request, { tokenId: row.id, name: row.name, scopes: row.scopes, programs: row.programs });
    auditByRequest.set(request, deps);
  };
}

/**
 * preHandler of one /api/v1 route, after apiTokenAuth: 403 API_SCOPE_MISSING when the caller's token lacks the
 * scope. The refusal is audited under the token's name like any call (detail.call 'denied', the scope it lacked,
 * the route asked); the application it named, when it named one by a well-formed id.
 */
export function requireApiScope(scope: ApiTokenScope): preHandlerHookHandler {
  return async (request) => {
    const caller = apiCallerOf(request);
    if (caller.scopes.includes(scope)) return;
    const deps = auditByRequest.get(request);
    if (deps) {
      const id = (request.params as Record<string, unknown> | undefined)?.id;
      await recordApiCall(
        deps.db,
        caller,
        'denied',
        typeof id === 'string' && isUuid(id) ? id : null,
        { scope, method: request.method, route: request.routeOptions.url ?? '' },
        request.arrivedAt ?? deps.clock.now(),
      );
    }
    throw new AppError('API_SCOPE_MISSING');
  };
}
