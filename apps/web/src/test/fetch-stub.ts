import { vi } from 'vitest';
import { tenantFixture } from './fixtures';

/** A request as the stub saw it, with the JSON body parsed. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global fetch (the network boundary) with handlers keyed by
 * 'METHOD /path' (the query string is ignored for matching). GET
 * /public/tenant answers with the fixture unless overridden. An unexpected
 * call fails loudly with a 599 so a test never talks to a real server.
 */
export function stubFetch(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = { 'GET /public/tenant': () => json(tenantFixture), ...handlers };
  const requests: SeenRequest[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SeenRequest = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    requests.push(request);
    const handler = all[`${method} ${url.pathname}`];
    if (!handler) return json({ code: 'NOT_FOUND', message: `No stub for ${method} ${url.pathname}` }, 599);
    return handler(request);
  });

  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    /** The requests made to one 'METHOD /path'. */
    callsTo: (key: string) => requests.filter((r) => `${r.method} ${r.path.split('?')[0]}` === key),
  };
}

/** A response that never arrives, to look at loading states. */
export function pending(): Promise<Response> {
  return new Promise(() => {});
}
