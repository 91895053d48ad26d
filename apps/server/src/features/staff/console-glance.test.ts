import {
  checklistRequestsPath,
  checklistWaiversPath,
  RECOMMENDATION_LETTER_TEXT_PATH,
  type StaffListResponse,
  type StaffListRow,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { applicantAskingLetters, lastLinkToken } from '../../test-support/letter-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

const LETTER =
  'I have taught Ada for two years. She is the most careful analyst I have met, and I recommend her without reservation.';

let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(() => t?.close());

/** The list's row of one applicant, read as the list reads it (no application page opened before). */
async function rowOf(email: string): Promise<StaffListRow> {
  const res = (
    await expectOk(await staff.get(`/api/staff/applications?q=${encodeURIComponent(email)}`))
  ).json<StaffListResponse>();
  const row = res.rows.find((r) => r.email === email);
  if (!row) throw new Error(`${email} is not on the list`);
  return row;
}

describe('the list at a glance (issue 49)', () => {
  it('counts the letters received of those requested, and a submitted application awaiting a letter misses it', async () => {
    const ada = await applicantAskingLetters(t, 'ada.glance@example.edu', 'grace@uni.example');
    await expectOk(await ada.client.post('/api/submit'));
    // The letter and the application fee (issue 43: the sample tenant charges MAE $75) are missing.
    expect(await rowOf(ada.email)).toMatchObject({
      web_status: 'submitted',
      letters_requested: 1,
      letters_received: 0,
      missing_count: 2,
      complete: false,
      fee: 'due',
    });

    const token = lastLinkToken(t, 'grace@uni.example');
    t.clock.advance(60_000);
    await expectOk(await t.client('198.51.100.20').post(RECOMMENDATION_LETTER_TEXT_PATH, { token, text: LETTER }));
    expect(await rowOf(ada.email)).toMatchObject({
      letters_requested: 1,
      letters_received: 1,
      missing_count: 1,
      complete: false,
    });
  });

  it("counts an item the office asked for again, and not one it waived, as the applicant's checklist does", async () => {
    const bea = await applicantAskingLetters(t, 'bea.glance@example.edu', 'busy@uni.example');
    await expectOk(await bea.client.post('/api/submit'));
    // The letter and the application fee.
    expect((await rowOf(bea.email)).missing_count).toBe(2);

    await expectOk(
      await staff.post(checklistWaiversPath(bea.userId), { item_key: 'letter:recommender_', reason: 'Sent on paper' }),
    );
    await expectOk(
      await staff.post(checklistWaiversPath(bea.userId), { item_key: 'application_fee', reason: 'McNair scholar' }),
    );
    expect(await rowOf(bea.email)).toMatchObject({
      missing_count: 0,
      complete: true,
      letters_received: 0,
      fee: 'waived',
    });

    await expectOk(
      await staff.post(checklistRequestsPath(bea.userId), {
        item_key: 'college_transcript_upload',
        message: 'The scan is unreadable; please upload it again.',
      }),
    );
    expect(await rowOf(bea.email)).toMatchObject({ missing_count: 1, complete: false });
  });

  it('counts nothing of letters for an application that requested none, and its missing items as its summary does', async () => {
    const cy = await applicantWith(t, 'cy.glance@example.edu', { first_name: 'Cy' });
    const row = await rowOf(cy.email);
    expect(row).toMatchObject({ letters_requested: 0, letters_received: 0, complete: false });
    expect(row.missing_count).toBeGreaterThan(3);
  });

  it('exports the letters after every column a spreadsheet already reads by position', async () => {
    const res = await expectOk(await staff.get('/api/staff/applications.csv?q=ada.glance'));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // The fees (issue 43) come after the letters, for the same reason.
    expect(lines[0]!.split(',').slice(-5)).toEqual([
      'Applications by person',
      'Letters requested',
      'Letters received',
      'Application fee',
      'Deposit',
    ]);
    expect(lines[1]!.split(',').slice(-4)).toEqual(['1', '1', 'due', '']);
  });
});
