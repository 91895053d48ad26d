import { jwtVerify, type JWTPayload } from 'jose';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { recordStaffRead } from '../../session/audit-log';
import { sessionActivity } from '../../session/session-activity';
import type { OidcProvider } from './oidc-discovery';

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is sent at once; one issued longer ago than this is a replay, or a clock far off. */
const MAX_TOKEN_AGE = '5 minutes';
const CLOCK_TOLERANCE_SECONDS = 30;
/** Asymmetric signatures only: the provider's published keys verify them; a shared-secret or unsigned token never. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Who the provider signed out: its session (sid) and, or, its subject (sub). */
export interface LoggedOut {
  sid?: string;
  sub?: string;
}

/**
 * The logout token (OpenID Connect Back-Channel Logout 1.0, section 2.6): signed by the provider's key, for this
 * client, recent, with the logout event, no nonce, and a sid or a sub. Anything else is 400 and ends nothing.
 */
export async function verifyLogoutToken(deps: AppDeps, provider: OidcProvider, token: unknown): Promise<LoggedOut> {
  if (typeof token !== 'string' || token.length > 8000) throw invalid();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, provider.keys, {
      issuer: provider.issuer,
      audience: deps.config.staffAuth.oidc!.clientId,
      algorithms: ALGORITHMS,
      maxTokenAge: MAX_TOKEN_AGE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['iat', 'jti'],
    }));
  } catch {
    throw invalid();
  }
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events && typeof events === 'object' ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
  if (!event || typeof event !== 'object' || 'nonce' in payload) throw invalid();
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : undefined;
  const sub = typeof payload.sub === 'string' && payload.sub ? payload.sub : undefined;
  if (!sid && !sub) throw invalid();
  return { sid, sub };
}

function invalid(): AppError {
  return new AppError('SSO_FAILED', { message: 'The logout token is not valid.' });
}

/**
 * Ends the staff sessions the provider's session (or, with no sid, its subject) signed in, each with an audit row.
 * A sid names one provider session: with a sub too, both must match.
 */
export async function endSessionsOf(deps: AppDeps, issuer: string, who: LoggedOut): Promise<number> {
  const now = deps.clock.now();
  const { rows } = await deps.db.query<{ id_hash: string; user_id: string; email: string }>(
    `WITH gone AS (
       DELETE FROM sessions
       WHERE auth_method = 'oidc' AND sso_issuer = $1
         AND CASE WHEN $2::text IS NOT NULL THEN sso_sid = $2 AND ($3::text IS NULL OR sso_sub = $3) ELSE sso_sub = $3 END
       RETURNING id_hash, user_id
     )
     SELECT gone.id_hash, gone.user_id, u.email FROM gone JOIN users u ON u.id = gone.user_id`,
    [issuer, who.sid ?? null, who.sub ?? null],
  );
  const activity = sessionActivity(deps.db);
  for (const row of rows) {
    activity.forget(row.id_hash);
    await recordStaffRead(
      deps.db,
      { userId: row.user_id, email: row.email },
      null,
      'sign-out',
      { method: 'oidc', by: 'idp' },
      now,
    );
  }
  return rows.length;
}
