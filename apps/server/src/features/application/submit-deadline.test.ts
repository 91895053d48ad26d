import { deadlineOf, type StaffListResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { SAMPLE_TENANT } from '../../../../../test/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { lockApplication } from '../../core/application-repository';

/**
 * Issue 29: a submit is judged by when its request arrived, against the
 * program's deadline in the institution's zone (the sample tenant: MAE,
 * 2027-04-01T23:59 Chicago time, 60 minutes of grace).
 */
let t: TestApp;
const mae = deadlineOf(SAMPLE_TENANT, 'MAE')!;
const SECOND = 1000;

/** Moves the test clock forward to that instant. */
function moveTo(instant: Date) {
  const ms = instant.getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error('the test clock only moves forward');
  t.clock.advance(ms);
}

async function applicant(email: string): Promise<TestClient> {
  const client = await loggedInClient(t, email);
  await save(client, { ...completeAnswers(), applied_major: 'MAE' });
  return client;
}

let onTime: TestClient;
let late: TestClient;
let slow: TestClient;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  // Ten minutes before the deadline, four applicants have complete applications to MAE.
  moveTo(new Date(mae.deadline.getTime() - 10 * 60 * SECOND));
  onTime = await applicant('on-time@example.edu');
  late = await applicant('late@example.edu');
  await applicant('refused@example.edu');
  slow = await applicant('slow@example.edu');
});
afterAll(async () => {
  await t?.close();
});

let staffSignedUp = false;
async function staffList(): Promise<StaffListResponse> {
  // A new login each time: the test clock leaps past the idle limit between calls.
  const staff = staffSignedUp ? await anotherSession(t, STAFF_EMAIL) : await loggedInClient(t, STAFF_EMAIL);
  staffSignedUp = true;
  return (await expectOk(await staff.get('/api/staff/applications'))).json();
}

describe('the deadline of POST /api/submit', () => {
  it('reads the deadline as 11:59 pm Central Time', () => {
    expect(mae.deadline.toISOString()).toBe('2027-04-02T04:59:00.000Z');
  });

  it('accepts a submit that arrives at 23:59:59 institution time, on time', async () => {
    moveTo(new Date(mae.onTimeUntil.getTime() - SECOND));
    const res = await onTime.post('/api/submit');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your application was successfully submitted.' });
  });

  it('accepts one that arrives at 00:00:00, in the grace window, and marks it late for the office', async () => {
    moveTo(mae.onTimeUntil);
    expect((await late.post('/api/submit')).statusCode).toBe(200);
    const rows = (await staffList()).rows;
    expect(rows.find((r) => r.email === 'late@example.edu')).toMatchObject({ late: true, web_status: 'submitted' });
    expect(rows.find((r) => r.email === 'on-time@example.edu')).toMatchObject({ late: false, web_status: 'submitted' });
  });

  it('judges a submit that arrived in time but waited behind a slow database by its arrival', async () => {
    const userId = await userIdOf(t, 'slow@example.edu');
    let response: Promise<Awaited<ReturnType<TestClient['post']>>> | undefined;
    // The application's row is held by another transaction while the submit arrives; it waits there
    // until well after the grace window (and past the session's 15 idle minutes) before its turn comes.
    await t.db.transaction(async (tx) => {
      await lockApplication(tx, userId);
      const arrived = clockReadOnce();
      response = slow.post('/api/submit');
      await arrived;
      moveTo(new Date(mae.acceptedUntil.getTime() + 20 * 60 * SECOND));
    });
    const res = await response!;
    expect(res.statusCode).toBe(200);
    const row = (await staffList()).rows.find((r) => r.email === 'slow@example.edu');
    // Arrived at 00:00:00, in the grace window: late, and submitted at its arrival.
    expect(row).toMatchObject({ late: true, submitted_at: mae.onTimeUntil.toISOString() });
  });

  it('refuses one after the grace window with 422 and the deadline in the institution’s zone; saving still works', async () => {
    const fresh = await anotherSession(t, 'refused@example.edu');
    const res = await fresh.post('/api/submit');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'DEADLINE_PASSED',
      message:
        'The deadline for MA in Education was 11:59 pm Central Time on Thursday, 1 April 2027, so the application can no longer be submitted.',
    });
    expect((await fresh.put('/api/answer', { applied_major: 'BMN' })).statusCode).toBe(200);
    const profile = (await expectOk(await fresh.get('/api/profile'))).json<{ web_status: { web_status: string }[] }>();
    expect(profile.web_status.map((s) => s.web_status)).not.toContain('submitted');
  });

  it('queues the receipt with the submission: each accepted submit has exactly one receipt mail', async () => {
    await t.mailDelivered();
    for (const email of ['on-time@example.edu', 'late@example.edu', 'slow@example.edu'])
      expect(t.smtp.to(email).filter((m) => m.subject.startsWith('We received your'))).toHaveLength(1);
    expect(t.smtp.to('refused@example.edu').filter((m) => m.subject.startsWith('We received your'))).toHaveLength(0);
  });
});

/** Resolves at the clock's next reading: the arriving request's first hook reads it. */
function clockReadOnce(): Promise<void> {
  const clock = t.clock;
  const original = clock.now.bind(clock);
  return new Promise((resolve) => {
    clock.now = () => {
      clock.now = original;
      resolve();
      return original();
    };
  });
}
