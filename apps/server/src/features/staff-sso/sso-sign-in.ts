import { normalizeEmail } from '@admissions/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { setSessionCookies, readSessionCookie } from '../../session/session-cookies';
import { endSession, startSession } from '../../session/session-store';
import type { SignInProof } from '../../session/sessions-repository';
import { recordStaffSignIn, recordStaffSignInFailure } from '../../session/staff-sign-in';
import { memberAccess } from '../../session/staff-team';

/** Who the identity provider says signed in: the address matched to the team, and its session and subject. */
export interface SsoIdentity {
  method: 'oidc' | 'saml';
  /** The value of the configured claim or attribute (an e-mail address), or undefined when it sent none usable. */
  email: string | undefined;
  issuer: string;
  sub: string;
  sid?: string;
}

/**
 * Finishes a staff sign-in through the campus identity provider, whatever the protocol: the address must be a
 * team member's (else 403 SSO_MEMBER_UNKNOWN, an audit row, and no session). A member who never made an account
 * gets one here, confirmed by the provider's word, with no usable password. The session starts as staff, passed
 * its second factor (the provider owns that), and its cookie replaces any earlier session's.
 */
export async function signInWithSso(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: SsoIdentity,
): Promise<void> {
  const now = deps.clock.now();
  const email = identity.email ? normalizeEmail(identity.email) : undefined;
  const access = email ? await memberAccess(deps, '', email) : undefined;
  if (!email || !access) {
    await recordStaffSignInFailure(
      deps.db,
      { email: email ?? `${identity.issuer} ${identity.sub}`.slice(0, 300) },
      identity.method,
      email ? 'not-a-member' : 'no-address',
      now,
    );
    throw new AppError('SSO_MEMBER_UNKNOWN');
  }
  const secure = deps.config.publicUrl.protocol === 'https:';
  const previous = readSessionCookie(request, secure);
  if (previous) await endSession(deps, previous);
  const userId = await accountOf(deps, email, now);
  const proof: SignInProof = { method: identity.method, issuer: identity.issuer, sub: identity.sub, sid: identity.sid };
  const sessionId = await startSession(deps, userId, true, proof);
  await recordStaffSignIn(deps.db, { userId, email }, identity.method, now);
  setSessionCookies(reply, sessionId, secure);
}

/** The member's account id, made on their first sign-in when they have none (no password: '' never verifies). */
async function accountOf(deps: Pick<AppDeps, 'db'>, email: string, now: Date): Promise<string> {
  const { rows } = await deps.db.query<{ id: string }>(
    `WITH made AS (
       INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, '', $2, $2)
       ON CONFLICT (lower(email)) WHERE application_of IS NULL DO NOTHING
       RETURNING id
     )
     SELECT id FROM made
     UNION ALL
     SELECT id FROM users WHERE lower(email) = lower($1) AND application_of IS NULL`,
    [email, now],
  );
  return rows[0]!.id;
}
