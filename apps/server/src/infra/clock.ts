/** Time comes from here, so tests can move it (expiry, lockout, inactivity). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
