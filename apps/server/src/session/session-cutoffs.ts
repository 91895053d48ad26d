import type { StaffAuthConfig } from '../config';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './account-limits';

/** A staff session's limits (STAFF_IDLE_MINUTES, STAFF_SESSION_HOURS; issue 44). */
export type StaffSessionLimits = Pick<StaffAuthConfig, 'idleMs' | 'absoluteMs'>;

/**
 * The instants that decide whether a session is alive. The session check, the
 * batched answer save, the purge and the gauge all use them, so the rule lives in one place.
 */
export function sessionCutoffs(now: Date, staff: StaffSessionLimits) {
  const t = now.getTime();
  return {
    /** Last seen at or before this: idle too long. */
    idle: new Date(t - SESSION_IDLE_MS),
    /** Created at or before this: too old, active or not. */
    absolute: new Date(t - SESSION_ABSOLUTE_MS),
    /** A staff session created at or before this is too old. */
    staffAbsolute: new Date(t - staff.absoluteMs),
    /** A staff session last seen at or before this is idle too long. */
    staffIdle: new Date(t - staff.idleMs),
  };
}
