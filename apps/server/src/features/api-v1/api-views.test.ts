import type { ApiV1Application, ApiV1ApplicationList } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormContext } from '../../core/form-context';
import { loggedInClient } from '../../test-support/application-helpers';
import { applicantAskingLetters, requestFirst } from '../../test-support/letter-helpers';
import { applicantWith, STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { moveToPastOwner, type LockedAccount } from '../cycles/move-to-past-owner';
import { apiCall, apiToken } from './api-v1.test-helpers';
import { refreshApiViews, viewBasisOf } from './api-views';

let t: TestApp;
let staff: TestClient;
let reader: string;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
  reader = await apiToken(t, ['applications:read', 'decisions:read', 'external-ids:write']);
});
afterAll(async () => {
  await t?.close();
});

/** The refresher's passes until none is left, as the periodic job runs them; how many views they wrote. */
async function refresh(sweep = { otherBasisLeft: true }): Promise<number> {
  const ctx = createFormContext(t.deps.config.tenant);
  let written = 0;
  for (let n = await refreshApiViews(t.deps, ctx, sweep, 50); n > 0; n = await refreshApiViews(t.deps, ctx, sweep, 50))
    written += n;
  return written;
}

const oneText = async (id: string) =>
  (await expectOk(await apiCall(t, reader, 'GET', `/api/v1/applications/${id}`))).body;
const one = async (id: string) => JSON.parse(await oneText(id)) as ApiV1Application;
const list = async (query: string) =>
  (await expectOk(await apiCall(t, reader, 'GET', `/api/v1/applications${query}`))).json<ApiV1ApplicationList>();

/**
 * Marks the stored view of `id` so that an answer read from it shows: its term becomes 'STORED', a value no
 * derivation makes. What the API sends then tells a stored view from a derived one.
 */
async function markStored(id: string): Promise<void> {
  const { rowCount } = await t.db.query(
    `UPDATE application_api_views SET view = jsonb_set(view::jsonb, '{term}', '"STORED"')::json WHERE user_id = $1`,
    [id],
  );
  expect(rowCount).toBe(1);
}

const staleOf = async (id: string) =>
  (await t.db.query<{ api_view_stale: boolean }>('SELECT api_view_stale FROM applications WHERE user_id = $1', [id]))
    .rows[0]?.api_view_stale;

describe('the stored views of the read API', () => {
  it('answer exactly what a derivation answers, and are what a call sends once written', async () => {
    const submitted = await submittedApplicant(t, 'views-submitted@example.edu');
    const inProgress = await applicantWith(t, 'views-progress@example.edu', { first_name: 'Grace' });
    const decided = await submittedApplicant(t, 'views-decided@example.edu');
    await expectOk(await staff.put(`/api/staff/applications/${decided.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [decided.userId] }));
    await expectOk(
      await apiCall(t, reader, 'PUT', `/api/v1/applications/${submitted.userId}/external-ids/banner`, { id: 'B7' }),
    );
    // An instant to the microsecond, as PostgreSQL's own clock writes them: cut to the millisecond on both paths.
    await t.db.query(
      `UPDATE applications SET submitted_at = date_trunc('second', submitted_at) + interval '0.456789 second'
       WHERE user_id = $1`,
      [submitted.userId],
    );
    const ids = [submitted.userId, inProgress.userId, decided.userId];
    const derived = (await list('?limit=200')).data.filter((a) => ids.includes(a.id));
    expect(derived).toHaveLength(3);
    expect(derived.find((a) => a.id === submitted.userId)!.submitted_at).toMatch(/T\d\d:\d\d:\d\d\.456Z$/);
    const derivedTexts = await Promise.all(ids.map(oneText));
    for (const id of ids) expect(await staleOf(id)).toBe(true);

    expect(await refresh()).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(await staleOf(id)).toBe(false);
    const stored = (await list('?limit=200')).data.filter((a) => ids.includes(a.id));
    expect(stored).toEqual(derived);
    expect(stored.find((a) => a.id === decided.userId)!.decision).toMatchObject({ code: 'admit' });
    expect(stored.find((a) => a.id === submitted.userId)!.external_ids).toEqual({ banner: 'B7' });
    for (const id of ids) expect(await one(id)).toEqual(derived.find((a) => a.id === id));
    // A stored view's answer is the derived one's: the same text, byte for byte.
    expect(await Promise.all(ids.map(oneText))).toEqual(derivedTexts);

    // And the call reads them: a stored view's mark shows, in the list and in one application's answer.
    await markStored(submitted.userId);
    expect((await one(submitted.userId)).term).toBe('STORED');
    expect((await list('?limit=200')).data.find((a) => a.id === submitted.userId)!.term).toBe('STORED');
    // Nothing to write when nothing changed.
    expect(await refresh()).toBe(0);
  });

  it("write the call's audit row with the page, with how many the page shows", async () => {
    await submittedApplicant(t, 'views-audit@example.edu');
    await refresh();
    const shown = (await list('?limit=2&state=submitted')).data.length;
    expect(shown).toBe(2);
    const { rows } = await t.db.query<{ staff_email: string; detail: Record<string, unknown> }>(
      `SELECT staff_email, detail FROM staff_audit_log WHERE action = 'api-call' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({
      staff_email: 'api-token:token applications:read decisions:read external-ids:write',
      detail: { state: 'submitted', limit: 2, rows: 2, call: 'list-applications', token_id: expect.any(String) },
    });
  });

  it('are not read once what they show changed: answers, the checklist, a campus id, a response', async () => {
    const inProgress = await applicantWith(t, 'views-change-answers@example.edu', { first_name: 'Ada' });
    const waived = await submittedApplicant(t, 'views-change-waiver@example.edu');
    const external = await submittedApplicant(t, 'views-change-external@example.edu');
    const responded = await submittedApplicant(t, 'views-change-response@example.edu');
    await expectOk(await staff.put(`/api/staff/applications/${responded.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [responded.userId] }));
    await refresh();
    const all = [inProgress, waived, external, responded];
    for (const a of all) {
      await markStored(a.userId);
      expect((await one(a.userId)).term).toBe('STORED');
    }
    const item = (await one(waived.userId)).checklist.find((i) => i.state !== 'received' && i.state !== 'waived')!;

    // The same instant as the views were written: the version tells the change, not the time.
    await expectOk(await inProgress.client.put('/api/answer', { first_name: 'Ada B.' }));
    await expectOk(
      await staff.post(`/api/staff/applications/${waived.userId}/waivers`, { item_key: item.key, reason: 'Vouched' }),
    );
    await expectOk(
      await apiCall(t, reader, 'PUT', `/api/v1/applications/${external.userId}/external-ids/banner`, { id: 'B9' }),
    );
    await expectOk(await responded.client.post('/api/decision/response', { response: 'accept' }));

    const after = new Map((await list('?limit=200')).data.map((a) => [a.id, a]));
    for (const a of all) {
      expect(after.get(a.userId)!.term).not.toBe('STORED');
      expect(await staleOf(a.userId)).toBe(true);
    }
    expect(after.get(inProgress.userId)!.answers.first_name).toBe('Ada B.');
    expect(after.get(waived.userId)!.checklist.find((i) => i.key === item.key)!.state).toBe('waived');
    expect(after.get(external.userId)!.external_ids).toEqual({ banner: 'B9' });
    expect(after.get(responded.userId)!.decision).toMatchObject({ response: 'accept' });

    // The refresher writes them again, and the answers stay what they were.
    expect(await refresh()).toBeGreaterThanOrEqual(4);
    const again = new Map((await list('?limit=200')).data.map((a) => [a.id, a]));
    for (const a of all) {
      expect(await staleOf(a.userId)).toBe(false);
      expect(again.get(a.userId)).toEqual(after.get(a.userId));
    }
  });

  it('are not read past the instant their checklist may change with time alone', async () => {
    const a = await submittedApplicant(t, 'views-time@example.edu');
    await refresh();
    await markStored(a.userId);
    expect((await one(a.userId)).term).toBe('STORED');
    const { rows } = await t.db.query<{ fresh_until: Date }>(
      'SELECT fresh_until FROM application_api_views WHERE user_id = $1',
      [a.userId],
    );
    const freshUntil = rows[0]!.fresh_until.getTime();
    expect(freshUntil).toBeGreaterThan(t.clock.now().getTime());
    t.clock.advance(freshUntil - t.clock.now().getTime() - 1);
    expect((await one(a.userId)).term).toBe('STORED');
    t.clock.advance(1);
    expect((await one(a.userId)).term).not.toBe('STORED');
    // The refresher finds it by its time, though nothing was written.
    expect(await staleOf(a.userId)).toBe(false);
    expect(await refresh()).toBeGreaterThanOrEqual(1);
    const { rows: later } = await t.db.query<{ fresh_until: Date }>(
      'SELECT fresh_until FROM application_api_views WHERE user_id = $1',
      [a.userId],
    );
    expect(later[0]!.fresh_until.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('written again when a letter request lapses move the application in updated_since; read the same, they do not', async () => {
    const asking = await applicantAskingLetters(t, 'views-lapse@example.edu', 'views-lapse-grace@example.edu');
    await requestFirst(asking.client);
    // An application asking no letter (one submitted asks its program's: its request would lapse as well).
    const quiet = await applicantWith(t, 'views-quiet@example.edu', { first_name: 'Quiet' });
    await refresh();
    const { rows } = await t.db.query<{ expires_at: Date }>(
      'SELECT expires_at FROM recommendation_requests WHERE user_id = $1 AND current',
      [asking.userId],
    );
    const lapsesAt = rows[0]!.expires_at.getTime();
    const before = (await one(asking.userId)).checklist;
    const ours = new Set([asking.userId, quiet.userId]);
    const changedSince = async (since: Date) =>
      (await list(`?limit=200&updated_since=${encodeURIComponent(since.toISOString())}`)).data
        .filter((a) => ours.has(a.id))
        .map((a) => a.id);

    // Past the lapse (and past at least one UTC midnight, which every view's time reaches): both views are written
    // again, and only the one whose checklist now reads otherwise counts as changed.
    t.clock.advance(lapsesAt - t.clock.now().getTime() + 1000);
    const since = t.clock.now();
    expect(await changedSince(since)).toEqual([]);
    expect(await refresh()).toBeGreaterThanOrEqual(2);
    const after = await one(asking.userId);
    expect(after.checklist).not.toEqual(before);
    expect(await staleOf(asking.userId)).toBe(false);
    expect(new Date(after.updated_at).getTime()).toBe(since.getTime());
    expect(await changedSince(since)).toEqual([asking.userId]);
    // Written again with nothing new: nothing moves.
    const { rowCount } = await t.db.query(
      'UPDATE application_api_views SET fresh_until = $2 WHERE user_id = ANY ($1::uuid[])',
      [[asking.userId, quiet.userId], since],
    );
    expect(rowCount).toBe(2);
    t.clock.advance(1000);
    expect(await refresh()).toBe(2);
    expect(await changedSince(t.clock.now())).toEqual([]);
  });

  it('move with their application to its past owner (as a new cycle starts), and stay current there', async () => {
    const a = await submittedApplicant(t, 'views-moved@example.edu');
    await refresh();
    const before = await one(a.userId);
    const account = (
      await t.db.query<LockedAccount>('SELECT id, email, confirmed_at FROM users WHERE id = $1', [a.userId])
    ).rows[0]!;
    const owner = await t.db.transaction((tx) => moveToPastOwner(tx, account, t.clock.now()));
    const { rows } = await t.db.query<{ user_id: string }>(
      'SELECT user_id FROM application_api_views WHERE user_id = $1',
      [owner],
    );
    expect(rows).toEqual([{ user_id: owner }]);
    await markStored(owner);
    expect(await one(owner)).toEqual({ ...before, id: owner, term: 'STORED' });
  });

  it('of another configuration are not read, and are written again by the sweep', async () => {
    const a = await submittedApplicant(t, 'views-basis@example.edu');
    await refresh();
    await markStored(a.userId);
    const stored = await one(a.userId);
    expect(stored.term).toBe('STORED');
    await t.db.query(`UPDATE application_api_views SET basis = 'another configuration' WHERE user_id = $1`, [a.userId]);
    expect((await one(a.userId)).term).not.toBe('STORED');
    // A process whose sweep is over finds nothing (its own views are current); a new one's sweep finds it.
    expect(await refresh({ otherBasisLeft: false })).toBe(0);
    expect(await refresh({ otherBasisLeft: true })).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query<{ basis: string }>('SELECT basis FROM application_api_views WHERE user_id = $1', [
      a.userId,
    ]);
    expect(rows[0]!.basis).toBe(viewBasisOf(t.deps.config));
    const written = await one(a.userId);
    expect(written.term).toBe('2027FA');
    // Written again under another configuration, it reads otherwise, but that is no change of the application.
    expect(written.updated_at).toBe(stored.updated_at);
  });
});
