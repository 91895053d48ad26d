import { randomUUID } from 'node:crypto';
import { checklistRequestsPath, checklistWaiversPath, type DecisionHistoryResponse } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession } from '../../test-support/application-helpers';
import { STAFF_ENV, printToken, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Issue 48, item 9: a member of the office who also applied (the same account: staff log in with an ordinary
 * account) is refused every call on their own application with 403 OWN_APPLICATION, and each refusal is in the
 * audit log; a colleague does all of it, they still work on everyone else's, and accepting the offer stays
 * the applicant's own act.
 */
let t: TestApp;
let me: Applicant;
let other: Applicant;
let colleague: TestClient;
let self: TestClient;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  me = await submittedApplicant(t, 'selma@college.test', { first_name: 'Selma' });
  other = await submittedApplicant(t, 'otto@example.edu', { first_name: 'Otto' });
  colleague = await staffWithRoles(t, 'colleague@college.test', ['decider']);
  // Invited after applying: the account's next login starts a staff session.
  self = await staffWithRoles(t, me.email, ['admin']);
});
afterAll(async () => {
  await t?.close();
});

type Anchor = { name: string; run: (c: TestClient, id: string) => ReturnType<TestClient['get']> };
const base = (id: string) => `/api/staff/applications/${id}`;
const anchors: Anchor[] = [
  { name: 'read the detail', run: (c, id) => c.get(base(id)) },
  { name: 'add a note', run: (c, id) => c.post(`${base(id)}/notes`, { text: 'Strong statement.' }) },
  { name: 'read the notes', run: (c, id) => c.get(`${base(id)}/notes`) },
  { name: 'read the reviews', run: (c, id) => c.get(`${base(id)}/reviews`) },
  { name: 'record a decision', run: (c, id) => c.put(`${base(id)}/decision`, { code: 'admit' }) },
  { name: 'read the decisions', run: (c, id) => c.get(`${base(id)}/decisions`) },
  {
    name: 'release (dry run)',
    run: (c, id) => c.post('/api/staff/decisions/release', { application_ids: [id], dry_run: true }),
  },
  { name: 'release', run: (c, id) => c.post('/api/staff/decisions/release', { application_ids: [id] }) },
];
/** Before the release: a released decision is not recorded over, so the colleague releases last. */
const beforeRelease = anchors.filter((a) => a.name !== 'release');

const decisionsOf = async (id: string) =>
  (await expectOk(await colleague.get(`${base(id)}/decisions`))).json<DecisionHistoryResponse>();
const deniedRows = async (id: string) =>
  (
    await t.db.query<{ staff_email: string; detail: Record<string, unknown> }>(
      `SELECT staff_email, detail FROM staff_audit_log WHERE application_user_id = $1 AND action = 'denied' ORDER BY id`,
      [id],
    )
  ).rows;

describe("a member's own application", () => {
  it.each(beforeRelease)('a colleague may $name', async ({ run }) => {
    expect((await run(colleague, me.userId)).statusCode).toBeLessThan(300);
  });

  it.each(anchors)('the member may not $name: 403 OWN_APPLICATION, audited', async ({ run }) => {
    const before = await deniedRows(me.userId);
    const res = await run(self, me.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_APPLICATION' });
    const after = await deniedRows(me.userId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ staff_email: me.email, detail: { conflict: 'own-application' } });
    expect(after.at(-1)!.detail.route).toMatch(/^\/api\/staff\//);
  });

  it('refuses every other call on it too: file, print link, stage, review, checklist items, release cancelled', async () => {
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const { release_id } = (
      await expectOk(await colleague.post('/api/staff/decisions/release', { application_ids: [me.userId], at }))
    ).json<{ release_id: string }>();
    const token = await printToken(colleague, me.userId);
    const calls: [string, () => ReturnType<TestClient['get']>][] = [
      ['packet', () => self.get(`${base(me.userId)}/packet`)],
      ['print link', () => self.post(`${base(me.userId)}/print-token`)],
      ["a colleague's print link withdrawn", () => self.delete(`/api/staff/print-tokens/${token.id}`)],
      ['stage', () => self.put(`${base(me.userId)}/stage`, { stage: 'committee-review' })],
      [
        'stage, in bulk',
        () => self.put('/api/staff/applications/stage', { stage: 'committee-review', application_ids: [me.userId] }),
      ],
      [
        'assigned to review it',
        () => self.post('/api/staff/assignments', { reviewer: me.email, application_ids: [me.userId] }),
      ],
      ['review', () => self.put(`${base(me.userId)}/review`, { scores: { academic: 5 }, comment: '', submit: false })],
      [
        'item asked for again',
        () => self.post(checklistRequestsPath(me.userId), { item_key: 'college_transcript_upload', message: 'Again.' }),
      ],
      ['item waived', () => self.post(checklistWaiversPath(me.userId), { item_key: 'answers:about', reason: 'Mine.' })],
      ['release cancelled', () => self.delete(`/api/staff/decisions/releases/${release_id}`)],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({
        name,
        status: 403,
        code: 'OWN_APPLICATION',
      });
    }
    expect((await deniedRows(me.userId)).filter((r) => r.staff_email === me.email)).toHaveLength(
      anchors.length + calls.length,
    );
    await expectOk(await colleague.delete(`/api/staff/decisions/releases/${release_id}`));
  });

  it('is not assigned to its applicant for review, by anyone', async () => {
    const admin = await anotherSession(t, [...t.deps.config.staffEmails][0]!);
    const res = await admin.post('/api/staff/assignments', { reviewer: me.email, application_ids: [me.userId] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REVIEWER_CANNOT_REVIEW', errors: { application_ids: [me.userId] } });
    await expectOk(await admin.post('/api/staff/assignments', { reviewer: me.email, application_ids: [other.userId] }));
  });

  it("keeps the audit log's rows about it from the member, who administers the team", async () => {
    const admin = await anotherSession(t, [...t.deps.config.staffEmails][0]!);
    type Entries = { entries: { application_user_id: string | null }[] };
    const aboutMe = (res: Awaited<ReturnType<TestClient['get']>>) =>
      res.json<Entries>().entries.filter((e) => e.application_user_id === me.userId);
    expect(
      aboutMe(await expectOk(await admin.get(`/api/staff/audit?application=${me.userId}`))).length,
    ).toBeGreaterThan(0);
    expect(aboutMe(await expectOk(await self.get('/api/staff/audit')))).toEqual([]);
    const asked = await self.get(`/api/staff/audit?application=${me.userId}`);
    expect([asked.statusCode, asked.json().code]).toEqual([403, 'OWN_APPLICATION']);
  });

  it('left nothing behind: the decision is the colleague’s, unreleased, and the notes are the colleague’s', async () => {
    const history = await decisionsOf(me.userId);
    expect(history.state).toBe('provisional');
    expect(history.history.map((d) => d.decided_by)).toEqual(['colleague@college.test']);
    const notes = (await expectOk(await colleague.get(`${base(me.userId)}/notes`))).json<{ notes: unknown[] }>();
    expect(notes.notes).toEqual([expect.objectContaining({ author: 'colleague@college.test' })]);
  });

  it('is refused whole when a release names it among others, and nothing of it is released', async () => {
    await expectOk(await self.put(`${base(other.userId)}/decision`, { code: 'waitlist' }));
    const res = await self.post('/api/staff/decisions/release', { application_ids: [other.userId, me.userId] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_APPLICATION', errors: { application_ids: [me.userId] } });
    expect((await decisionsOf(other.userId)).state).toBe('provisional');
    expect((await decisionsOf(me.userId)).state).toBe('provisional');
  });

  it("still lets the member work on everyone else's application", async () => {
    for (const { run } of anchors) expect((await run(self, other.userId)).statusCode).toBeLessThan(300);
    expect((await decisionsOf(other.userId)).state).toBe('released');
  });

  it("is released by a colleague, and the applicant's own session accepts the offer", async () => {
    await expectOk(await colleague.post('/api/staff/decisions/release', { application_ids: [me.userId] }));
    const accepted = await me.client.post('/api/decision/response', { response: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect((await decisionsOf(me.userId)).current).toMatchObject({ status: 'released', response: 'accept' });
  });

  it("counts a past cycle's application of the account as the member's own (users.application_of)", async () => {
    const past = randomUUID();
    const at = t.clock.now();
    await t.db.query(
      `INSERT INTO users (id, email, password_hash, confirmed_at, created_at, application_of) VALUES ($1, $2, '', $3, $3, $4)`,
      [past, me.email, at, me.userId],
    );
    await t.db.query(
      `INSERT INTO applications (user_id, answers, updated_at, submitted_at) VALUES ($1, '{}'::jsonb, $2, $2)`,
      [past, at],
    );
    await t.db.query(
      `INSERT INTO staff_application_index (user_id, email, first_name, last_name, preferred_name, program, entry_term,
         web_status, last_change, submitted_at, missing_count, search_text, sort_name, refreshed_at)
       VALUES ($1, $2, 'Selma', 'Past', '', '', '', 'submitted', $3, $3, 0, $2, 'past selma', $3)`,
      [past, me.email, at],
    );
    expect((await colleague.get(`${base(past)}/notes`)).statusCode).toBe(200);
    const res = await self.get(`${base(past)}/notes`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'OWN_APPLICATION' });
    expect(await deniedRows(past)).toHaveLength(1);
  });
  it("leaves it out of the member's list and CSV, this cycle's and a past one's, while a colleague's show it", async () => {
    const idsOf = async (c: TestClient, query = '') =>
      (await expectOk(await c.get(`/api/staff/applications${query}`)))
        .json<{ rows: { user_id: string }[] }>()
        .rows.map((r) => r.user_id);
    const csvOf = async (c: TestClient, query = '') =>
      (await expectOk(await c.get(`/api/staff/applications.csv${query}`))).body;
    // The past cycle's row of the test above (cycle_id left as the index's default) shows among every cycle's.
    const past = (
      await t.db.query<{ id: string }>('SELECT id FROM users WHERE application_of = $1', [me.userId])
    ).rows.map((r) => r.id);
    expect(past).toHaveLength(1);
    for (const query of ['', '?cycle=all']) {
      expect(await idsOf(colleague, query)).toContain(me.userId);
      expect(await csvOf(colleague, query)).toContain('selma@college.test');
      const mine = await idsOf(self, query);
      expect(mine).toContain(other.userId);
      expect(mine).not.toContain(me.userId);
      expect(mine).not.toContain(past[0]);
      expect(await csvOf(self, query)).toContain('otto@example.edu');
      expect(await csvOf(self, query)).not.toContain('selma@college.test');
    }
    expect(await idsOf(colleague, '?cycle=all')).toContain(past[0]);
  });
});
