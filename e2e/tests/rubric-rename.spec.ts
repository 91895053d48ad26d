import type { RubricsInput, RubricsResponse } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { logIn } from '../support/application';
import { tabTo } from '../support/keyboard';
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
import { STAFF_EMAIL } from '../support/paths';

// Issue 49, "Editors that keep their place": criterion ids are the server's, made once; renaming a criterion keeps
// every earlier score under it, and no review shows a raw id. The journey uses the Urban Planning certificate,
// which no other journey reviews, so its own rubric here changes nothing another journey reads.
const PROGRAM = 'GSCUP';
const PROGRAM_LABEL = 'Graduate Certificate in Urban Planning';

async function apiSession(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/public/login', {
    data: { username: email, password: PASSWORD },
    headers: sameOrigin(),
  });
  expect(login.status()).toBe(200);
  return api;
}

test('an administrator renames a criterion by keyboard and an existing review’s score shows under the new name', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const headers = sameOrigin();
  const lastName = `Jacobs${Date.now().toString(36)}`;
  await ensureStaffAccount(request, STAFF_EMAIL);
  const office = await apiSession(baseURL!, STAFF_EMAIL);

  // The program gets a rubric of its own; its criteria go without ids and the server makes them.
  const rubrics = (await (await office.get('/api/staff/rubrics')).json()) as RubricsResponse;
  const own: RubricsInput = {
    ...rubrics,
    [PROGRAM]: {
      criteria: [
        { label: 'Clarity of the plan', min: 1, max: 5 },
        { label: 'Community focus', min: 1, max: 5 },
      ],
      overall: 'average',
    },
  };
  const saved = await office.put('/api/staff/rubrics', { data: own, headers });
  expect(saved.status()).toBe(200);
  const [clarity, community] = ((await saved.json()) as RubricsResponse)[PROGRAM]!.criteria;

  // An applicant to it, and a reviewer's submitted review scoring both criteria.
  const applicant = uniqueEmail('rename');
  const setup = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(setup, applicant);
  await setup.dispose();
  const api = await apiSession(baseURL!, applicant);
  const answers = { ...completeAnswers(), first_name: 'Jane', last_name: lastName, applied_major: PROGRAM };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
  const found = await office.get(`/api/staff/applications?q=${encodeURIComponent(lastName.toLowerCase())}`);
  const userId = ((await found.json()) as { rows: { user_id: string }[] }).rows[0]!.user_id;
  const reviewer = uniqueEmail('rename-reviewer');
  expect(
    (
      await office.post('/api/staff/team', {
        data: { email: reviewer, name: 'Rene Reviewer', roles: ['reviewer'] },
        headers,
      })
    ).status(),
  ).toBe(201);
  const signup = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(signup, reviewer);
  await signup.dispose();
  expect(
    (await office.post('/api/staff/assignments', { data: { reviewer, application_ids: [userId] }, headers })).status(),
  ).toBe(200);
  await office.dispose();
  const reviewerApi = await apiSession(baseURL!, reviewer);
  const review = await reviewerApi.put(`/api/staff/applications/${userId}/review`, {
    data: { scores: { [clarity!.id]: 4, [community!.id]: 2 }, comment: '', submit: true },
    headers,
  });
  expect(review.status()).toBe(200);
  await reviewerApi.dispose();

  // The administrator renames "Clarity of the plan" on the program's rubric, by keyboard.
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  await page
    .getByRole('navigation', { name: 'Admissions office' })
    .getByRole('link', { name: 'Stages & rubrics' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stages & rubrics' })).toBeVisible();
  await page.getByLabel('Rubric of').selectOption(PROGRAM);
  const first = page.getByRole('group', { name: 'Criterion 1' });
  await expect(first.getByLabel('Label')).toHaveValue('Clarity of the plan');
  // Only the label and the range: no id to type.
  await expect(first.getByRole('textbox')).toHaveCount(1);
  await expect(page.getByLabel(/\bId\b/)).toHaveCount(0);
  await expectAxeClean(page);
  await tabTo(page, first.getByLabel('Label'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Feasibility of the plan');
  await tabTo(page, page.getByRole('button', { name: 'Save rubrics' }));
  await page.keyboard.press('Enter');
  const said = page.getByRole('status').filter({ hasText: 'The rubrics were saved.' });
  await expect(said).toBeFocused();
  // It stays on the program's rubric, as saved, and the confirmation stays.
  await expect(page.getByLabel('Rubric of')).toHaveValue(PROGRAM);
  await expect(page.getByLabel('Rubric of').locator('option:checked')).toHaveText(`${PROGRAM_LABEL} (its own rubric)`);
  await expect(first.getByLabel('Label')).toHaveValue('Feasibility of the plan');
  await page.waitForTimeout(500);
  await expect(said).toBeVisible();
  await expectAxeClean(page);
  const after = (await (await page.request.get('/api/staff/rubrics')).json()) as RubricsResponse;
  expect(after[PROGRAM]!.criteria.map((c) => [c.id, c.label])).toEqual([
    [clarity!.id, 'Feasibility of the plan'],
    [community!.id, 'Community focus'],
  ]);

  // The review shows the score under the new name, and no id anywhere.
  await page.goto(`/staff/applications/${userId}/review`);
  const others = page.getByRole('region', { name: 'Other reviews' });
  await expect(others.getByText('Feasibility of the plan: 4')).toBeVisible();
  await expect(others.getByText('Community focus: 2')).toBeVisible();
  await expect(others).not.toContainText(clarity!.id);
  await expect(others).not.toContainText('Clarity of the plan');
  await expectAxeClean(page);
});
