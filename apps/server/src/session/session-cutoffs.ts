import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, STAFF_SESSION_ABSOLUTE_MS } from './account-limits';

/**
 * The instants that decide whether a session is alive. Both the session check
 * and the batched answer save use them, so the rule lives in one place.
 */
export function sessionCutoffs(now: Date) {
  const t = now.getTime();
  return {
    /** Last seen at or before this: idle too long. */
    idle: new Date(t - SESSION_IDLE_MS),
    /** Created at or before this: too old, active or not. */
    absolute: new Date(t - SESSION_ABSOLUTE_MS),
    /** A staff session created at or before this is too old. */
    staffAbsolute: new Date(t - STAFF_SESSION_ABSOLUTE_MS),
  };
}
