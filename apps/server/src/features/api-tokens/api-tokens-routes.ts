import {
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type ApiTokensResponse,
  type CreatedApiToken,
  type TenantConfig,
} from '@admissions/domain';
import { apiTokenBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../http/is-uuid';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { requireFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf, type StaffAccess } from '../../session/staff-access';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens-repository';

const isScope = (s: string): s is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(s);

/** The scopes asked for, each once; an unknown one is 400 API_SCOPE_UNKNOWN naming it. */
function checkScopes(scopes: readonly string[]): ApiTokenScope[] {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0)
    throw new AppError('API_SCOPE_UNKNOWN', {
      message: `Unknown scope: ${unknown.join(', ')}. The scopes are ${API_TOKEN_SCOPES.join(', ')}.`,
      errors: { scopes: unknown },
    });
  return API_TOKEN_SCOPES.filter((s) => scopes.includes(s));
}

/**
 * The programs asked for, each once and sorted (undefined: every program). An unknown code is 400 PROGRAM_UNKNOWN
 * naming it; a member limited to programs makes tokens only within theirs (403 API_TOKEN_PROGRAMS_NOT_ALLOWED
 * naming the others, or `*` for a token of every program): a token is never a way to see more than its maker.
 */
function checkPrograms(
  tenant: Pick<TenantConfig, 'programs'>,
  access: StaffAccess,
  programs: readonly string[] | undefined,
): string[] | null {
  const known = new Set(tenant.programs.map((p) => p.code));
  const unknown = (programs ?? []).filter((p) => !known.has(p));
  if (unknown.length > 0) throw new AppError('PROGRAM_UNKNOWN', { errors: { programs: unknown } });
  const limit = access.programs;
  if (limit !== null) {
    const outside = programs === undefined ? ['*'] : programs.filter((p) => !limit.includes(p));
    if (outside.length > 0) throw new AppError('API_TOKEN_PROGRAMS_NOT_ALLOWED', { errors: { programs: outside } });
  }
  return programs === undefined ? null : [...new Set(programs)].sort();
}

/**
 * The console's API tokens (issue 45), inside the /api/staff scope: administrators (manage_team) make, list and
 * revoke them. Making and revoking ask for a fresh sign-in (issue 44), as the team's changes do. Every call is in
 * the audit log, each write in its transaction; the secret is in the answer to POST only, never in a log or a row.
 */
export function apiTokensRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  const manage = { preHandler: requireRight(deps, 'manage_team') };
  const change = { preHandler: [requireRight(deps, 'manage_team'), requireFreshSignIn(deps)] };
  return async (app: FastifyInstance) => {
    app.get('/api-tokens', manage, async (req): Promise<ApiTokensResponse> => {
      const tokens = await listApiTokens(deps.db);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-api-tokens', { tokens: tokens.length }, now());
      return { tokens };
    });

    app.post('/api-tokens', change, async (req, reply): Promise<CreatedApiToken> => {
      const body = parseBody(apiTokenBody, req.body);
      const scopes = checkScopes(body.scopes);
      const programs = checkPrograms(deps.config.tenant, staffAccessOf(req), body.programs);
      const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at);
      if (expiresAt !== null && expiresAt.getTime() <= now().getTime()) throw new AppError('API_TOKEN_EXPIRY_INVALID');
      const staff = staffOf(req);
      const created = await deps.db.transaction(async (tx) => {
        const token = await createApiToken(
          tx,
          deps.secretKey,
          { name: body.name, scopes, programs, expiresAt },
          staff.email,
          now(),
        );
        // The token by its id and name, never its secret (nor its prefix: it is part of the secret).
        await recordStaffRead(
          tx,
          staff,
          null,
          'api-token-create',
          { token_id: token.id, name: token.name, scopes, programs, expires_at: token.expires_at },
          now(),
        );
        return token;
      });
      reply.code(201);
      return created;
    });

    app.delete<{ Params: { id: string } }>('/api-tokens/:id', change, async (req, reply) => {
      const { id } = req.params;
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      await deps.db.transaction(async (tx) => {
        const revoked = await revokeApiToken(tx, id, now());
        if (!revoked) throw new AppError('NOT_FOUND');
        await recordStaffRead(tx, staffOf(req), null, 'api-token-revoke', { token_id: id, name: revoked.name }, now());
      });
      return reply.code(204).send();
    });
  };
}
