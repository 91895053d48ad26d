import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import {
  LOGIN_FAILURE_DECAY_MS,
  LOGIN_FIRST_LOCK_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_LOCK_MS,
} from '../../session/account-limits';
import { addLoginFailure, clearLoginThrottle, findLoginThrottle, lockLogin } from '../accounts';

/**
 * Wrong second-factor codes (and a fresh sign-in's wrong passwords) are throttled as logins are, per member: five
 * free failures, then locks of 30 s doubling up to 15 minutes, failures decaying with time. A million codes and a
 * window of three make guessing hopeless at that pace. The login throttle's table, under a key of their own.
 */
const keyOf = (userId: string) => `mfa:${userId}`;

/** 429 LOGIN_LOCKED (with Retry-After) while the member's tries are locked. */
export async function assertNotLocked(db: Queryable, userId: string, now: Date): Promise<{ failures: boolean }> {
  const throttle = await findLoginThrottle(db, keyOf(userId));
  const lockedUntil = throttle?.locked_until ? new Date(throttle.locked_until).getTime() : 0;
  if (lockedUntil > now.getTime())
    throw new AppError('LOGIN_LOCKED', { retryAfterSeconds: Math.ceil((lockedUntil - now.getTime()) / 1000) });
  return { failures: throttle !== undefined };
}

export async function countFailure(db: Queryable, userId: string, now: Date): Promise<void> {
  const failures = await addLoginFailure(db, keyOf(userId), now, LOGIN_FAILURE_DECAY_MS);
  if (failures >= LOGIN_FREE_FAILURES) {
    const lockMs = Math.min(LOGIN_MAX_LOCK_MS, LOGIN_FIRST_LOCK_MS * 2 ** (failures - LOGIN_FREE_FAILURES));
    await lockLogin(db, keyOf(userId), new Date(now.getTime() + lockMs));
  }
}

export async function clearFailures(db: Queryable, userId: string): Promise<void> {
  await clearLoginThrottle(db, keyOf(userId));
}
