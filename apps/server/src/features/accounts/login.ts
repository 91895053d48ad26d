import { isStaffAtLogin } from '../../session/staff-team';
import { ACCOUNT_SUCCESS_MESSAGES, normalizeEmail, type LoginBody } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import {
  IP_LIMITS,
  LOGIN_FAILURE_DECAY_MS,
  LOGIN_FIRST_LOCK_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_LOCK_MS,
} from '../../session/account-limits';
import { assertAccountForm } from './check-account-form';
import type { AccountClient } from './client';
import { verifyAgainstDummy, verifyPassword } from './password-hashing';
import { startSession } from '../../session/session-store';
import { recordStaffSignIn, recordStaffSignInFailure } from '../../session/staff-sign-in';
import { addLoginFailure, clearLoginThrottle, findLoginThrottle, lockLogin } from './throttle-repository';
import { isTrustedDevice, throttleKey, trustDevice } from './trusted-devices';
import { findUserByEmail } from './users-repository';

/**
 * Checks the password and starts a new session. Failures are counted per
 * address, registered or not, so a lockout reveals nothing either. They are
 * counted apart for each browser the owner has logged in from before (OWASP's
 * device cookie): a stranger's failures lock only the untrusted clients, and
 * the owner still logs in from a trusted one. Failures decay with time.
 */
export async function login(deps: AppDeps, body: LoginBody, client: AccountClient) {
  const { db, clock } = deps;
  await hitRateLimit(db, IP_LIMITS.login, client.ip, clock.now());
  assertAccountForm('login', body);
  const email = normalizeEmail(body.username);
  const trusted = (await isTrustedDevice(db, email, client.device, clock.now())) ? client.device : undefined;
  const key = throttleKey(email, trusted);
  const throttle = await findLoginThrottle(db, key);
  const lockedUntil = throttle?.locked_until ? new Date(throttle.locked_until).getTime() : 0;
  if (lockedUntil > clock.now().getTime()) {
    throw new AppError('LOGIN_LOCKED', { retryAfterSeconds: Math.ceil((lockedUntil - clock.now().getTime()) / 1000) });
  }
  const user = await findUserByEmail(db, body.username.trim());
  const ok = user ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstDummy(body.password);
  if (!user || !ok) {
    const failures = await addLoginFailure(db, key, clock.now(), LOGIN_FAILURE_DECAY_MS);
    if (failures >= LOGIN_FREE_FAILURES) {
      const lockMs = Math.min(LOGIN_MAX_LOCK_MS, LOGIN_FIRST_LOCK_MS * 2 ** (failures - LOGIN_FREE_FAILURES));
      await lockLogin(db, key, new Date(clock.now().getTime() + lockMs));
    }
    // A staff address's failures are in the office's audit log too (issue 44); the answer is the same. The team is
    // asked for every address, registered or not, so the statements sent tell no one which addresses have accounts.
    const staffAddress = await isStaffAtLogin(deps, email);
    if (user && staffAddress)
      await recordStaffSignInFailure(
        db,
        { userId: user.id, email: user.email },
        'password',
        'wrong-password',
        clock.now(),
      );
    throw new AppError('INVALID_CREDENTIALS');
  }
  // Most logins have no failures counted: no write for them.
  if (throttle) await clearLoginThrottle(db, key);
  if (!user.confirmed_at) throw new AppError('ACCOUNT_NOT_CONFIRMED');
  const isStaff = await isStaffAtLogin(deps, user.email);
  const member = { userId: user.id, email: user.email };
  // STAFF_AUTH=sso: a staff address signs in only through the campus identity provider. Said only to whoever
  // gave the right password, so the answer tells a stranger nothing a wrong password would not (issue 44).
  if (isStaff && deps.config.staffAuth.mode === 'sso') {
    await recordStaffSignInFailure(db, member, 'password', 'sso-required', clock.now());
    throw new AppError('SSO_REQUIRED');
  }
  if (client.device) await trustDevice(db, email, client.device, clock.now());
  // A staff session starts here, at login; every staff call resolves the member's rights again (session/staff-team.ts).
  const sessionId = await startSession(deps, user.id, isStaff);
  if (isStaff) {
    const pending = deps.config.staffAuth.mfaRequired ? { second_factor: 'pending' as const } : {};
    await recordStaffSignIn(db, member, 'password', clock.now(), pending);
  }
  return { sessionId, body: { message: ACCOUNT_SUCCESS_MESSAGES.login, username: user.email } };
}
