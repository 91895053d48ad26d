import type { Config } from '../config';
import type { RateLimit } from '../http/rate-limit';
import { HOUR, MINUTE } from '../infra/time-units';

export const CONFIRM_CODE_TTL_MS = 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;
/** Wrong tries after which a code or reset link is dead and a new one must be requested. */
export const MAX_CODE_ATTEMPTS = 5;

/** Mail that a visitor can trigger: one a minute and five an hour per address. */
export const MAIL_MIN_INTERVAL_MS = MINUTE;
export const MAIL_MAX_PER_HOUR = 5;
/** The window MAIL_MAX_PER_HOUR counts in; older mail requests no longer matter. */
export const MAIL_WINDOW_MS = HOUR;

/** Failed logins per address before lockouts start; each lockout doubles, up to the cap. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FIRST_LOCK_MS = 30_000;
export const LOGIN_MAX_LOCK_MS = 15 * MINUTE;
/** One failed login is forgiven this long after the last one: failures decay instead of piling up for ever. */
export const LOGIN_FAILURE_DECAY_MS = 10 * MINUTE;

export const SESSION_IDLE_MS = 15 * MINUTE;
export const SESSION_ABSOLUTE_MS = 12 * HOUR;

/**
 * Per-address limits do the real protecting; these per-IP limits only stop
 * floods, and stay generous for a campus of applicants behind one address.
 */
/**
 * Every call that can send an e-mail (sign-up, resend, forgot, reset, a
 * visitor's resume link) also counts against MAIL_PER_IP_LIMIT (default 30)
 * per client address in any 10 minutes: one address cannot flood strangers'
 * inboxes, while a campus behind one address still gets about three a minute.
 */
export const mailIpLimit = (config: Pick<Config, 'mailPerIpLimit'>): RateLimit => ({
  name: 'mail',
  max: config.mailPerIpLimit,
  windowMs: 10 * MINUTE,
});

export const IP_LIMITS = {
  signup: { name: 'signup', max: 100, windowMs: MINUTE },
  confirm: { name: 'confirm', max: 100, windowMs: MINUTE },
  resend: { name: 'resend', max: 60, windowMs: MINUTE },
  forgot: { name: 'forgot', max: 60, windowMs: MINUTE },
  reset: { name: 'reset', max: 60, windowMs: MINUTE },
  login: { name: 'login', max: 300, windowMs: MINUTE },
} satisfies Record<string, RateLimit>;
