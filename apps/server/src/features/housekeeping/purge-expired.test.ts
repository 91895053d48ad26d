import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, signUp } from '../../test-support/account-helpers';
import { loggedInClient, userIdOf } from '../../test-support/application-helpers';
import { printToken, STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { SERVICE_TOKEN_TTL_MS } from '../../session/service-tokens';
import { SESSION_IDLE_MS } from '../../session/account-limits';
import { purgeExpired, RATE_LIMIT_RETENTION_MS } from './purge-expired';
import { DAY, MINUTE } from '../../infra/time-units';

/** What the hourly housekeeping deletes, and what it must leave working. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const sessionsOf = async (email: string) =>
  count('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [await userIdOf(t, email)]);
const purge = () => purgeExpired({ db: t.db, clock: t.clock, config: t.deps.config });

describe('purgeExpired', () => {
  it('deletes sessions idle past the limit, keeps live ones, and the live ones still work', async () => {
    const idle = await loggedInClient(t, 'purge.idle@example.edu');
    const active = await loggedInClient(t, 'purge.active@example.edu');
    t.clock.advance(10 * MINUTE);
    await expectOk(await active.get('/api/keep-alive'));
    t.clock.advance(SESSION_IDLE_MS - 10 * MINUTE + 1000);

    const deleted = await purge();

    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf('purge.idle@example.edu')).toBe(0);
    expect(await sessionsOf('purge.active@example.edu')).toBe(1);
    expect((await active.get('/api/profile')).statusCode).toBe(200);
    expect((await idle.get('/api/profile')).statusCode).toBe(401);
  });

  it('deletes a session past its absolute age even while it is in use', async () => {
    const email = 'purge.old@example.edu';
    const client = await loggedInClient(t, email);
    // Twelve hours of activity, moved into the past rather than replayed.
    await t.db.query(`UPDATE sessions SET created_at = created_at - interval '12 hours' WHERE user_id = $1`, [
      await userIdOf(t, email),
    ]);

    await purge();

    expect(await sessionsOf(email)).toBe(0);
    expect((await client.get('/api/profile')).statusCode).toBe(401);
  });

  it('deletes expired confirmation codes and keeps a live one usable', async () => {
    await signUp(t, t.client(), 'purge.code.old@example.edu');
    t.clock.advance(DAY + 1000);
    const liveCode = await signUp(t, t.client(), 'purge.code.new@example.edu');
    const codesOf = async (email: string) =>
      count('SELECT count(*)::int AS n FROM one_time_codes WHERE user_id = $1', [await userIdOf(t, email)]);

    await purge();

    expect(await codesOf('purge.code.old@example.edu')).toBe(0);
    expect(await codesOf('purge.code.new@example.edu')).toBe(1);
    expect(lastCode(t, 'purge.code.new@example.edu')).toBe(liveCode);
    await expectOk(
      await t.client().post('/public/confirm', { username: 'purge.code.new@example.edu', code: liveCode }),
    );
  });

  it("deletes mail requests once they are out of the throttle's hour, not before", async () => {
    const email = 'purge.mail@example.edu';
    const mailRequests = () => count('SELECT count(*)::int AS n FROM mail_requests WHERE email = $1', [email]);
    await expectOk(await t.client().post('/public/resend-confirm', { username: email }));

    t.clock.advance(59 * MINUTE);
    await purge();
    expect(await mailRequests()).toBe(1);

    t.clock.advance(MINUTE);
    await purge();
    expect(await mailRequests()).toBe(0);
  });

  it('deletes rate-limit counters only long after their window has ended', async () => {
    const ip = '192.0.2.77';
    const counters = () => count(`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'forgot:' || $1`, [ip]);
    await t.client(ip).post('/public/forgot-password', { username: 'purge.limit@example.edu' });
    expect(await counters()).toBe(1);

    t.clock.advance(RATE_LIMIT_RETENTION_MS - MINUTE);
    await purge();
    expect(await counters()).toBe(1);

    t.clock.advance(2 * MINUTE);
    await purge();
    expect(await counters()).toBe(0);
  });

  it("deletes a visitor's answer set when its resume link expires, and keeps a newer one reachable", async () => {
    const save = async (first_name: string) =>
      (await expectOk(await t.client().post('/public/tmp', { answer: { first_name } }))).json<{ token: string }>()
        .token;
    const expired = await save('Expired');
    t.clock.advance(30 * DAY + 1000);
    const current = await save('Current');

    const deleted = await purge();

    expect(deleted.temporaryAnswers).toBeGreaterThanOrEqual(1);
    expect((await t.client().get(`/public/tmp?token=${expired}`)).statusCode).toBe(404);
    const kept = await t.client().get(`/public/tmp?token=${current}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ answer: { first_name: 'Current' } });
    expect(await count('SELECT count(*)::int AS n FROM temporary_answers', [])).toBe(1);
  });

  it('deletes print links once they have expired, and a newer one still opens the print view', async () => {
    const applicant = await submittedApplicant(t, 'purge.printed@example.edu');
    const expired = await printToken(await loggedInClient(t, STAFF_EMAIL), applicant.userId);
    t.clock.advance(SERVICE_TOKEN_TTL_MS + 1000);
    const current = await printToken(await loggedInClient(t, 'registrar@college.test'), applicant.userId);

    const deleted = await purge();

    expect(deleted.serviceTokens).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM service_tokens WHERE id = $1', [expired.id])).toBe(0);
    expect((await t.client().get(`/service/tmp-pdf?service_token=${expired.token}`)).statusCode).toBe(401);
    await expectOk(await t.client().get(`/service/tmp-pdf?service_token=${current.token}`));
  });

  it('never touches accounts, answers or their history', async () => {
    const email = 'purge.keeps@example.edu';
    const client = await loggedInClient(t, email);
    await expectOk(await client.put('/api/answer', { first_name: 'Kept' }));
    const userId = await userIdOf(t, email);
    t.clock.advance(400 * DAY);

    await purge();

    expect(await count('SELECT count(*)::int AS n FROM users WHERE id = $1', [userId])).toBe(1);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM applications WHERE user_id = $1 AND answers->>'first_name' = 'Kept'`,
        [userId],
      ),
    ).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM answer_history WHERE user_id = $1', [userId])).toBe(1);
  });
});
