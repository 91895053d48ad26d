import type { RubricsResponse } from '@admissions/domain';
import type { Locator, Page } from '@playwright/test';
import { logIn } from '../support/application';
import { officeApi, submittedApplicant, userIdOf } from '../support/decision-journeys';
import {
  createConfirmedAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { STAFF_EMAIL } from '../support/paths';

// Issue 49, "Focus and offers that fit the person": after an office action focus is on what it did, an
// application's page starts at its heading, the review screen ends at its footer, and on a phone a toast
// covers no heading.

const PHONE = { width: 390, height: 844 };

/** A submitted application assigned to the office's administrator (who reviews and decides); returns its id. */
async function assignedToTheOffice(baseURL: string, lastName: string): Promise<string> {
  await submittedApplicant(baseURL, 'Lise', lastName, 'office-focus');
  const office = await officeApi(baseURL);
  const userId = await userIdOf(office, lastName);
  const assigned = await office.post('/api/staff/assignments', {
    data: { reviewer: STAFF_EMAIL, application_ids: [userId] },
    headers: sameOrigin(),
  });
  expect(assigned.status()).toBe(200);
  const rubrics = (await (await office.get('/api/staff/rubrics')).json()) as RubricsResponse;
  await office.dispose();
  return JSON.stringify({ userId, rubric: rubrics.MAE ?? rubrics.default });
}

/** The boxes of two elements overlap on the screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** How far the page reaches below the end of its footer (0 when the footer ends it). */
function spaceBelowFooter(page: Page): Promise<number> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer')!;
    const end = footer.getBoundingClientRect().bottom + window.scrollY;
    return Math.round(document.documentElement.scrollHeight - end);
  });
}

test('after each office action focus is on what it did; the page starts at its heading and ends at its footer', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const lastName = `Meitner${Date.now().toString(36)}`;
  const { userId, rubric } = JSON.parse(await assignedToTheOffice(baseURL!, lastName)) as {
    userId: string;
    rubric: RubricsResponse[string];
  };
  await logIn(page, STAFF_EMAIL, PASSWORD);

  // The application's page from the list: its heading has the focus, as a new page's title.
  const row = page.getByRole('row').filter({ hasText: lastName });
  await page.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await page.keyboard.press('Enter');
  await row
    .getByRole('link', { name: new RegExp(lastName) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Lise ${lastName}` })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/staff/applications/${userId}`));
  await expectAxeClean(page);

  // The review screen: the review submitted, then the decision recorded and released, each result focused.
  await page.goto(`/staff/applications/${userId}/review`);
  await expect(page.getByRole('heading', { level: 1, name: `Review of Lise ${lastName}` })).toBeFocused();
  for (const c of rubric.criteria) await page.getByLabel(new RegExp(`^${c.label}`)).fill(String(c.max));
  if (rubric.overall === 'entered') await page.getByLabel(/^Overall score/).fill('5');
  await page.getByLabel('Comment').fill('A careful statement.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  const focused = page.locator(':focus');
  await expect(focused).toHaveText('Your review was submitted.');

  const panel = page.getByRole('region', { name: 'Decision', exact: true });
  await panel.getByRole('combobox', { name: 'Decision', exact: true }).selectOption('admit');
  await panel.getByRole('button', { name: 'Record the provisional decision' }).click();
  await expect(focused).toContainText('The decision is recorded.');
  await panel.getByRole('button', { name: 'Release now' }).click();
  await page
    .getByRole('dialog', { name: 'Release the decision now?' })
    .getByRole('button', { name: 'Release now to 1 applicant' })
    .click();
  await expect(focused).toContainText('1 decision was released.');
  await expect(panel).toContainText('Admitted (released)');

  // Nothing below the footer: the page ends where its footer does.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await spaceBelowFooter(page)).toBeLessThanOrEqual(1);
  await expectAxeClean(page);

  // The same screens on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`/staff/applications/${userId}/review`);
  await expect(page.getByRole('heading', { level: 1, name: `Review of Lise ${lastName}` })).toBeFocused();
  expect(await spaceBelowFooter(page)).toBeLessThanOrEqual(1);
  await expectAxeClean(page);
  await page.goto(`/staff/applications/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Lise ${lastName}` })).toBeFocused();
  await expectAxeClean(page);
});

test('on a phone a toast covers neither the heading nor the focused field and its label', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('phone.toast');
  await createConfirmedAccount(request, email);
  // The first login's toast comes with the form's first page and its heading.
  await logIn(page, email, PASSWORD);
  const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  await expect(toast).toContainText('You are logged in.');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeInViewport();
  expect(await overlap(toast, heading), 'the toast over the heading').toBe(false);
  // The first field, with its label, once the keyboard reaches it: scrolled clear of the toasts.
  const field = page.locator('main input:not([type="hidden"])').first();
  await field.focus();
  await expect(field).toBeInViewport();
  expect(await overlap(toast, field), 'the toast over the focused field').toBe(false);
  const label = page.locator(`label[for="${await field.getAttribute('id')}"]`);
  expect(await overlap(toast, label), 'the toast over its label').toBe(false);
  await expectAxeClean(page);
});
