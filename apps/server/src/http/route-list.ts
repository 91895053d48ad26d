import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

const lists = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Keeps the list of every route registered after this call, in any plugin:
 * what tests walk to reach every call the app answers (route-fuzz.test.ts),
 * so that no hand-kept list goes stale. Fastify itself prints its routes only
 * as a tree for people.
 */
export function recordRoutes(app: FastifyInstance): void {
  const list: RouteEntry[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method, url: route.url });
  });
}

export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return lists.get(app) ?? [];
}
