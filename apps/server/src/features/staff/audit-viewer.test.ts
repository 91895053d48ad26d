import type { AuditEntry, AuditResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { createFormContext } from '../../core/form-context';
import { auditSummary, type AuditLabels } from './audit-summary';

// Issue 49: the audit log an auditor can read: filtered by the applicant's name and by action, page views
// folded per member and minute, each entry in words.
let t: TestApp;
let admin: TestClient;
let emre: Applicant;
let mette: Applicant;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  emre = await submittedApplicant(t, 'audit.emre@example.edu', { first_name: 'Emre', last_name: 'Yılmaz' });
  mette = await submittedApplicant(t, 'audit.mette@example.edu', { first_name: 'Mette', last_name: 'Sørensen' });
  admin = await loggedInClient(t, STAFF_EMAIL);
  // The office's first read indexes both.
  await expectOk(await admin.get('/api/staff/applications'));
});
afterAll(async () => {
  await t?.close();
});

async function audit(query: string): Promise<AuditResponse> {
  return (await expectOk(await admin.get(`/api/staff/audit?${query}`))).json() as AuditResponse;
}
const onlyOf = (entries: AuditEntry[], action: string) => entries.filter((e) => e.action === action);

describe('the audit log folds page views per member and minute', () => {
  it('three views in one minute are one entry counting 3; a view in the next minute is another; writes are never folded', async () => {
    t.clock.advance(60_000);
    for (let i = 0; i < 3; i++) {
      await expectOk(await admin.get(`/api/staff/applications/${mette.userId}`));
      t.clock.advance(10_000);
    }
    // Two writes in the same minute stay two entries.
    await expectOk(await admin.put(`/api/staff/applications/${mette.userId}/stage`, { stage: 'committee-review' }));
    await expectOk(await admin.put(`/api/staff/applications/${mette.userId}/stage`, { stage: 'ready-for-review' }));
    t.clock.advance(60_000);
    await expectOk(await admin.get(`/api/staff/applications/${mette.userId}`));

    const { entries } = await audit(`application=${mette.userId}`);
    const views = onlyOf(entries, 'view-application');
    expect(views.map((e) => e.count)).toEqual([1, 3]);
    expect(views[1]!.summary).toBe('viewed the application 3 times');
    expect(views[0]!.summary).toBe('viewed the application');
    // The folded entry runs from its first view to its last, to the second.
    expect(new Date(views[1]!.created_at).getTime() - new Date(views[1]!.first_at).getTime()).toBe(20_000);
    const moves = onlyOf(entries, 'stage-move');
    expect(moves.map((e) => [e.count, e.summary])).toEqual([
      [1, 'moved to Ready for review'],
      [1, 'moved to Committee review'],
    ]);
    // The applicant is named beside the id, and the administrator may open it.
    expect(views[0]).toMatchObject({ applicant_name: 'Mette Sørensen', may_open: true });
  });

  it('keeps later pages stable while rows are written: upto bounds what they read', async () => {
    const first = await audit(`application=${mette.userId}`);
    expect(first.upto).toMatch(/^\d+$/);
    t.clock.advance(120_000);
    await expectOk(await admin.get(`/api/staff/applications/${mette.userId}`));
    const again = await audit(`application=${mette.userId}&upto=${first.upto}`);
    expect(again.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
    expect((await audit(`application=${mette.userId}`)).entries).toHaveLength(first.entries.length + 1);
  });
});

describe('the audit log filters', () => {
  it('by the applicant name, folded as the console searches: yilmaz finds Yılmaz, sorensen finds Sørensen', async () => {
    await expectOk(await admin.get(`/api/staff/applications/${emre.userId}`));
    const yilmaz = await audit('name=yilmaz');
    expect(yilmaz.entries.length).toBeGreaterThan(0);
    expect(new Set(yilmaz.entries.map((e) => e.application_user_id))).toEqual(new Set([emre.userId]));
    expect(yilmaz.entries[0]!.applicant_name).toBe('Emre Yılmaz');
    const sorensen = await audit(`name=${encodeURIComponent('SØRENSEN mette')}`);
    expect(new Set(sorensen.entries.map((e) => e.application_user_id))).toEqual(new Set([mette.userId]));
    expect((await audit('name=nobody')).entries).toEqual([]);
  });

  it('by action, with the member and application filters as before', async () => {
    const moves = await audit('action=stage-move');
    expect(moves.entries.length).toBe(2);
    expect(moves.entries.every((e) => e.action === 'stage-move')).toBe(true);
    const mine = await audit(`action=view-application&member=${STAFF_EMAIL}&name=yilmaz`);
    expect(mine.entries.map((e) => [e.action, e.application_user_id])).toEqual([['view-application', emre.userId]]);
    const unknown = await admin.get('/api/staff/audit?action=read-minds');
    expect(unknown.statusCode).toBe(400);
  });
});

describe('each entry in words', () => {
  it('a decision recorded, an item asked for, withdrawn and asked for again read as sentences', async () => {
    await expectOk(
      await admin.post('/api/staff/decisions/record', { application_ids: [emre.userId], code: 'waitlist' }),
    );
    const ask = async () =>
      expectOk(
        await admin.post(`/api/staff/applications/${emre.userId}/requests`, {
          item_key: 'college_transcript_upload',
          message: 'Please send the final transcript.',
        }),
      );
    await ask();
    await expectOk(
      await admin.delete(`/api/staff/applications/${emre.userId}/requests?item_key=college_transcript_upload`),
    );
    await ask();
    const { entries } = await audit(`application=${emre.userId}`);
    expect(onlyOf(entries, 'record-decision')[0]!.summary).toBe('recorded Wait-listed, no reasons');
    expect(onlyOf(entries, 'withdraw-request')[0]!.summary).toBe('withdrew the request for Unofficial Transcript');
    expect(onlyOf(entries, 'request-item').map((e) => e.summary)).toEqual([
      'asked for Unofficial Transcript again',
      'asked for Unofficial Transcript',
    ]);
  });

  it('says each action in words, with the tenant labels', () => {
    const labels: AuditLabels = {
      decisions: t.deps.config.tenant.decisions,
      stages: new Map([['committee-review', 'Committee review']]),
      form: createFormContext(t.deps.config.tenant).form,
    };
    const say = (action: string, detail: Record<string, unknown>, count = 1) =>
      auditSummary({ action, detail, count }, labels);
    expect(say('record-decision', { code: 'deny', reasons: ['program_full'], conditions: 0 })).toBe(
      'recorded Not admitted, reasons: The program received more qualified applications than it has places',
    );
    expect(say('record-decision', { code: 'admit', reasons: [], conditions: 0, batch: 12 })).toBe(
      'recorded Admitted, no reasons, one of 12 at once',
    );
    expect(say('stage-move', { stage: 'committee-review' })).toBe('moved to Committee review');
    expect(say('stage-move', { stage: 'gone' })).toBe('moved to gone');
    expect(say('denied', { method: 'POST', route: '/x', params: {}, right: 'decide' })).toBe(
      'denied: lacked the right decide',
    );
    expect(say('denied', { conflict: 'own-application' })).toBe('denied: their own application');
    expect(say('denied', { reason: 'program-not-seen' })).toBe('denied: not in their programs');
    expect(say('waive-item', { item_key: 'college_transcript_upload', reason: 'x' })).toBe(
      'waived Unofficial Transcript',
    );
    expect(say('list', { page: 1 }, 4)).toBe('viewed the list of applications 4 times');
    expect(say('export-csv', { rows: 1 })).toBe('exported 1 application as CSV');
    expect(say('mfa-reset', { email: 'dean@college.test' })).toBe('reset the second factor of dean@college.test');
    expect(say('mfa-remove', { passkey: 'Spare key' })).toBe('removed their passkey “Spare key”');
    // As such a removal was written before it had an action of its own.
    expect(say('mfa-reset', { email: 'dean@college.test', passkey: 'Spare key' })).toBe(
      'removed their passkey “Spare key”',
    );
    expect(say('mystery', { a: 1 })).toBe('mystery: a 1');
  });
});
