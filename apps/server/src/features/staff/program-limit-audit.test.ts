import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../session/audit-log';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/** Issue 48, item 12: a member limited to some programs is refused the others with 404, and the refusal is audited. */
let t: TestApp;
let limited: TestClient;
let inProgram: Applicant;
let elsewhere: Applicant;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  inProgram = await submittedApplicant(t, 'limit.mae@example.edu', { applied_major: 'MAE' });
  elsewhere = await submittedApplicant(t, 'limit.mapp@example.edu', { applied_major: 'MAPP' });
  // The office's first read indexes both.
  const admin = await loggedInClient(t, STAFF_EMAIL);
  await expectOk(await admin.get('/api/staff/applications'));
  limited = await staffWithRoles(t, 'limited@college.test', ['decider'], ['MAE']);
});
afterAll(async () => {
  await t?.close();
});

const deniedOn = async (userId: string) =>
  (await auditRowsOf(t.db, userId)).filter((r) => r.action === 'denied' && r.staff_email === 'limited@college.test');

describe('a member limited to some programs', () => {
  it('reads an application of its programs, and nothing is denied', async () => {
    await expectOk(await limited.get(`/api/staff/applications/${inProgram.userId}`));
    expect(await deniedOn(inProgram.userId)).toEqual([]);
  });

  it('is answered 404 for one of another program, as for none, and the refusal is in the audit log', async () => {
    const one = await limited.get(`/api/staff/applications/${elsewhere.userId}/notes`);
    expect(one.statusCode).toBe(404);
    const many = await limited.post('/api/staff/decisions/record', {
      application_ids: [inProgram.userId, elsewhere.userId],
      code: 'admit',
    });
    expect(many.statusCode).toBe(404);
    expect(many.json()).toMatchObject({ code: 'NOT_FOUND', errors: { application_ids: [elsewhere.userId] } });
    const denied = await deniedOn(elsewhere.userId);
    expect(denied).toHaveLength(2);
    expect(denied.map((r) => r.detail)).toEqual([
      expect.objectContaining({ reason: 'program-not-seen', method: 'GET' }),
      expect.objectContaining({ reason: 'program-not-seen', method: 'POST' }),
    ]);
    // Nothing was recorded on the application it may see either: the call was refused whole.
    expect((await auditRowsOf(t.db, inProgram.userId)).map((r) => r.action)).not.toContain('record-decision');
  });
});
