import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, userIdOf } from '../../test-support/application-helpers';
import { restartInNextCycle } from '../../test-support/next-cycle';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { DAY } from '../../infra/time-units';
import { monthsBefore, planRetention } from './retention-rules';
import { RETENTION_SOURCES, type RetentionSources } from './retention-sources';
import { runRetention } from './run-retention';

/**
 * Issue 48: a past-cycle application is a users row of its own that goes with its account by cascade
 * (decision 052). Retention deletes accounts; it must not take with one an application the office holds.
 * Each past application goes under its own rule first; the account after it.
 */
let t: TestApp;
let closeNext: (() => Promise<void>) | undefined;
const ACCEPTED = 'past.offer@example.edu';
const UNDECIDED = 'past.undecided@example.edu';
/** Account id and past application owner id of each applicant, once the new cycle started. */
const ids: Record<string, { account: string; past: string }> = {};

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  const accepted = await submittedApplicant(t, ACCEPTED);
  await submittedApplicant(t, UNDECIDED);
  const staff = await loggedInClient(t, STAFF_EMAIL);
  await expectOk(await staff.put(`/api/staff/applications/${accepted.userId}/decision`, { code: 'admit' }));
  await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [accepted.userId] }));
  await expectOk(await accepted.client.post('/api/decision/response', { response: 'accept' }));
  const restarted = await restartInNextCycle(t);
  closeNext = restarted.closeNext;
  // Both start an empty application for 2027-28, then never come back.
  for (const email of [ACCEPTED, UNDECIDED]) {
    const client = await anotherSession(restarted.next, email);
    await expectOk(await client.post('/api/application/new-cycle', { carry_over: false }));
    const account = await userIdOf(t, email);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE application_of = $1', [account]);
    ids[email] = { account, past: rows[0]!.id };
  }
});
afterAll(async () => {
  await closeNext?.();
  await t?.close();
});

const exists = async (userId: string) =>
  (await t.db.query('SELECT 1 FROM users WHERE id = $1', [userId])).rows.length === 1;
const run = (sources?: RetentionSources) => runRetention(t.deps, t.app.log, sources);
const WARNING = 'Your unfinished BWC application will be deleted in 30 days';

describe('retention and an account whose earlier application the office holds', () => {
  it('neither warns about nor deletes its untouched, unsubmitted new application', async () => {
    const unsubmittedOnly: RetentionSources = { ...RETENTION_SOURCES, closedCycles: async () => [] };
    const now = t.clock.now();
    t.clock.advance(monthsBefore(now, -18).getTime() - now.getTime() + DAY);
    const plan = await planRetention(t.deps, unsubmittedOnly, t.clock.now());
    expect([...plan.warnings, ...plan.unsubmitted].map((c) => c.email)).not.toContain(ACCEPTED);
    expect([...plan.warnings, ...plan.unsubmitted].map((c) => c.email)).not.toContain(UNDECIDED);
    expect(await run(unsubmittedOnly)).toMatchObject({ warned: 0 });
    t.clock.advance(31 * DAY);
    expect(await run(unsubmittedOnly)).toMatchObject({ warned: 0, deletedUnsubmitted: 0 });
    await t.mailDelivered();
    for (const email of [ACCEPTED, UNDECIDED]) {
      expect(t.smtp.to(email).map((m) => m.subject)).not.toContain(WARNING);
      expect(await exists(ids[email]!.account)).toBe(true);
      expect(await exists(ids[email]!.past)).toBe(true);
    }
  });

  it('under the closed-cycle rule deletes the past application first, then the account, and never an accepted offer', async () => {
    // Both cycles closed over 24 months ago; the accepted offer is read from the decisions, as in production.
    const closed: RetentionSources = {
      ...RETENTION_SOURCES,
      closedCycles: async () => [
        { id: '2026-27', closed_at: monthsBefore(t.clock.now(), 26) },
        { id: '2027-28', closed_at: monthsBefore(t.clock.now(), 25) },
      ],
    };
    const mailLog = async (email: string) =>
      (await t.db.query('SELECT 1 FROM mail_log WHERE email_norm = $1', [email])).rows.length;
    expect(await mailLog(UNDECIDED)).toBeGreaterThan(0);

    const plan = await planRetention(t.deps, closed, t.clock.now());
    expect(plan.closedCycle.map((c) => c.user_id)).toEqual([ids[UNDECIDED]!.past]);
    expect(plan.keptForAcceptedOffer).toBe(1);
    expect(await run(closed)).toMatchObject({ deletedClosedCycle: 1, keptForAcceptedOffer: 1 });
    expect(await exists(ids[UNDECIDED]!.past)).toBe(false);
    expect(await exists(ids[UNDECIDED]!.account)).toBe(true);
    // The past application shared the account's address: deleting it leaves the account's mail log alone.
    expect(await mailLog(UNDECIDED)).toBeGreaterThan(0);

    // Next run: the account, its past application gone, is due in its own right.
    expect(await run(closed)).toMatchObject({ deletedClosedCycle: 1 });
    expect(await exists(ids[UNDECIDED]!.account)).toBe(false);
    expect(await mailLog(UNDECIDED)).toBe(0);
    // The accepted offer stays, and with it the account it belongs to.
    expect(await exists(ids[ACCEPTED]!.past)).toBe(true);
    expect(await exists(ids[ACCEPTED]!.account)).toBe(true);
    expect((await run(closed)).deletedClosedCycle).toBe(0);
  });
});
