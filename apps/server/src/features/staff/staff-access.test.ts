import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient, profileOf } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, setStaffList } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { HOUR, MINUTE } from '../../infra/time-units';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

describe('staff accounts', () => {
  it('an address in STAFF_EMAILS signs up and logs in through the applicant screens and is staff', async () => {
    const staff = await loggedInClient(t, STAFF_EMAIL);
    const me = await expectOk(await staff.get('/api/staff/me'));
    expect(me.json()).toEqual({
      username: STAFF_EMAIL,
      email: STAFF_EMAIL,
      // An administrator from STAFF_EMAILS has no name until the team gives one (issue 49).
      name: null,
      roles: ['admin'],
      programs: null,
      rights: ['manage_team', 'decide', 'review', 'move_stage', 'read', 'reports', 'payments', 'message'],
    });
    expect((await profileOf(staff)).is_staff).toBe(true);
  });

  it('an applicant is refused with 403 and is not told they are staff', async () => {
    const applicant = await loggedInClient(t, 'student-a@example.edu');
    const res = await applicant.get('/api/staff/me');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'STAFF_ONLY', message: 'This page is for the admissions office only.' });
    expect((await profileOf(applicant)).is_staff).toBeUndefined();
  });

  it('without a session the answer is 401', async () => {
    const res = await t.client().get('/api/staff/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('an address added to the list is staff from its next login, not before', async () => {
    const email = 'new-hire@college.test';
    const client = await loggedInClient(t, email);
    setStaffList(t, STAFF_EMAIL, email);
    try {
      expect((await client.get('/api/staff/me')).statusCode).toBe(403);
      const next = await anotherSession(t, email);
      expect((await next.get('/api/staff/me')).statusCode).toBe(200);
    } finally {
      setStaffList(t, 'registrar@college.test', STAFF_EMAIL);
    }
  });

  it('an address removed from the list loses staff rights at its next request', async () => {
    const staff = await anotherSession(t, STAFF_EMAIL);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(200);
    setStaffList(t, 'registrar@college.test');
    try {
      expect((await staff.get('/api/staff/me')).statusCode).toBe(403);
      expect((await profileOf(staff)).is_staff).toBeUndefined();
    } finally {
      setStaffList(t, 'registrar@college.test', STAFF_EMAIL);
    }
  });

  it('a staff session ends after 30 idle minutes (STAFF_IDLE_MINUTES), where an applicant session ends after 15', async () => {
    const staff = await anotherSession(t, STAFF_EMAIL);
    const applicant = await applicantWith(t, 'idle@example.edu', { first_name: 'Idle' });
    t.clock.advance(29 * MINUTE);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(200);
    expect((await applicant.client.get('/api/keep-alive')).statusCode).toBe(401);
    t.clock.advance(30 * MINUTE + 1000);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(401);
  });

  it('a staff session ends 12 hours (STAFF_SESSION_HOURS) after login however busy', async () => {
    const staff = await anotherSession(t, STAFF_EMAIL);
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect((await staff.get('/api/staff/me')).statusCode).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect((await staff.get('/api/staff/me')).statusCode).toBe(401);
    expect((await staff.put('/api/answer', { first_name: 'X' })).statusCode).toBe(401);
  });
});
