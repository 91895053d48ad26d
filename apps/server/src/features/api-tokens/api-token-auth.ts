import type { ApiTokenScope } from '@admissions/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { answerFor } from '../../http/error-handler';
import { isUuid } from '../../http/is-uuid';
import { createSharedRateLimit } from '../../http/shared-rate-limit';
import { MINUTE } from '../../infra/time-units';
import { readSessionCookie } from '../../session/session-cookies';
import { isApiCallAudited, recordApiCall } from './api-call-audit';
import { apiCallerOf, findApiCaller, setApiCaller, type ApiCaller } from './api-caller';
import { hashTokenSecret, looksLikeToken } from './api-token-secret';
import {
  findLiveToken,
  isTokenLive,
  recordTokenUse,
  TOKEN_USE_EVERY_MS,
  type LiveTokenRow,
} from './api-tokens-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's own statement checks that the caller's token is still live (takeTokenCheck): apiTokenAuth then takes
     * the token from its memory when it has it, and the call costs one round trip less. Such a route must take the
     * check into the statement that decides its answer; should it not, apiTokenGuard reads the token before answering.
     */
    checksApiTokenItself?: boolean;
  }
}

/** Live tokens a process remembers by hash, for the routes that check liveness in their own statement. */
const TOKENS_REMEMBERED = 1000;

/** A token taken from the cache whose liveness the route's statement checks, and what to do when it is not. */
export interface TokenCheck {
  tokenId: string;
  /** The 401 to throw when the statement found the token revoked or expired; the cache forgets it. */
  refused: () => AppError;
}

/** The check still owed for each call let in from the cache, and its confirmation by a read of its own. */
const checkByRequest = new WeakMap<FastifyRequest, TokenCheck & { confirm: () => Promise<void> }>();

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
 * token's row is read on every call, so a revoked or expired token is refused at its next call on every process;
 * on a route that checks the token in its own statement (config checksApiTokenItself, the list), a token this
 * process has seen live is taken from memory (its name, scopes and programs never change; its expiry is checked
 * here) and that statement checks it is still live (takeTokenCheck). Any other answer such a call gets first (a
 * refusal of its scope, its rate or its input) waits for a read of its own (apiTokenGuard, confirmApiToken).
 * Refused: no bearer token, 401 API_TOKEN_INVALID, or API_SESSION_NOT_ACCEPTED when the call came with the console's
 * or an applicant's session cookie instead (sessions never work on the API); a token that is not ours or not live,
 * 401 API_TOKEN_INVALID; both with WWW-Authenticate. Over the token's calls a minute (API_TOKEN_RATE_PER_MINUTE,
 * counted across every process in the database), 429 RATE_LIMITED with Retry-After.
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
  /** Tokens found live, by hash, with when this process last recorded their use (oldest first). */
  const remembered = new Map<string, { token: LiveTokenRow; useRecordedAt: number }>();
  const remember = (hash: string, token: LiveTokenRow, now: Date) => {
    Object.freeze(token.scopes);
    if (token.programs) Object.freeze(token.programs);
    remembered.delete(hash);
    if (remembered.size >= TOKENS_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(hash, { token, useRecordedAt: now.getTime() });
  };
  const refuse = (reply: FastifyReply, hash?: string) => {
    if (hash !== undefined) remembered.delete(hash);
    challenge(reply, true);
    return new AppError('API_TOKEN_INVALID');
  };
  return async (request, reply) => {
    const token = bearerOf(request);
    if (token === undefined) {
      challenge(reply, false);
      throw new AppError(readSessionCookie(request, secure) ? 'API_SESSION_NOT_ACCEPTED' : 'API_TOKEN_INVALID');
    }
    const now = request.arrivedAt ?? deps.clock.now();
    // A value that cannot be one of ours costs no database read.
    if (!looksLikeToken(token)) throw refuse(reply);
    const hash = hashTokenSecret(deps.secretKey, token);
    let known = request.routeOptions.config.checksApiTokenItself ? remembered.get(hash) : undefined;
    if (known && known.token.expires_at !== null && new Date(known.token.expires_at) <= now) {
      remembered.delete(hash);
      known = undefined;
    }
    let row: LiveTokenRow;
    if (known) {
      row = known.token;
      const tokenId = row.id;
      const check = {
        tokenId,
        refused: () => refuse(reply, hash),
        confirm: async () => {
          if (checkByRequest.get(request) !== check) return;
          checkByRequest.delete(request);
          if (!(await isTokenLive(deps.db, tokenId, now))) throw refuse(reply, hash);
        },
      };
      checkByRequest.set(request, check);
      if (now.getTime() - known.useRecordedAt >= TOKEN_USE_EVERY_MS) {
        known.useRecordedAt = now.getTime();
        await recordTokenUse(deps.db, tokenId, now);
      }
    } else {
      const found = await findLiveToken(deps.db, hash, now);
      if (!found) throw refuse(reply, hash);
      row = found;
      remember(hash, row, now);
    }
    // Over its rate, a token taken from memory is checked first (apiTokenGuard's error handler): 401 if revoked.
    await rate.hit(row.id, now.getTime());
    setApiCaller(request, { tokenId: row.id, name: row.name, scopes: row.scopes, programs: row.programs });
    auditByRequest.set(request, deps);
  };
}

/**
 * The guard of the /api/v1 scope: apiTokenAuth on every request, and no answer to a call let in from memory before its
 * token's check (takeTokenCheck) is made. A refusal from anywhere before the route's statement (a hook's: the input
 * guard, the scope, the rate; or the route's own: a limit, a cursor, a filter) first reads the token, so a revoked
 * one is told 401 and nothing else, and a live one's refusal is audited (auditRefusal); and should a route with
 * checksApiTokenItself answer without taking the check, the answer waits for that read too (fail closed).
 */
export function apiTokenGuard(scope: FastifyInstance, deps: AppDeps): void {
  scope.addHook('onRequest', apiTokenAuth(deps));
  scope.setErrorHandler(async (error, request) => {
    await confirmApiToken(request);
    await auditRefusal(deps, request, error);
    // The app's own handler answers it (Fastify passes what a scope's handler throws on to its parent's).
    throw error;
  });
  scope.addHook('onSend', async (request, _reply, payload) => {
    await confirmApiToken(request);
    return payload;
  });
}

/**
 * A live token's call refused before anything audited it (its input, a filter, a cursor; the input guard), audited
 * under the token's name like any call (issue 45), with the code it is answered (answerFor): detail.call 'refused'. The
 * refusals that audit themselves (a scope missing, an application not found) are not audited twice. A token not live
 * (401) or over its rate (429) has no caller set: a flood of either writes nothing. Should the audit row fail to be
 * written, the caller still gets the refusal it earned, and the log says so.
 */
async function auditRefusal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest,
  thrown: unknown,
): Promise<void> {
  const caller = findApiCaller(request);
  if (!caller || isApiCallAudited(caller)) return;
  const answer = answerFor(thrown);
  if (answer.statusCode === 401) return;
  await recordRefusal(deps, request, caller, 'refused', { code: answer.code, status: answer.statusCode }).catch(
    (err: unknown) => request.log.warn({ err }, 'a refused API call could not be audited'),
  );
}

/**
 * The audit row of a refused call: what it asked (method, route pattern) beside `detail`, at its arrival, on the
 * application it named when it named one by a well-formed id.
 */
function recordRefusal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest,
  caller: ApiCaller,
  call: 'refused' | 'denied',
  detail: object,
): Promise<void> {
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  return recordApiCall(
    deps.db,
    caller,
    call,
    typeof id === 'string' && isUuid(id) ? id : null,
    { ...detail, method: request.method, route: request.routeOptions.url ?? '' },
    request.arrivedAt ?? deps.clock.now(),
  );
}

/**
 * The liveness check a call let in from apiTokenAuth's memory still owes, handed to the route's own statement to make
 * (it is owed no longer); none when the token's row was read for this call, or the check was made since.
 */
export function takeTokenCheck(request: FastifyRequest): TokenCheck | undefined {
  const check = checkByRequest.get(request);
  checkByRequest.delete(request);
  return check;
}

/**
 * Makes the liveness check a call still owes (takeTokenCheck) by a read of its own: before any answer the route's
 * statement does not decide, so a revoked token is told 401 and nothing else. Throws that 401 when the token is no
 * longer live; nothing when it is, or when nothing is owed.
 */
export async function confirmApiToken(request: FastifyRequest): Promise<void> {
  await checkByRequest.get(request)?.confirm();
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
    await confirmApiToken(request);
    const deps = auditByRequest.get(request);
    if (deps) await recordRefusal(deps, request, caller, 'denied', { scope });
    throw new AppError('API_SCOPE_MISSING');
  };
}
