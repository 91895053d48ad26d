import { SCHOOLS_BUTTON_ID, type ApiV1Application, type ApiV1ApplicationList } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { applicantWith, STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { apiCall, apiToken, seedApplications } from './api-v1.test-helpers';

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

const page = async (query: string) =>
  (await expectOk(await apiCall(t, reader, 'GET', `/api/v1/applications${query}`))).json<ApiV1ApplicationList>();

describe('paging', () => {
  it('neither skips nor repeats an application while applications change between pages', async () => {
    const original = await seedApplications(t, 40, { prefix: 'paging', program: 'BMAS' });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?program=BMAS&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await page(query);
      seen.push(...answer.data.map((a) => a.id));
      cursor = answer.next_cursor;
      pages++;
      // Between pages: answers change on applications already read and on some not yet, one withdraws, and new
      // applications start (their ids fall anywhere in the order).
      t.clock.advance(1000);
      await t.db.query(
        `UPDATE applications SET answers = answers || jsonb_build_object('city', 'Page ' || $2::text), updated_at = $3
         WHERE user_id = ANY ($1::uuid[])`,
        [[original[(pages * 3) % 40], original[(pages * 7 + 20) % 40]], String(pages), t.clock.now()],
      );
      await t.db.query(
        'INSERT INTO application_withdrawals (user_id, withdrawn_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [original[(pages * 11) % 40], t.clock.now()],
      );
      await seedApplications(t, 2, { prefix: `paging-new-${pages}`, program: 'BMAS' });
    } while (cursor !== null);
    expect(pages).toBeGreaterThanOrEqual(6);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of original) expect(seen).toContain(id);
    // In id order, as the cursor promises.
    expect([...seen].sort()).toEqual(seen);
  });

  it('the last page has no next cursor; an exact fit too', async () => {
    await seedApplications(t, 3, { prefix: 'fit', program: 'GSCUP' });
    const all = await page('?program=GSCUP&limit=3');
    expect(all.data).toHaveLength(3);
    expect(all.next_cursor).toBeNull();
    const first = await page('?program=GSCUP&limit=2');
    expect(first.next_cursor).not.toBeNull();
    const second = await page(`?program=GSCUP&limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second).toMatchObject({ data: [expect.anything()], next_cursor: null });
  });
});

describe('updated_since', () => {
  it('returns what changed (answers, checklist, release, response, withdrawal, external id) and nothing else', async () => {
    const inProgress = await applicantWith(t, 'since-answers@example.edu', { first_name: 'Grace' });
    const [checklist, released, responded, withdrawn, external, drafted, untouched] = await Promise.all(
      ['checklist', 'released', 'responded', 'withdrawn', 'external', 'drafted', 'untouched'].map((n) =>
        submittedApplicant(t, `since-${n}@example.edu`),
      ),
    );
    await expectOk(await staff.put(`/api/staff/applications/${responded!.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [responded!.userId] }));
    const ours = new Set(
      [inProgress, checklist, released, responded, withdrawn, external, drafted, untouched].map((a) => a!.userId),
    );
    const changedSince = async (since: Date) => {
      const answer = await page(`?limit=200&updated_since=${encodeURIComponent(since.toISOString())}`);
      return answer.data.filter((a) => ours.has(a.id));
    };

    t.clock.advance(60_000);
    const since = t.clock.now();
    t.clock.advance(1000);
    expect(await changedSince(since)).toEqual([]);

    await expectOk(await inProgress.client.put('/api/answer', { first_name: 'Grace B.' }));
    const item = (await expectOk(await apiCall(t, reader, 'GET', `/api/v1/applications/${checklist!.userId}`)))
      .json<ApiV1Application>()
      .checklist.find((i) => i.state !== 'received' && i.state !== 'waived')!;
    await expectOk(
      await staff.post(`/api/staff/applications/${checklist!.userId}/waivers`, {
        item_key: item.key,
        reason: 'Vouched',
      }),
    );
    await expectOk(await staff.put(`/api/staff/applications/${released!.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [released!.userId] }));
    await expectOk(await responded!.client.post('/api/decision/response', { response: 'accept' }));
    await expectOk(await withdrawn!.client.post('/api/withdraw', { reason: 'Elsewhere' }));
    await expectOk(
      await apiCall(t, reader, 'PUT', `/api/v1/applications/${external!.userId}/external-ids/banner`, { id: 'B1' }),
    );
    // A draft decision is nothing the API shows: no change.
    await expectOk(await staff.put(`/api/staff/applications/${drafted!.userId}/decision`, { code: 'waitlist' }));

    const changed = await changedSince(since);
    expect(new Set(changed.map((a) => a.id))).toEqual(
      new Set([inProgress, checklist, released, responded, withdrawn, external].map((a) => a!.userId)),
    );
    for (const a of changed) expect(new Date(a.updated_at).getTime()).toBeGreaterThan(since.getTime());
    const byId = new Map(changed.map((a) => [a.id, a]));
    expect(byId.get(inProgress.userId)!.answers.first_name).toBe('Grace B.');
    expect(byId.get(checklist!.userId)!.checklist.find((i) => i.key === item.key)!.state).toBe('waived');
    expect(byId.get(released!.userId)!.decision).toMatchObject({ code: 'admit', response: null });
    expect(byId.get(responded!.userId)!.decision).toMatchObject({ response: 'accept' });
    expect(byId.get(withdrawn!.userId)!.state).toBe('withdrawn');
    expect(byId.get(external!.userId)!.external_ids).toEqual({ banner: 'B1' });
    // The state filters see the withdrawal as the page does (the row's flag, migration 146).
    const inState = async (state: string) =>
      (await page(`?limit=200&state=${state}&updated_since=${encodeURIComponent(since.toISOString())}`)).data
        .map((a) => a.id)
        .filter((id) => ours.has(id));
    expect(await inState('withdrawn')).toEqual([withdrawn!.userId]);
    expect(new Set(await inState('submitted'))).toEqual(
      new Set([checklist, released, responded, external].map((a) => a!.userId)),
    );
    expect(await inState('in_progress')).toEqual([inProgress.userId]);

    // A moment later, nothing has changed since.
    t.clock.advance(1000);
    expect(await changedSince(t.clock.now())).toEqual([]);
  });

  it('returns an application whose tab or repeat chosen changed its checklist, with no answer changed', async () => {
    const applicant = await applicantWith(t, 'since-tab@example.edu', completeAnswers());
    const checklistOf = async () =>
      (
        await expectOk(await apiCall(t, reader, 'GET', `/api/v1/applications/${applicant.userId}`))
      ).json<ApiV1Application>().checklist;
    const awaited = async () => (await checklistOf()).filter((i) => i.state === 'awaiting').map((i) => i.key);
    const changedSince = async (since: Date) =>
      (await page(`?limit=200&updated_since=${encodeURIComponent(since.toISOString())}`)).data.filter(
        (a) => a.id === applicant.userId,
      );
    const moment = () => {
      t.clock.advance(60_000);
      const since = t.clock.now();
      t.clock.advance(1000);
      return since;
    };
    const choose = async (tab: 'upload' | 'later') =>
      expectOk(await applicant.client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: tab }));
    expect(await awaited()).toEqual([]);
    // "I will send it later": the transcript is awaited from the school (and the upload's answer is cleared).
    await choose('later');
    expect(await awaited()).toEqual(['college_transcript_upload']);

    // Back to the upload, whose answer is already empty, from a pane with none: only the tab changes.
    const since = moment();
    expect(await changedSince(since)).toEqual([]);
    await choose('upload');
    expect(await awaited()).toEqual([]);
    const changed = await changedSince(since);
    expect(changed.map((a) => a.checklist.filter((i) => i.state === 'awaiting'))).toEqual([[]]);
    expect(new Date(changed[0]!.updated_at).getTime()).toBeGreaterThan(since.getTime());

    // And later again: the upload's answer was empty already, so again no answer changes.
    const again = moment();
    await choose('later');
    expect((await changedSince(again)).map((a) => a.checklist.filter((i) => i.state === 'awaiting').length)).toEqual([
      1,
    ]);

    // Another school, not yet filled in: its answers are asked for, with no answer changed either.
    const before = await checklistOf();
    const added = moment();
    await expectOk(await applicant.client.put('/api/add-another', { button_id: SCHOOLS_BUTTON_ID, num_components: 2 }));
    const after = await checklistOf();
    expect(after).not.toEqual(before);
    expect((await changedSince(added)).map((a) => a.checklist)).toEqual([after]);
  });
});
