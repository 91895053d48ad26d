/**
 * The longest time the event loop went without a turn, while watched: what a
 * request arriving then would have waited for before its handler could run.
 * A 1 ms interval keeps count; its lateness is the pause (to about a millisecond).
 */
export function watchPauses(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last - 1);
    },
  };
}
