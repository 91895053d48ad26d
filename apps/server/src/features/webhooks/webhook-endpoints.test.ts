import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, type StaffRole, type WebhookEndpointsResponse } from '@admissions/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsConfig } from '../../config';
import { loggedInClient } from '../../test-support/application-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { checkEndpointUrl } from './webhook-address';
import { openSigningSecret, sealSigningSecret } from './webhook-secret';
import { createEndpoint, deliverDue, deliveriesOf, startReceiver } from './webhooks.test-helpers';

/**
 * The console's webhook endpoints (issue 45) with WEBHOOK_ALLOW_HTTP on and WEBHOOK_ALLOW_PRIVATE off: made,
 * listed and removed by administrators only, the secret shown once and sealed, bad input refused with its code,
 * and private addresses refused both when the endpoint is made and when a delivery connects.
 */
let t: TestApp;
let admin: TestClient;
let applicant: Applicant;
beforeAll(async () => {
  t = await startTestApp({ ...STAFF_ENV, WEBHOOK_ALLOW_HTTP: 'true' });
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await submittedApplicant(t, 'webhook-console@example.edu');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.db.query('UPDATE webhook_endpoints SET deleted_at = $1 WHERE deleted_at IS NULL', [t.clock.now()]);
});

const PUBLIC_URL = 'http://192.0.2.10/hooks';
const list = async (c: TestClient = admin) =>
  (await expectOk(await c.get('/api/staff/webhooks'))).json<WebhookEndpointsResponse>().endpoints;

describe('webhook endpoints in the console', () => {
  it('makes an endpoint, shows its secret once, lists it without, and removes it', async () => {
    const res = await admin.post('/api/staff/webhooks', {
      url: PUBLIC_URL,
      events: ['application.submitted', 'decision.released', 'application.submitted'],
      description: 'Banner sync',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      id: expect.any(String),
      url: PUBLIC_URL,
      events: ['application.submitted', 'decision.released'],
      description: 'Banner sync',
      created_by: STAFF_EMAIL,
      created_at: t.clock.now().toISOString(),
      disabled_at: null,
      failed_count: 0,
      pending_count: 0,
    });
    // The Standard Webhooks form: whsec_ and base64 of 32 random bytes.
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const { secret, ...shown } = created;
    const listed = await list();
    expect(listed).toEqual([shown]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    // Stored sealed, bound to its endpoint: never in the clear, and it opens only for its own row.
    const { rows } = await t.db.query<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM webhook_endpoints WHERE id = $1',
      [created.id],
    );
    expect(rows[0]!.secret_sealed).not.toContain(created.secret.slice(6, 20));
    expect(openSigningSecret(t.deps.secretKey, created.id, rows[0]!.secret_sealed)).toBe(created.secret);
    expect(() => openSigningSecret(t.deps.secretKey, randomUUID(), rows[0]!.secret_sealed)).toThrow();
    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM staff_audit_log WHERE action LIKE '%webhook%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['webhook-create', 'view-webhooks']);
    expect(audit.rows[0]!.detail).toEqual({ endpoint_id: created.id, url: PUBLIC_URL, events: created.events });
    expect(JSON.stringify(audit.rows)).not.toContain(created.secret);

    // A test event waits to be sent when the endpoint is removed: it is never sent.
    expect((await admin.post(`/api/staff/webhooks/${created.id}/test`)).statusCode).toBe(202);
    const removed = await admin.delete(`/api/staff/webhooks/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect((await admin.delete(`/api/staff/webhooks/${created.id}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/staff/webhooks/not-an-id')).statusCode).toBe(404);
    const { rows: deliveries } = await t.db.query(
      'SELECT state, next_attempt_at FROM webhook_deliveries WHERE endpoint_id = $1',
      [created.id],
    );
    expect(deliveries).toEqual([{ state: 'pending', next_attempt_at: null }]);
    expect((await admin.get(`/api/staff/webhooks/${created.id}/deliveries`)).statusCode).toBe(404);
  });

  it.each([
    ['not a URL', 'banner sync', 'WEBHOOK_URL_INVALID'],
    ['ftp://', 'ftp://files.example.edu/in', 'WEBHOOK_URL_INVALID'],
    ['credentials in the URL', 'https://user:pw@hooks.example.edu/', 'WEBHOOK_URL_INVALID'],
    ['a loopback address', 'http://127.0.0.1:8080/hooks', 'WEBHOOK_ADDRESS_REFUSED'],
    ['an IPv6 loopback address', 'http://[::1]/hooks', 'WEBHOOK_ADDRESS_REFUSED'],
    ['a private address', 'https://10.1.2.3/hooks', 'WEBHOOK_ADDRESS_REFUSED'],
    ['the link-local metadata service', 'http://169.254.169.254/latest', 'WEBHOOK_ADDRESS_REFUSED'],
    ['an IPv4-mapped private address', 'http://[::ffff:192.168.1.1]/', 'WEBHOOK_ADDRESS_REFUSED'],
    ['a name that resolves to loopback', 'http://localhost:9/hooks', 'WEBHOOK_ADDRESS_REFUSED'],
  ])('refuses %s: 400 %s', async (_name, url, code) => {
    const res = await admin.post('/api/staff/webhooks', { url, events: ['application.submitted'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(await list()).toEqual([]);
  });

  it('refuses an unknown event by name, no events, and fields it does not know', async () => {
    const unknown = await admin.post('/api/staff/webhooks', {
      url: PUBLIC_URL,
      events: ['application.submitted', 'application.deleted'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'WEBHOOK_EVENT_UNKNOWN',
      message: expect.stringContaining('"application.deleted"'),
      errors: { events: ['application.deleted'] },
    });
    const none = await admin.post('/api/staff/webhooks', { url: PUBLIC_URL, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'BAD_REQUEST', errors: { events: expect.any(Array) } });
    const extra = await admin.post('/api/staff/webhooks', { url: PUBLIC_URL, events: ['decision.released'], x: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await admin.post('/api/staff/webhooks', {})).statusCode).toBe(400);
    expect(await list()).toEqual([]);
  });

  it('accepts only https:// without WEBHOOK_ALLOW_HTTP, and any address with WEBHOOK_ALLOW_PRIVATE', async () => {
    const config: IntegrationsConfig = { ...t.deps.config.integrations, webhookAllowHttp: false };
    await expect(checkEndpointUrl('https://192.0.2.10/hooks', config)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl('http://192.0.2.10/hooks', config)).rejects.toMatchObject({
      code: 'WEBHOOK_URL_INVALID',
    });
    const open = { ...config, webhookAllowHttp: true, webhookAllowPrivate: true };
    await expect(checkEndpointUrl('http://127.0.0.1:8080/hooks', open)).resolves.toBeInstanceOf(URL);
  });

  it('refuses a private address again at delivery: a name that resolves to loopback is never connected to', async () => {
    const receiver = await startReceiver();
    try {
      // As if the name had resolved to a public address when the endpoint was made, and to loopback now.
      const port = new URL(receiver.url).port;
      const ids: string[] = [];
      for (const url of [`http://localhost:${port}/hooks`, receiver.url]) {
        const id = randomUUID();
        await t.db.query(
          `INSERT INTO webhook_endpoints (id, url, events, secret_sealed, created_by, created_at)
           VALUES ($1, $2, $3, $4, 'dean@college.test', $5)`,
          [id, url, ['application.submitted'], sealSigningSecret(t.deps.secretKey, id, 'whsec_AAAA'), t.clock.now()],
        );
        expect((await admin.post(`/api/staff/webhooks/${id}/test`)).statusCode).toBe(202);
        ids.push(id);
      }
      await deliverDue(t);
      expect(receiver.received).toEqual([]);
      for (const id of ids) {
        const [delivery] = await deliveriesOf(admin, id);
        expect(delivery).toMatchObject({
          event_type: 'webhook.test',
          state: 'pending',
          next_attempt_at: new Date(t.clock.now().getTime() + 5_000).toISOString(),
          attempts: [{ attempt: 1, status_code: null, response_excerpt: expect.stringMatching(/^Refused: /) }],
        });
      }
    } finally {
      await receiver.close();
    }
  });
});

describe('who may manage webhooks', () => {
  let endpointId = '';
  let deliveryId = '';
  const fresh = async () => {
    const endpoint = await createEndpoint(admin, PUBLIC_URL, ['application.submitted']);
    return endpoint.id;
  };
  const calls: MatrixCall[] = [
    { name: 'GET /webhooks', status: 200, run: (c) => c.get('/api/staff/webhooks') },
    {
      name: 'POST /webhooks',
      status: 201,
      run: (c) => c.post('/api/staff/webhooks', { url: PUBLIC_URL, events: ['decision.released'] }),
    },
    { name: 'DELETE /webhooks/:id', status: 204, run: async (c) => c.delete(`/api/staff/webhooks/${await fresh()}`) },
    {
      name: 'POST /webhooks/:id/test',
      status: 202,
      run: async (c) => {
        endpointId = await fresh();
        return c.post(`/api/staff/webhooks/${endpointId}/test`);
      },
    },
    {
      name: 'GET /webhooks/:id/deliveries',
      status: 200,
      run: async (c) => c.get(`/api/staff/webhooks/${await fresh()}/deliveries`),
    },
    {
      name: 'POST /webhooks/:id/deliveries/:delivery_id/resend',
      status: 202,
      run: async (c) => {
        endpointId = await fresh();
        deliveryId = (await admin.post(`/api/staff/webhooks/${endpointId}/test`)).json<{ delivery_id: string }>()
          .delivery_id;
        return c.post(`/api/staff/webhooks/${endpointId}/deliveries/${deliveryId}/resend`);
      },
    },
  ];
  const MANAGES: Record<StaffRole, boolean> = {
    admin: true,
    decider: false,
    reviewer: false,
    reader: false,
    bursar: false,
  };
  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: MANAGES[role], right: 'manage_team' }),
    );
  it.each(calls)('an applicant gets 403 and no session 401 for $name', (call) =>
    expectStaffOnly(t, admin, applicant.client, call),
  );
});
