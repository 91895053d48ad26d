import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Db } from './infra/db/db';
import { signUpAndLogIn, startTestApp, TestClient, type TestApp } from './test-support/test-app';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** What our own metrics' labels may be: fixed, small sets. Anything else could carry personal data. */
const ALLOWED_LABELS = new Set(['method', 'route', 'status_class', 'queue', 'outcome', 'state', 'le']);

/** Every `name{labels} value` line of Prometheus text, with its labels parsed. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (.+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
      );
      return { name: m[1]!, labels: labels as Record<string, string>, value: Number(m[3]) };
    });
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

describe('health probes', () => {
  it('GET /health/live and /health/ready answer 200 without a session, never cached', async () => {
    const live = await t.client().get('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await t.client().get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/health/ready answers 503 with its reason when the database does not answer, while /health/live stays 200', async () => {
    const broken: Db = {
      ...t.deps.db,
      query: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    };
    const app = await buildApp({ ...t.deps, db: broken }, pino({ level: 'silent' }));
    try {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 'not ready', reason: 'database' });
      expect(ready.json().request_id).toBe(ready.headers['x-request-id']);
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  it("every answer carries the server's own X-Request-Id, whatever the client sent (issue 48, item 12)", async () => {
    const plain = await t.client().get('/public/tenant');
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A balancer's id, or one a client chose, even the id of another call: never the request's id.
    const given = await t.client().get('/public/tenant', { 'x-request-id': 'haproxy-7f3a9c2e-0001' });
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const reused = await t.client().get('/public/tenant', { 'x-request-id': String(plain.headers['x-request-id']) });
    expect(reused.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
    const odd = await t.client().get('/public/tenant', { 'x-request-id': '<script>alert(1)</script>' });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.client().get('/api/profile');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBeTruthy();
    // Only a 5xx names its id in the body.
    expect(refused.json()).not.toHaveProperty('request_id');
  });

  it('a 5xx body names the request id, the same as its header and as the reqId of its log lines', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const failing: Db = { ...t.deps.db, query: () => Promise.reject(new Error('a bug in a statement')) };
    const app = await buildApp({ ...t.deps, db: failing }, logger);
    try {
      const client = new TestClient(app, '203.0.113.20');
      const res = await client.post(
        '/public/forgot-password',
        { username: 'someone@example.edu' },
        { 'x-request-id': 'haproxy-7f3a9c2e-0002' },
      );
      expect(res.statusCode).toBe(500);
      const id = res.headers['x-request-id'];
      expect(id).toBeTruthy();
      expect(res.json()).toMatchObject({ code: 'INTERNAL', request_id: id });
      const ofThisCall = lines.filter((l) => l.reqId === id);
      expect(ofThisCall.map((l) => l.msg)).toEqual(expect.arrayContaining(['unexpected error']));
      // The balancer's id is on the call's lines as client_request_id, so its log and ours meet.
      expect(ofThisCall.find((l) => l.msg === 'unexpected error')).toMatchObject({
        client_request_id: 'haproxy-7f3a9c2e-0002',
      });
      // Every line Fastify writes for the call carries the id: its arrival, the error and its answer.
      expect(ofThisCall.length).toBeGreaterThanOrEqual(3);
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics', () => {
  it('answers the Prometheus text with the bearer token, 401 without it or with another', async () => {
    const ok = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('# TYPE admissions_http_request_duration_seconds histogram');
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: TOKEN },
    ];
    for (const headers of tries) {
      const refused = await t.client().get('/metrics', headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(refused.body).not.toContain('admissions_');
    }
  });

  it('names the metrics the operators watch, with route patterns, status classes and queue names, never personal data', async () => {
    const email = 'metrics.person@example.edu';
    const client = t.client();
    await signUpAndLogIn(t, client, email);
    await client.put('/api/answer', { first_name: 'Adaline' });
    await client.get('/api/profile');
    await client.get('/api/pdf/document-answer/7d0e5a34-63a4-4c1f-9f33-6f0c2b6c3d11');
    await client.get(`/no/such/${encodeURIComponent(email)}`);
    const res = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    const text = res.body;
    for (const name of [
      'admissions_http_request_duration_seconds',
      'admissions_http_server_errors_total',
      'admissions_job_queue_depth',
      'admissions_job_queue_oldest_age_seconds',
      'admissions_document_conversion_duration_seconds',
      'admissions_document_conversion_failures_total',
      'admissions_mail_total',
      'admissions_active_sessions',
      'admissions_db_pool_wait_seconds',
      'admissions_nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    if (t.db.kind === 'postgres') expect(text).toContain('# TYPE admissions_db_pool_connections gauge');

    const all = samples(text);
    const ours = all.filter((s) => s.name.startsWith('admissions_') && !s.name.startsWith('admissions_nodejs_'));
    expect(ours.length).toBeGreaterThan(0);
    for (const s of ours) for (const label of Object.keys(s.labels)) expect(ALLOWED_LABELS).toContain(label);
    const durations = ours.filter((s) => s.name === 'admissions_http_request_duration_seconds_count');
    expect(durations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ labels: { method: 'PUT', route: '/api/answer', status_class: '2xx' } }),
        expect.objectContaining({ labels: { method: 'GET', route: '/api/profile', status_class: '2xx' } }),
        expect.objectContaining({ labels: { method: 'GET', route: 'unmatched', status_class: '4xx' } }),
      ]),
    );
    // A path with an id in it is counted under its route's pattern.
    expect(durations.map((s) => s.labels.route)).toContain('/api/pdf/document-answer/:key');
    expect(ours.find((s) => s.name === 'admissions_mail_total' && s.labels.outcome === 'sent')?.value).toBeGreaterThan(
      0,
    );
    expect(ours.find((s) => s.name === 'admissions_active_sessions')?.value).toBeGreaterThan(0);
    // No address, id, name or answer anywhere in the text, labels or values.
    expect(text).not.toContain('example.edu');
    expect(text).not.toContain('metrics.person');
    expect(text).not.toContain('Adaline');
    expect(text).not.toContain('7d0e5a34');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it('is not served at all on the main port without METRICS_TOKEN', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('admissions_');
    } finally {
      await bare.close();
    }
  });
});
