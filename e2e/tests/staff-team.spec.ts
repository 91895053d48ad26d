import type { RubricsResponse } from '@admissions/domain';
import { completeAnswers as domainCompleteAnswers } from '@admissions/domain/testing';
import { request as playwrightRequest } from '@playwright/test';
import { logIn } from '../support/application';
import {
  createConfirmedAccount,
  ensureStaffAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { codeFrom, waitForMail } from '../support/mailbox';
import { STAFF_EMAIL } from '../support/paths';
import { tabTo } from '../support/keyboard';

/** An applicant who filled in and submitted everything to `program`, through the API in a context of their own. */
async function submittedApplicant(baseURL: string, lastName: string, program: string) {
  const email = uniqueEmail('team');
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  const headers = sameOrigin();
  expect((await api.post('/public/login', { data: { username: email, password: PASSWORD }, headers })).status()).toBe(
    200,
  );
  const answers = { ...domainCompleteAnswers(), first_name: 'Grace', last_name: lastName, applied_major: program };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
}

test('an administrator invites a reviewer for one program, who signs up from the e-mail, reviews from the queue by keyboard, and the score reaches the list', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  // A long journey of two members in two browsers; a loaded machine needs the room.
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const inProgram = `Hopper${suffix}`;
  const elsewhere = `Noether${suffix}`;
  await submittedApplicant(baseURL!, inProgram, 'MAE');
  await submittedApplicant(baseURL!, elsewhere, 'MAPP');
  await ensureStaffAccount(request, STAFF_EMAIL);
  const reviewer = uniqueEmail('reviewer');
  const reviewerName = `Rosalind Franklin ${suffix}`;

  // The administrator invites a reviewer limited to the MA in Education.
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  const nav = page.getByRole('navigation', { name: 'Admissions office' });
  await nav.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(STAFF_EMAIL.replace(/\./g, '\\.')) })).toContainText(
    'Central Time',
  );
  await expectAxeClean(page);
  await page.getByLabel('E-mail address').fill(reviewer);
  await page.getByLabel('Name', { exact: true }).fill(reviewerName);
  await page.getByRole('radio', { name: 'Only these programs' }).check();
  await page
    .getByRole('group', { name: 'Programs this member may see' })
    .getByRole('checkbox', { name: 'MA in Education' })
    .check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  // Focus moves to the result's message (issue 49).
  await expect(
    page.getByRole('status').filter({ hasText: `An invitation was sent to ${reviewerName} (${reviewer}).` }),
  ).toBeFocused();
  const invited = page.getByRole('row', { name: new RegExp(reviewer.replace(/\./g, '\\.')) });
  await expect(invited).toContainText('Reviewer');
  await expect(invited).toContainText('MA in Education');
  await expect(invited).toContainText('Invited');
  await expect(invited.getByRole('rowheader')).toContainText(reviewerName);

  // The reviewer signs up from the e-mail's link, in a browser of their own.
  const mail = await waitForMail(reviewer, /invited to the .* admissions office team/);
  const signupLink = /(https?:\/\/\S+\/signup)\b/.exec(mail.text)?.[1];
  expect(signupLink).toBeTruthy();
  // Programs by their labels, and the member by the name the administrator gave.
  expect(mail.text).toContain('for these programs: MA in Education.');
  expect(mail.text).toContain(`Hello ${reviewerName},`);
  const reviewerContext = await browser.newContext({ baseURL });
  const other = await reviewerContext.newPage();
  await other.goto(new URL(signupLink!).pathname);
  await other.getByLabel('Email address').fill(reviewer);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other).toHaveURL(/\/confirm$/);
  await other.getByLabel('Confirmation code').fill(codeFrom(await waitForMail(reviewer, /confirmation code/)));
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await logIn(other, reviewer, PASSWORD);
  await expect(other).toHaveURL(/\/staff$/);
  await expect(other.getByRole('navigation', { name: 'Admissions office' })).toContainText(
    `Signed in as ${reviewerName} (${reviewer};`,
  );

  // The reviewer sees only their program's submitted applications.
  await other.getByLabel('Name or e-mail').fill(suffix);
  await other.getByRole('button', { name: 'Search' }).click();
  await expect(other.getByRole('status').first()).toHaveText(/^1 application/);
  await expect(other.getByRole('row').filter({ hasText: inProgram })).toBeVisible();
  await expect(other.getByRole('row').filter({ hasText: elsewhere })).toHaveCount(0);
  await expect(
    other.getByRole('navigation', { name: 'Admissions office' }).getByRole('link', { name: 'Team' }),
  ).toHaveCount(0);

  // The administrator sees both, selects the one in the program and assigns it to the reviewer.
  await nav.getByRole('link', { name: 'Applications' }).click();
  await page.getByLabel('Name or e-mail').fill(suffix);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').first()).toHaveText(/^2 applications/);
  await page.getByRole('checkbox', { name: `Select ${inProgram}, Grace` }).check();
  await expect(page.getByRole('group', { name: 'With the selected applications' })).toContainText(
    '1 application selected',
  );
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Assign to reviewer…' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign to reviewer' });
  await assign.getByLabel('Reviewer').selectOption(reviewer);
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`1 application assigned to ${reviewerName}.`)).toBeVisible();

  // The administrator leaves a note on it.
  await page.getByRole('row').filter({ hasText: inProgram }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Review of Grace ${inProgram}` })).toBeVisible();
  const adminNotes = page.getByRole('region', { name: 'Notes' });
  await adminNotes.getByLabel(/^New note/).fill('Transcript verified by phone.');
  await adminNotes.getByRole('button', { name: 'Add note' }).click();
  await expect(adminNotes.getByText('Your note was added.')).toBeVisible();

  // The reviewer opens it from "My queue" and reviews it with the keyboard alone.
  await other.getByRole('navigation', { name: 'Admissions office' }).getByRole('link', { name: 'My queue' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'My queue' })).toBeVisible();
  await expect(other.getByRole('status')).toHaveText('1 application waiting for your review, oldest first.');
  await expectAxeClean(other);
  const open = other.getByRole('link', { name: `${inProgram}, Grace` });
  await tabTo(other, open);
  await other.keyboard.press('Enter');
  const title = other.getByRole('heading', { level: 1, name: `Review of Grace ${inProgram}` });
  await expect(title).toBeFocused();

  // The print view beside the form.
  const printed = other.getByRole('region', { name: 'The application as printed' });
  await expect(printed.getByRole('heading', { name: 'Step 1: About You' })).toBeVisible();
  await expect(printed.getByText('MA in Education').first()).toBeVisible();
  await expect(other.getByRole('region', { name: 'Notes' }).getByText('Transcript verified by phone.')).toBeVisible();
  await expect(other.getByRole('region', { name: 'Notes' })).toContainText(STAFF_EMAIL);
  await expectAxeClean(other);

  // The rubric that applies, as the server has it (the sample configuration's, or an edited one).
  const rubrics = (await (await other.request.get('/api/staff/rubrics')).json()) as RubricsResponse;
  const rubric = (rubrics.MAE ?? rubrics.default)!;
  const criteria = rubric.criteria;
  await tabTo(other, other.getByLabel(new RegExp(`^${criteria[0]!.label}`)));
  for (const [i, c] of criteria.entries()) {
    if (i > 0) await other.keyboard.press('Tab');
    await expect(other.getByLabel(new RegExp(`^${c.label}`))).toBeFocused();
    await other.keyboard.type(String(c.max));
  }
  await tabTo(other, other.getByLabel('Comment'));
  await other.keyboard.type('A clear and well-argued statement.');
  await tabTo(other, other.getByRole('button', { name: 'Submit review' }));
  await other.keyboard.press('Enter');
  await expect(other.getByText('Your review was submitted.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save amended review' })).toBeVisible();

  // It leaves the queue.
  await other.getByRole('link', { name: 'Back to your queue' }).click();
  await expect(other.getByRole('status')).toHaveText('Nothing is waiting for your review.');

  // Its score shows in the administrator's list, and the reviewer's note reaches the administrator.
  await other
    .getByRole('navigation', { name: 'Admissions office' })
    .getByRole('link', { name: 'Applications' })
    .click();
  await other.getByRole('row').filter({ hasText: inProgram }).getByRole('link', { name: 'Review' }).click();
  const reviewerNotes = other.getByRole('region', { name: 'Notes' });
  await reviewerNotes.getByLabel(/^New note/).fill('Recommend for the committee.');
  await reviewerNotes.getByRole('button', { name: 'Add note' }).click();
  await expect(reviewerNotes.getByText('Your note was added.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Notes' }).getByText('Recommend for the committee.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText(reviewerName);
  await page.getByRole('link', { name: /^Back to/ }).click();
  const row = page.getByRole('row').filter({ hasText: inProgram });
  const sum = criteria.reduce((total, c) => total + c.max, 0);
  const score = rubric.overall === 'sum' ? sum : sum / criteria.length;
  await expect(row.getByRole('cell', { name: String(score), exact: true })).toHaveCount(1);
  // One review: the Reviews column's cell (another column, Applications by person, may show 1 too).
  await expect(row.locator('[data-label="Reviews"]')).toHaveText('1');
  await reviewerContext.close();
});
