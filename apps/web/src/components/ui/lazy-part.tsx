import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A part of a widget whose code is fetched only when it is first shown (the
 * open dialog or popover), keeping its library out of the first load.
 * preload() fetches it ahead (on hover, focus, or when idle). Once fetched it
 * renders at once, with no Suspense step; a part that could not be fetched
 * (offline) renders nothing and is fetched again the next time it mounts.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { preload, loaded: current } = loadOnce(load);

  const Nothing: ComponentType<P> = () => null;
  const lazyOnce = () => lazy(async () => ({ default: await preload().catch(() => Nothing) }));

  function Part(props: P) {
    // Decided once per mount: switching from the lazy path to the direct one would remount the part.
    const [Direct] = useState(current);
    const [Lazy] = useState(() => (Direct ? undefined : lazyOnce()));
    if (Direct) return <Direct {...props} />;
    if (!Lazy) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }

  return { Part, preload, isLoaded: () => current() !== undefined };
}

/**
 * One fetch of some code, shared by every caller: `loaded()` is what arrived
 * (undefined until then), and a fetch that failed is tried again by the next
 * preload().
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = (): Promise<T> => {
    pending ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { preload, loaded: () => loaded };
}

/** Runs fn when the browser is idle (after the page has settled), or soon where it cannot tell. */
export function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 2000);
  return () => clearTimeout(id);
}

/** Long after a page's first load: what is fetched ahead from then on never competes with it. */
const SETTLED_AFTER_MS = 15_000;

/**
 * Fetches a part ahead once the page has long settled and the browser is idle,
 * so it can show even if the network is gone by the time it is needed.
 * Returns the cancel function (an effect's cleanup).
 */
export function preloadWhenSettled(part: { preload: () => Promise<unknown> }): () => void {
  let cancelIdle = () => {};
  const timer = setTimeout(() => (cancelIdle = whenIdle(() => void part.preload().catch(() => {}))), SETTLED_AFTER_MS);
  return () => {
    clearTimeout(timer);
    cancelIdle();
  };
}
