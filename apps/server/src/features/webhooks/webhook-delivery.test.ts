import {
  checklistWaiversPath,
  STATUS_PATH,
  type StatusResponse,
  type WebhookEndpointsResponse,
} from '@admissions/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { paidFee } from '../../test-support/fee-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { randomUUID } from 'node:crypto';
import { recordIntegrationEvents } from '../../core/integration-events';
import { runDueDeliveries } from './due-deliveries';
import { RETRY_DELAYS_MS } from './delivery-record';
import { LEASE_MS, takeDueDeliveries } from './delivery-take';
import { leaseStreams, readStream, recordStream, STREAM_LEASE_MS } from './stream-store';
import { deliverNow } from './webhooks-worker';
import { createEndpoint, deliverDue, deliveriesOf, startReceiver, type Receiver } from './webhooks.test-helpers';

/**
 * Webhooks as a receiver gets them (issue 45): from the change in the product to a signed POST on a loopback
 * receiver, verified with the `standardwebhooks` package's own `verify`; retries on the test clock, 410, the last
 * retry, a resend, the order per application, and a process stopped between the change and the delivery.
 */
const TOKEN = 'metrics-token-for-webhooks';
const ENV = { ...STAFF_ENV, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', METRICS_TOKEN: TOKEN };

let t: TestApp;
let admin: TestClient;
let receiver: Receiver;
beforeAll(async () => {
  t = await startTestApp(ENV);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // The clock moves by hours in some tests, past a session's idle limit: the office signs in afresh for each.
  admin = await anotherSession(t, STAFF_EMAIL).catch(() => loggedInClient(t, STAFF_EMAIL));
  receiver = await startReceiver();
});
afterEach(async () => {
  // Each test has its own endpoint: the earlier ones are removed, so no event of this test goes to them.
  await t.db.query('UPDATE webhook_endpoints SET deleted_at = $1 WHERE deleted_at IS NULL', [t.clock.now()]);
  await receiver.close();
});

let n = 0;
const applicant = () => submittedApplicant(t, `hook-${++n}@example.edu`);
const failedMetric = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  return Number(/^admissions_webhook_deliveries_failed_total (\d+)$/m.exec(res.body)?.[1]);
};

describe('a webhook delivery', () => {
  it('delivers application.submitted signed as Standard Webhooks, with only facts that are final', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['application.submitted']);
    const a = await applicant();
    await deliverDue(t);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    // The receiver's own check, with the package's verify: the signature, the id and the timestamp.
    expect(new Webhook(endpoint.secret).verify(got!.body, got!.headers)).toEqual(got!.json);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got!.body, got!.headers),
    ).toThrow();
    expect(got!.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.json).toEqual({
      type: 'application.submitted',
      timestamp: t.clock.now().toISOString(),
      data: {
        application_id: a.userId,
        submitted_at: t.clock.now().toISOString(),
        program: expect.any(String),
        term: expect.any(String),
        late: false,
      },
    });

    const [delivery] = await deliveriesOf(admin, endpoint.id);
    expect(delivery).toMatchObject({
      event_id: got!.headers['webhook-id'],
      event_type: 'application.submitted',
      application_id: a.userId,
      state: 'succeeded',
      next_attempt_at: null,
      attempts: [{ attempt: 1, status_code: 200, response_excerpt: 'ok', at: t.clock.now().toISOString() }],
    });
    expect(delivery!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('delivers decision.released at the release, and nothing for a decision still a draft', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['decision.released']);
    const a = await applicant();
    await expectOk(await admin.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
    await deliverDue(t);
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(admin, endpoint.id)).toEqual([]);

    await expectOk(await admin.post('/api/staff/decisions/release', { application_ids: [a.userId] }));
    await deliverDue(t);
    expect(receiver.received.map((r) => r.json)).toEqual([
      {
        type: 'decision.released',
        timestamp: t.clock.now().toISOString(),
        data: {
          application_id: a.userId,
          decision: { code: 'admit', label: expect.any(String) },
          released_at: t.clock.now().toISOString(),
        },
      },
    ]);
    const status = (await expectOk(await a.client.get('/api/status'))).json<{ decision: { label: string } }>();
    expect(receiver.received[0]!.json.data.decision).toEqual({ code: 'admit', label: status.decision.label });
  });

  it('delivers offer.responded with the answer, and application.completed once as the checklist becomes complete', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['offer.responded', 'application.completed']);
    const a = await applicant();
    // The office's list reads the changes since its last read: the checklist is not complete yet.
    await expectOk(await admin.get('/api/staff/applications'));
    const { checklist } = (await expectOk(await a.client.get(STATUS_PATH))).json<StatusResponse>();
    for (const item of checklist.filter((i) => i.state !== 'received' && i.state !== 'waived')) {
      if (item.key === 'application_fee') await paidFee(t, a.userId);
      else
        await expectOk(await admin.post(checklistWaiversPath(a.userId), { item_key: item.key, reason: 'Not needed.' }));
    }
    await expectOk(await admin.get('/api/staff/applications'));
    await deliverDue(t);
    expect(receiver.received.map((r) => r.json)).toEqual([
      {
        type: 'application.completed',
        timestamp: t.clock.now().toISOString(),
        data: { application_id: a.userId, completed_at: t.clock.now().toISOString() },
      },
    ]);

    await expectOk(await admin.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
    await expectOk(await admin.post('/api/staff/decisions/release', { application_ids: [a.userId] }));
    await expectOk(await a.client.post('/api/decision/response', { response: 'accept' }));
    // Later changes of a complete application say nothing of its completion again.
    await expectOk(await admin.get('/api/staff/applications'));
    await deliverDue(t);
    expect(receiver.received.map((r) => r.json.type)).toEqual(['application.completed', 'offer.responded']);
    expect(receiver.received[1]!.json.data).toEqual({
      application_id: a.userId,
      response: 'accept',
      responded_at: t.clock.now().toISOString(),
    });
    expect((await deliveriesOf(admin, endpoint.id)).every((d) => d.state === 'succeeded')).toBe(true);
  });

  it('retries after a 500: the second try, 5 s later, delivers, and the log shows both', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['application.submitted']);
    receiver.answer = () => (receiver.received.length === 1 ? { status: 500, body: 'try later' } : { status: 204 });
    await applicant();
    await deliverDue(t);
    expect(receiver.received).toHaveLength(1);
    let [delivery] = await deliveriesOf(admin, endpoint.id);
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: [{ status_code: 500, response_excerpt: 'try later' }],
    });
    expect(delivery!.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 5_000).toISOString());

    // Not yet due: nothing is sent.
    await deliverDue(t);
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(5_000);
    await deliverDue(t);
    expect(receiver.received).toHaveLength(2);
    // The same message: the same webhook-id, so the receiver can tell a retry.
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    [delivery] = await deliveriesOf(admin, endpoint.id);
    expect(delivery).toMatchObject({
      state: 'succeeded',
      attempts: [
        { attempt: 1, status_code: 500 },
        { attempt: 2, status_code: 204 },
      ],
    });
  });

  it('disables the endpoint at a 410, and its pending deliveries stop', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['application.submitted', 'application.withdrawn']);
    // A 503 first, so that a tick of the workers (every 5 s, real time) that sends the submission before the
    // withdrawal is written leaves the endpoint enabled: both events are then written with their deliveries.
    receiver.answer = () => ({ status: 503 });
    const a = await applicant();
    // The withdrawal waits behind the submission.
    await expectOk(await a.client.post('/api/withdraw', { reason: 'Going elsewhere' }));
    receiver.answer = () => ({ status: 410, body: 'gone' });
    t.clock.advance(RETRY_DELAYS_MS[0]!);
    await deliverDue(t);
    const types = () => [...new Set(receiver.received.map((r) => r.json.type))];
    expect(types()).toEqual(['application.submitted']);

    const { endpoints } = (await expectOk(await admin.get('/api/staff/webhooks'))).json<WebhookEndpointsResponse>();
    expect(endpoints.find((e) => e.id === endpoint.id)).toMatchObject({
      disabled_at: t.clock.now().toISOString(),
      disabled_reason: expect.stringContaining('410'),
      pending_count: 0,
    });
    const log = await deliveriesOf(admin, endpoint.id);
    expect(log.map((d) => [d.event_type, d.next_attempt_at])).toEqual([
      ['application.withdrawn', null],
      ['application.submitted', null],
    ]);
    expect(log[1]!.attempts.at(-1)).toMatchObject({ status_code: 410 });
    // Nothing more: not later, not for a new event, not as a test or a resend.
    const sent = receiver.received.length;
    t.clock.advance(RETRY_DELAYS_MS[1]!);
    await applicant();
    await deliverDue(t);
    expect(receiver.received).toHaveLength(sent);
    const resend = await admin.post(`/api/staff/webhooks/${endpoint.id}/deliveries/${log[1]!.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'WEBHOOK_DISABLED' });
    expect((await admin.post(`/api/staff/webhooks/${endpoint.id}/test`)).statusCode).toBe(409);
  });

  it('fails after its last retry, counted on /metrics; "send again" is a new try with the same webhook-id', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['application.submitted']);
    receiver.answer = () => ({ status: 503, body: 'x'.repeat(1000) });
    const before = await failedMetric();
    const test = await admin.post(`/api/staff/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    const { delivery_id } = test.json<{ delivery_id: string }>();
    await deliverDue(t);
    for (const delay of RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      await deliverDue(t);
    }
    expect(receiver.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(receiver.received[0]!.json).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    admin = await anotherSession(t, STAFF_EMAIL);
    const [failed] = await deliveriesOf(admin, endpoint.id);
    expect(failed).toMatchObject({ id: delivery_id, state: 'failed', next_attempt_at: null });
    expect(failed!.attempts.map((a) => a.status_code)).toEqual(Array(7).fill(503));
    // A few hundred bytes of the answer are kept, not all of it.
    expect(failed!.attempts[0]!.response_excerpt).toBe('x'.repeat(300));
    expect(await failedMetric()).toBe(before + 1);
    const { endpoints } = (await expectOk(await admin.get('/api/staff/webhooks'))).json<WebhookEndpointsResponse>();
    expect(endpoints.find((e) => e.id === endpoint.id)).toMatchObject({ failed_count: 1, pending_count: 0 });

    receiver.answer = () => ({ status: 200 });
    const resend = await admin.post(`/api/staff/webhooks/${endpoint.id}/deliveries/${delivery_id}/resend`);
    expect(resend.statusCode).toBe(202);
    await deliverDue(t);
    expect(receiver.received).toHaveLength(8);
    const again = receiver.received[7]!;
    expect(again.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(new Webhook(endpoint.secret).verify(again.body, again.headers)).toEqual(again.json);
    const log = await deliveriesOf(admin, endpoint.id);
    expect(log[0]).toMatchObject({
      id: resend.json<{ delivery_id: string }>().delivery_id,
      event_id: failed!.event_id,
      state: 'succeeded',
      attempts: [{ attempt: 1, status_code: 200 }],
    });
    expect(log[1]).toMatchObject({ id: delivery_id, state: 'failed' });
    const unknown = await admin.post(`/api/staff/webhooks/${endpoint.id}/deliveries/${endpoint.id}/resend`);
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the order per application: a later event waits while an earlier one is retried', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['application.submitted', 'application.withdrawn']);
    receiver.answer = () => (receiver.received.length === 1 ? { status: 500 } : { status: 200 });
    const a = await applicant();
    await expectOk(await a.client.post('/api/withdraw', { reason: 'Changed my mind' }));
    await deliverDue(t);
    expect(receiver.received.map((r) => r.json.type)).toEqual(['application.submitted']);
    t.clock.advance(5_000);
    await deliverDue(t);
    expect(receiver.received.map((r) => r.json.type)).toEqual([
      'application.submitted',
      'application.submitted',
      'application.withdrawn',
    ]);
    expect(receiver.received[2]!.json.data).toEqual({
      application_id: a.userId,
      withdrawn_at: expect.any(String),
    });
    expect((await deliveriesOf(admin, endpoint.id)).map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
  });

  it("sends an application's next event once its earlier one is answered, while other applications go on", async () => {
    await createEndpoint(admin, receiver.url, ['decision.released', 'offer.responded']);
    const first = randomUUID();
    const others: string[] = Array.from({ length: 10 }, () => randomUUID());
    await t.db.transaction((tx) =>
      recordIntegrationEvents(
        tx,
        [
          { type: 'decision.released' as const, applicationId: first },
          { type: 'offer.responded' as const, applicationId: first },
          ...others.map((applicationId) => ({ type: 'decision.released' as const, applicationId })),
        ],
        t.clock.now(),
      ),
    );
    // The receiver holds its answer to the first release until every other application's has come: the response,
    // read before them, must not come while the release is unanswered.
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    receiver.answer = (r) => {
      if (r.json.data.application_id === first && r.json.type === 'decision.released')
        return firstAnswered.then(() => ({ status: 200 }));
      if (receiver.received.filter((x) => others.includes(x.json.data.application_id as string)).length === 10)
        answerFirst();
      return { status: 200 };
    };
    await deliverDue(t);
    const got = receiver.received.map((r) => [r.json.data.application_id, r.json.type]);
    expect(got).toHaveLength(12);
    expect(got[0]).toEqual([first, 'decision.released']);
    expect(new Set(got.slice(1, 11).map(([a]) => a))).toEqual(new Set(others));
    expect(got[11]).toEqual([first, 'offer.responded']);
  });

  it('sends a backlog once each, in order per application, with two passes at once (as two processes would)', async () => {
    await createEndpoint(admin, receiver.url, ['decision.released', 'offer.responded']);
    // More than a take and a window of the worker's, so that sends, takes ahead and records overlap.
    const applications = Array.from({ length: 400 }, () => randomUUID());
    await t.db.transaction((tx) =>
      recordIntegrationEvents(
        tx,
        [
          ...applications.map((applicationId) => ({ type: 'decision.released' as const, applicationId })),
          ...applications.map((applicationId) => ({ type: 'offer.responded' as const, applicationId })),
        ],
        t.clock.now(),
      ),
    );
    const tries = await Promise.all([runDueDeliveries(t.deps), runDueDeliveries(t.deps)]);
    // The workers' own tick may have sent some too: what counts is what the receiver got.
    expect(tries[0]! + tries[1]!).toBeLessThanOrEqual(800);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(800);
    expect(new Set(ids).size).toBe(800);
    const released = new Set<unknown>();
    for (const { json } of receiver.received) {
      if (json.type === 'decision.released') released.add(json.data.application_id);
      else expect(released.has(json.data.application_id)).toBe(true);
    }
    const { rows } = await t.db.query<{ state: string; attempts: number; ok: number; n: number }>(
      `SELECT d.state, (SELECT count(*) FROM webhook_attempts a WHERE a.delivery_id = d.id)::int AS attempts,
         (SELECT count(*) FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.status_code = 200)::int AS ok,
         count(*) OVER ()::int AS n
       FROM webhook_deliveries d WHERE d.application_id = ANY ($1::uuid[])`,
      [applications],
    );
    expect(rows).toHaveLength(800);
    // Each sent at its first try from its endpoint's stream: its attempt row is all it wrote.
    expect(rows.every((r) => r.state === 'queued' && r.attempts === 1 && r.ok === 1)).toBe(true);
  });

  it('loses nothing when the process stops between the change and the delivery', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['application.submitted']);
    receiver.answer = () => ({ status: 503 });
    const a = await applicant();
    // The event was written with the submission: it is there whatever the worker has done yet.
    const { rows } = await t.db.query<{ type: string }>(
      'SELECT type FROM integration_events WHERE application_id = $1',
      [a.userId],
    );
    expect(rows.map((r) => r.type)).toContain('application.submitted');
    await deliverDue(t);
    t.clock.advance(5_000);
    // The process takes the delivery for its second try and dies before it is sent (as kill -9 would leave it).
    expect(await takeDueDeliveries(t.db, t.clock.now(), 50)).toHaveLength(1);
    const tries = receiver.received.length;
    await t.stop();
    t = await startTestApp(ENV, { restartOf: t });
    admin = await anotherSession(t, STAFF_EMAIL);
    receiver.answer = () => ({ status: 200 });

    // Taken by the dead process: left alone until its lease ends, then sent by the new one.
    await deliverDue(t);
    expect(receiver.received).toHaveLength(tries);
    t.clock.advance(LEASE_MS);
    await deliverDue(t);
    expect(receiver.received).toHaveLength(tries + 1);
    const [delivery] = await deliveriesOf(admin, endpoint.id);
    expect(delivery).toMatchObject({ state: 'succeeded' });
    expect(delivery!.attempts.map((x) => x.status_code)).toEqual([503, 200]);
  });

  it('leaves a stream held by a process that died to its lease; a process whose lease was taken records nothing', async () => {
    const endpoint = await createEndpoint(admin, receiver.url, ['decision.released']);
    const [first, second] = [randomUUID(), randomUUID()];
    await t.db.transaction((tx) =>
      recordIntegrationEvents(
        tx,
        [first, second].map((applicationId) => ({ type: 'decision.released' as const, applicationId })),
        t.clock.now(),
      ),
    );
    // A process leased the stream, read both and died (as kill -9 would leave it): its lease holds the stream.
    const now = t.clock.now();
    const dead = randomUUID();
    expect(await leaseStreams(t.db, dead, now, new Date(now.getTime() + STREAM_LEASE_MS))).toHaveLength(1);
    const read = await readStream(t.db, endpoint.id, { xid: '0', event: '0', id: randomUUID() }, 10);
    expect(read.map((d) => d.application_id)).toEqual([first, second]);
    await deliverDue(t);
    expect(receiver.received).toEqual([]);

    t.clock.advance(STREAM_LEASE_MS);
    await deliverDue(t);
    expect(receiver.received.map((r) => r.json.data.application_id)).toEqual([first, second]);
    // Its record comes too late: the lease is another's, so nothing of it is written and the cursor stays.
    const late = await recordStream(t.db, {
      endpointId: endpoint.id,
      owner: dead,
      leaseUntil: new Date(t.clock.now().getTime() + STREAM_LEASE_MS),
      tried: [{ id: read[0]!.id, startedAt: now, statusCode: 500, excerpt: 'late', durationMs: 1 }],
      moved: [{ id: read[0]!.id, attempts: 1, nextAt: now }],
      place: { xid: read[0]!.xid, event: read[0]!.seq, id: read[0]!.id },
    });
    expect(late).toBe(false);
    const { rows: still } = await t.db.query<{ state: string }>('SELECT state FROM webhook_deliveries WHERE id = $1', [
      read[0]!.id,
    ]);
    expect(still).toEqual([{ state: 'queued' }]);
    const log = await deliveriesOf(admin, endpoint.id);
    expect(log.map((d) => [d.application_id, d.state, d.attempts.map((a) => a.status_code)])).toEqual([
      [second, 'succeeded', [200]],
      [first, 'succeeded', [200]],
    ]);
    const { endpoints } = (await expectOk(await admin.get('/api/staff/webhooks'))).json<WebhookEndpointsResponse>();
    expect(endpoints.find((e) => e.id === endpoint.id)).toMatchObject({ pending_count: 0, failed_count: 0 });
  });

  // PGlite has one connection: two transactions cannot be open at once there.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'never passes a delivery while an earlier transaction may still write one before it: that one is sent too',
    async () => {
      await createEndpoint(admin, receiver.url, ['decision.released']);
      const [early, late] = [randomUUID(), randomUUID()];
      const released = (applicationId: string) => [{ type: 'decision.released' as const, applicationId }];
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const earlier = t.db.transaction(async (tx) => {
        await recordIntegrationEvents(tx, released(early), t.clock.now());
        wrote();
        await committing;
      });
      await written;
      await t.db.transaction((tx) => recordIntegrationEvents(tx, released(late), t.clock.now()));

      // The later transaction has committed and the earlier has not: its delivery, which comes first in the stream,
      // may yet be written, so the stream goes no further than before the later one (waiting for none here).
      await deliverNow(t.deps, undefined, { settleWaitMs: 0 });
      expect(receiver.received).toEqual([]);
      commit();
      await earlier;
      await deliverDue(t);
      expect(receiver.received.map((r) => r.json.data.application_id)).toEqual([early, late]);
    },
  );
});
