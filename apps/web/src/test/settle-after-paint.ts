/** Preact's fallback for a frame that does not come (preact/hooks: RAF_TIMEOUT). */
const FRAME_TIMEOUT_MS = 35;

const tick = (ms?: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once every Preact effect flush already scheduled has run.
 *
 * A render outside act() (a fetch's answer, a timer) schedules its effects
 * after the next frame: a requestAnimationFrame raced by a 35 ms timeout,
 * either of which then sets a zero timer for the flush. If a test file ends
 * inside that window, the timeout fires after Vitest has removed jsdom's
 * globals, and Preact's call to cancelAnimationFrame throws an uncaught
 * ReferenceError that fails the whole run.
 *
 * Timers only, no frame of our own: after fake timers, jsdom's frames may
 * never come again (its frame interval was set on a fake setInterval).
 * Past the timeout, each flush's zero timer is set; a zero timer set after
 * it runs after it.
 */
export async function settleAfterPaint(): Promise<void> {
  await tick(FRAME_TIMEOUT_MS + 15);
  await tick();
}
