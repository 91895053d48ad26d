import type { RubricsResponse } from '@admissions/domain';
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
import { waitForMail } from '../support/mailbox';
import { STAFF_EMAIL } from '../support/paths';

// Issue 41, "One screen to decide from": the review screen shows the application with its letters, and to a
// member who decides, the reviews and the decision panel beside it; a reviewer sees the letters, not the panel.

const LETTER = 'Rosalind measured what others only guessed at. I recommend her without reservation for graduate study.';
const REVIEW_COMMENT = 'Exceptional letters and a precise statement.';

/** Logs a context of its own in through the API. */
async function apiSession(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/public/login', {
    data: { username: email, password: PASSWORD },
    headers: sameOrigin(),
  });
  expect(login.status()).toBe(200);
  return api;
}

/** An applicant whose recommender wrote the letter in the page's text box, then who submitted; returns their id. */
async function submittedWithLetter(baseURL: string, office: APIRequestContext, lastName: string): Promise<string> {
  const email = uniqueEmail('one-screen');
  const recommender = uniqueEmail('recommender');
  const setup = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(setup, email);
  await setup.dispose();
  const api = await apiSession(baseURL, email);
  const headers = sameOrigin();
  const answers = {
    ...completeAnswers(),
    first_name: 'Rosalind',
    last_name: lastName,
    recommender_first_name: 'Dorothy',
    recommender_last_name: 'Hodgkin',
    recommender_email: recommender,
  };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  expect((await api.post('/api/recommendations/recommender_/request', { data: {}, headers })).status()).toBe(200);

  // The recommender, without an account, answers from the e-mailed link.
  const mail = await waitForMail(recommender, /asks you for a letter of recommendation/);
  const token = new URL(/(https?:\/\/\S+\/recommend\?token=\S+)/.exec(mail.text)![1]!).searchParams.get('token');
  const recommenderApi = await playwrightRequest.newContext({ baseURL });
  const written = await recommenderApi.post('/public/recommendation/letter-text', {
    data: { token, text: LETTER },
    headers,
  });
  expect(written.status()).toBe(200);
  await recommenderApi.dispose();

  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
  const found = await office.get(`/api/staff/applications?q=${encodeURIComponent(lastName.toLowerCase())}`);
  const { rows } = (await found.json()) as { rows: { user_id: string }[] };
  expect(rows).toHaveLength(1);
  return rows[0]!.user_id;
}

/** A reviewer the office invites and assigns, who submits a review of the application with every score at its top. */
async function submittedReview(baseURL: string, office: APIRequestContext, userId: string): Promise<string> {
  const reviewer = uniqueEmail('reviewer');
  const headers = sameOrigin();
  const invited = await office.post('/api/staff/team', {
    data: { email: reviewer, name: 'Rene Reviewer', roles: ['reviewer'] },
    headers,
  });
  expect(invited.status()).toBe(201);
  const signup = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(signup, reviewer);
  await signup.dispose();
  const assigned = await office.post('/api/staff/assignments', {
    data: { reviewer, application_ids: [userId] },
    headers,
  });
  expect(assigned.status()).toBe(200);
  const api = await apiSession(baseURL, reviewer);
  const rubrics = (await (await api.get('/api/staff/rubrics')).json()) as RubricsResponse;
  const rubric = (rubrics.MAE ?? rubrics.default)!;
  const scores = Object.fromEntries(rubric.criteria.map((c) => [c.id, c.max]));
  const overall = rubric.overall === 'entered' ? { overall: 5 } : {};
  const review = await api.put(`/api/staff/applications/${userId}/review`, {
    data: { scores, comment: REVIEW_COMMENT, submit: true, ...overall },
    headers,
  });
  expect(review.status()).toBe(200);
  await api.dispose();
  return reviewer;
}

test('a decider reads the letter and the reviews on the review screen and decides there by keyboard alone; a reviewer sees the letter but no decision', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Two members, an applicant and a recommender: a long journey on a loaded machine.
  test.setTimeout(300_000);
  const lastName = `Franklin${Date.now().toString(36)}`;
  await ensureStaffAccount(request, STAFF_EMAIL);
  const office = await apiSession(baseURL!, STAFF_EMAIL);
  const userId = await submittedWithLetter(baseURL!, office, lastName);
  const reviewer = await submittedReview(baseURL!, office, userId);
  await office.dispose();

  // The decider (the office's administrator, who decides) finds the application and opens its review screen by keyboard.
  await logIn(page, STAFF_EMAIL, PASSWORD);
  const search = page.getByLabel('Name or e-mail');
  await tabTo(page, search);
  await page.keyboard.type(lastName.toLowerCase());
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await tabTo(page, row.getByRole('link', { name: 'Review', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Review of Rosalind ${lastName}` })).toBeFocused();

  // The application, and beside it the letter as the recommender wrote it.
  await expect(
    page
      .getByRole('region', { name: 'The application as printed' })
      .getByRole('heading', { name: 'Step 1: About You' }),
  ).toBeVisible();
  const letters = page.getByRole('region', { name: 'Letters of recommendation' });
  const letter = letters.getByRole('article', { name: 'First recommender: Dorothy Hodgkin' });
  await expect(letter.getByRole('definition').getByText('Received', { exact: true })).toBeVisible();
  await expect(letter).toContainText(LETTER);

  // The reviews with their scores, unblinded for a member who decides.
  const others = page.getByRole('region', { name: 'Other reviews' });
  // Named as the team names the member (issue 49).
  await expect(others).toContainText('Rene Reviewer');
  await expect(others).toContainText(REVIEW_COMMENT);
  await expect(others.getByRole('listitem').first()).toContainText(/overall \d/);

  // The decision panel, on the same screen.
  const panel = page.getByRole('region', { name: 'Decision', exact: true });
  await expect(panel).toContainText('No decision yet');
  await expectAxeClean(page);
  const code = panel.getByRole('combobox', { name: 'Decision', exact: true });
  await tabTo(page, code);
  await page.keyboard.type('Admitted');
  await expect(code).toHaveValue('admit');
  await tabTo(page, panel.getByRole('button', { name: 'Record the provisional decision' }), 10);
  await page.keyboard.press('Enter');
  // The result has the focus: read at once, and the next step starts from it.
  const focused = page.locator(':focus');
  await expect(focused).toContainText('The decision is recorded. It stays provisional until it is released.');
  await expect(panel).toContainText('Admitted (provisional)');
  await expect(panel).toContainText('Dear Rosalind');
  await expectAxeClean(page);

  // Released now, after the confirmation that names who will be told.
  await tabTo(page, panel.getByRole('button', { name: 'Release now' }), 10);
  await page.keyboard.press('Enter');
  const releasing = page.getByRole('dialog', { name: 'Release the decision now?' });
  await expect(releasing).toContainText(
    `1 applicant will be told at once, by e-mail and on the status page: Rosalind ${lastName}.`,
  );
  await expectAxeClean(page);
  await tabTo(page, releasing.getByRole('button', { name: 'Release now to 1 applicant' }), 5);
  await page.keyboard.press('Enter');
  await expect(releasing).toBeHidden();
  await expect(focused).toContainText('1 decision was released.');
  await expect(panel).toContainText('Admitted (released)');
  await expectAxeClean(page);

  // The reviewer, on the same screen: the letter and their own review, never the decision panel.
  const reviewerContext = await browser.newContext();
  const theirs = await reviewerContext.newPage();
  await logIn(theirs, reviewer, PASSWORD);
  await theirs.goto(`/staff/applications/${userId}/review`);
  await expect(theirs.getByRole('heading', { level: 1, name: `Review of Rosalind ${lastName}` })).toBeVisible();
  await expect(theirs.getByRole('region', { name: 'Letters of recommendation' })).toContainText(LETTER);
  await expect(theirs.getByRole('button', { name: 'Save amended review' })).toBeVisible();
  await expect(theirs.getByRole('region', { name: 'Decision', exact: true })).toHaveCount(0);
  await expect(theirs.getByText(/Admitted/)).toHaveCount(0);
  await expectAxeClean(theirs);
  await reviewerContext.close();
});

test('on a narrow screen the review screen is one column: the application and its letters, then the reviews and the decision', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const lastName = `Meitner${Date.now().toString(36)}`;
  await ensureStaffAccount(request, STAFF_EMAIL);
  const office = await apiSession(baseURL!, STAFF_EMAIL);
  const userId = await submittedWithLetter(baseURL!, office, lastName);
  await office.dispose();
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await page.goto(`/staff/applications/${userId}/review`);
  await expect(page.getByRole('heading', { level: 1, name: `Review of Rosalind ${lastName}` })).toBeVisible();
  const letters = page.getByRole('region', { name: 'Letters of recommendation' });
  const panel = page.getByRole('region', { name: 'Decision', exact: true });
  await expect(panel).toContainText('No decision yet');
  // Stacked: the letters above the decision, each within the screen; nothing scrolls sideways.
  const lettersBox = (await letters.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.y).toBeGreaterThanOrEqual(lettersBox.y + lettersBox.height);
  for (const box of [lettersBox, panelBox]) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
});
