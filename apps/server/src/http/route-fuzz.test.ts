import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as schemas from '@admissions/domain/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anotherSession, loggedInClient } from '../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../test-support/staff-helpers';
import { expectOk, startTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../test-support/test-app';
import { routesOf, type RouteEntry } from './route-list';

/**
 * Issue 27: no input makes any call answer 5xx. Every route the app
 * registers (route-list.ts, so a new route is fuzzed from the day it is added)
 * gets hostile strings in its path parameters, its query and its JSON body,
 * as a logged-in staff member (who is also an applicant) sends them.
 * A query is every field name the API's schemas know, all at once (what a route reads by hand), then each query
 * schema's own fields together (a strict schema refuses unknown fields before it reads any: query schemas are named
 * `…Query`, which the walk checks of every schema a route parses its query with);
 * a body's fields are every field name the API's schemas know, all at once,
 * and each field the route itself names when sent an empty body, one at a time.
 * Path parameters name real things (a submitted application of another
 * applicant, a document question, a recommender), so a staff route's body is
 * read, not refused for its id first (issue 48); each body is also sent
 * nested deeper than the input guard allows.
 */
const HOSTILE: { name: string; text: string; inUrl: string }[] = [
  { name: 'NUL', text: 'a\u0000b', inUrl: 'a%00b' },
  { name: 'lone surrogate', text: 'a\ud800b', inUrl: 'a%ED%A0%80b' },
  { name: '10,000 characters', text: 'x'.repeat(10_000), inUrl: 'x'.repeat(10_000) },
  {
    name: 'control characters',
    text: '\u0001\u0007\b\u001b[31m\u007f\u0085\u2028\r\n',
    inUrl: '%01%07%08%1B%5B31m%7F%C2%85%E2%80%A8%0D%0A',
  },
];

/** Every field name of every object schema of the API's contracts. */
function knownFields(): string[] {
  const names = new Set<string>();
  for (const value of Object.values(schemas)) {
    if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
  }
  return [...names].sort();
}

/** Each query schema's field names (the contracts name them `…Query`). */
function queryFieldSets(): string[][] {
  return Object.entries(schemas)
    .filter(([name, value]) => /Query/.test(name) && value instanceof z.ZodObject)
    .map(([, value]) => Object.keys((value as z.ZodObject).shape).sort());
}

/** The names of the schemas the server's routes parse a query with (`parseBody(x, req.query)`, `x.safeParse(req.query)`). */
function schemasParsingQueries(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const names = new Set<string>();
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || /\.test(-helpers?)?\.ts$/.test(file) || file.startsWith('test-support')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/parseBody\((\w+), req\.query\)|(\w+)\.safeParse\(req\.query\)/g))
      names.add((m[1] ?? m[2])!);
  }
  return [...names].sort();
}

let t: TestApp;
let staff: TestClient;
let n = 0;
/** Real values for the path parameters the routes name; any other parameter gets 'x'. */
let realParams: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
  const other = await submittedApplicant(t, 'fuzzed.applicant@example.edu');
  // The office's first read indexes it.
  await expectOk(await staff.get(`/api/staff/applications/${other.userId}`));
  realParams = { userId: other.userId, answerKey: 'college_transcript_upload', prefix: 'recommender_' };
});
afterAll(async () => {
  await t?.close();
});

async function send(route: RouteEntry, url: string, body?: unknown) {
  n += 1;
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    // A new client address each time, so per-address limits do not stop the walk early.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    headers: {
      origin: TEST_PUBLIC_URL,
      cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.body };
}

const withParams = (url: string, value: string) => url.replace(/:[A-Za-z_]+|\*/g, value);
/** The route's URL with real values where the walk has them. */
const withRealParams = (url: string) =>
  url.replace(/:([A-Za-z_]+)|\*/g, (_all, name: string | undefined) => (name && realParams[name]) || 'x');

/** A value nested one level deeper than the input guard's MAX_BODY_DEPTH. */
const tooDeep = (depth = 40): unknown => (depth === 0 ? 'x' : { a: tooDeep(depth - 1) });

describe('no 5xx for hostile strings in any route', () => {
  it('walks every registered route with NUL, lone surrogates, 10,000 characters and control characters', async () => {
    const fields = knownFields();
    // The walk covers the app, not a stale list: the answer save and the staff list are among its routes.
    const routes = routesOf(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'PUT', url: '/api/answer' },
        { method: 'GET', url: '/api/staff/applications' },
        { method: 'POST', url: '/public/recommendation/letter-file' },
      ]),
    );
    expect(fields).toEqual(expect.arrayContaining(['file_name', 'q', 'username']));
    const querySets = queryFieldSets();
    expect(querySets).toEqual(expect.arrayContaining([expect.arrayContaining(['q', 'sort'])]));
    // Every schema a route parses its query with is one of the walk's: named `…Query`.
    const parsers = schemasParsingQueries();
    expect(parsers).toEqual(expect.arrayContaining(['staffListQuery', 'reportQuery']));
    expect(parsers.filter((name) => !/Query/.test(name))).toEqual([]);
    // Calls that end the session or the application go last, so the rest are walked logged in.
    const ordered = [...routes].sort(
      (a, b) => Number(/logout|submit/.test(a.url)) - Number(/logout|submit/.test(b.url)),
    );
    const benign = await send({ method: 'PUT', url: '/api/answer' }, '/api/answer', { first_name: 'Ada' });
    expect(benign.status).toBe(200);

    const failures: string[] = [];
    const namedBy = new Map<string, string[]>();
    const check = (route: RouteEntry, what: string, res: { status: number; body: string }) => {
      if (res.status >= 500) failures.push(`${route.method} ${route.url} ${what}: ${res.status} ${res.body}`);
    };
    for (const route of ordered) {
      // A call before may have ended the session (a logout, a password change): the walk logs in again.
      if ((await staff.get('/api/staff/me')).statusCode !== 200) staff = await anotherSession(t, STAFF_EMAIL);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const plain = withRealParams(route.url);
      const named = hasBody
        ? Object.keys((JSON.parse((await send(route, plain, {})).body) as { errors?: object }).errors ?? {})
        : [];
      namedBy.set(`${route.method} ${route.url}`, named);
      if (hasBody) check(route, 'body nested 40 deep', await send(route, plain, { a: tooDeep() }));
      for (const hostile of HOSTILE) {
        if (route.url.includes(':') || route.url.includes('*'))
          check(route, `params ${hostile.name}`, await send(route, withParams(route.url, hostile.inUrl)));
        // Every known field at once, then each query schema's own (a strict one refuses unknown fields first).
        for (const query of [fields, ...querySets])
          check(
            route,
            `query ${query === fields ? 'all' : query.join(',')} ${hostile.name}`,
            await send(
              route,
              `${plain}?${query.map((f) => `${f}=${hostile.inUrl}`).join('&')}`,
              hasBody ? {} : undefined,
            ),
          );
        if (!hasBody) continue;
        check(
          route,
          `body ${hostile.name}`,
          await send(route, plain, Object.fromEntries(fields.map((f) => [f, hostile.text]))),
        );
        for (const field of named) {
          const body = { ...Object.fromEntries(named.map((f) => [f, 'x'])), [field]: hostile.text };
          check(route, `${field} ${hostile.name}`, await send(route, plain, body));
        }
      }
    }
    expect(failures).toEqual([]);
    // A staff body is read, not refused for its id first: the decision call names its fields.
    expect(namedBy.get('PUT /api/staff/applications/:userId/decision')).toContain('code');
    expect(namedBy.get('POST /api/staff/applications/:userId/waivers')).toEqual(
      expect.arrayContaining(['item_key', 'reason']),
    );
  }, 600_000);
});
