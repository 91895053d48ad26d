import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work written as a generator that yields wherever it may pause. The
 * same steps run at once (tests, small lists) or in slices (the indexes
 * built while the server answers requests), so there is one build, not two.
 */
export type Steps<T> = Generator<void, T, void>;

/** Work done between two turns of the event loop, unless one step alone (a sort) takes longer. */
export const SLICE_MS = 10;

export interface SliceOptions {
  sliceMs?: number;
  /** The clock the slices are measured by; tests pass their own. */
  now?: () => number;
}

/** Runs every step without a pause. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps, letting the event loop turn whenever a slice's time is spent. */
export async function runInSlices<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const { sliceMs = SLICE_MS, now = () => performance.now() } = options;
  let sliceStart = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = now();
    }
  }
}
