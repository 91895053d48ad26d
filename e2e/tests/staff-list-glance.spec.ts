import { completeAnswers } from '@admissions/domain/testing';
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
import { STAFF_EMAIL } from '../support/paths';

/** An applicant who submitted everything (the letter requested, not yet received), through the API. */
async function submittedApplicant(baseURL: string, email: string, lastName: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  const headers = sameOrigin();
  expect((await api.post('/public/login', { data: { username: email, password: PASSWORD }, headers })).status()).toBe(
    200,
  );
  // A recommender of this journey's own, asked here: the shared sample address may be another journey's by now.
  const answers = {
    ...completeAnswers(),
    first_name: 'Katherine',
    last_name: lastName,
    recommender_email: uniqueEmail('glance.rec'),
  };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  expect((await api.post('/api/recommendations/recommender_/request', { headers })).status()).toBe(200);
  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
}

test('the list at a glance: 1280 × 900 without scrolling sideways, compact times, a skip link to the results', async ({
  page,
  request,
  baseURL,
}) => {
  const lastName = `Johnson${Date.now().toString(36)}`;
  await submittedApplicant(baseURL!, uniqueEmail('glance'), lastName);
  await ensureStaffAccount(request, STAFF_EMAIL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

  await page.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').first()).toHaveText(/^1 application ·/);
  const row = page.getByRole('row').filter({ hasText: lastName });
  await expect(row).toBeVisible();

  // The table is no wider than its container, and the page no wider than the window.
  const widths = await page.getByRole('table').evaluate((table) => ({
    table: table.scrollWidth,
    container: table.parentElement!.clientWidth,
    page: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(widths.container);
  expect(widths.page).toBeLessThanOrEqual(0);

  // Its own columns: complete, letters received of those requested, the decision; times short, zone in the header.
  await expect(page.getByRole('columnheader', { name: /^Last change \(CT\)/ })).toBeVisible();
  for (const title of ['Complete', 'Letters', 'Decision', 'Missing items'])
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeVisible();
  // The letter request goes out from the submission's job, after the submission itself: the list counts it once
  // sent, as a reader sees on loading the list again (the search stays in the address).
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('0 of 1', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).not.toContainText('Central Time');
  await expect(
    row
      .getByRole('cell')
      .filter({ hasText: /^[A-Z][a-z]{2}\u00a0\d{1,2}(,\u00a0\d{4})?, \d{1,2}:\d{2}\u00a0[ap]m$/ })
      .first(),
  ).toBeVisible();
  // A row is not five lines high: its time cell keeps to two lines at most.
  const timeCell = row
    .getByRole('cell')
    .filter({ hasText: /\d:\d{2}\u00a0[ap]m/ })
    .first();
  const lines = await timeCell.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBeLessThanOrEqual(2);
  await expectAxeClean(page);

  // By keyboard: from the search box, the next stop skips the filters to the results.
  await page.getByLabel('Name or e-mail').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to results' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Results' })).toBeFocused();
  await page.keyboard.press('Tab');
  const focusedInTable = await page.evaluate(() => !!document.activeElement?.closest('table'));
  expect(focusedInTable).toBe(true);

  // On a phone the cards still fit, and axe is clean there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
});
