import { lazy, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadOnce } from '../components/ui/lazy-part';

/** What AppRouter asks of a route before it moves there (routeCode in routes.tsx). */
export interface RouteCode {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/**
 * A route whose screen's code is fetched on its first visit (its own chunk),
 * to spread into the route object. AppRouter fetches that code through the
 * handle before it moves to the route, so the screen renders at once, with no
 * Suspense step. Rendered before that, it suspends until its code has arrived.
 * A fetch that fails is tried again the next time.
 */
export function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, 'Component' | 'handle'> {
  const { preload, loaded } = loadOnce(load);

  function Route() {
    // Decided once per mount: switching from the lazy path to the direct one would remount the screen.
    const [Direct] = useState(loaded);
    const [Lazy] = useState(() => (Direct ? undefined : lazy(async () => ({ default: await preload() }))));
    const Screen = Direct ?? Lazy!;
    return <Screen />;
  }

  const handle: RouteCode = { preload, isLoaded: () => loaded() !== undefined };
  return { Component: Route, handle };
}
