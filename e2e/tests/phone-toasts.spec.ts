import type { Page } from '@playwright/test';
import { logIn } from '../support/application';
import {
  createConfirmedAccount,
  ensureStaffAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { STAFF_EMAIL } from '../support/paths';

// Issue 49, "Toasts never cover a heading or a label on a phone": after an action in the applicant's form and in
// the office's console, at 390 px, no toast lies over the page's heading or over any label on the screen, wherever
// the page stands.

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** The toasts on screen, by their text. */
function toasts(page: Page) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
}

/**
 * The headings (h1) and labels (a control's label, a group's legend) on the screen that a toast lies over, each
 * with the toast's text: read in one go, as a toast may end between two reads.
 */
function coveredByToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const region = Array.from(document.querySelectorAll('[role="region"]')).find((r) =>
      (r.getAttribute('aria-label') ?? '').startsWith('Notifications'),
    );
    const shown = Array.from(region?.querySelectorAll('li') ?? []).map((li) => li.getBoundingClientRect());
    const onScreen = (box: DOMRect) =>
      box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    const covered: string[] = [];
    for (const el of Array.from(document.querySelectorAll('main h1, main label, main legend'))) {
      const box = el.getBoundingClientRect();
      if (!onScreen(box) || getComputedStyle(el).visibility === 'hidden') continue;
      const over = shown.some(
        (t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom,
      );
      if (over) covered.push(`${el.tagName.toLowerCase()} "${(el as HTMLElement).innerText.trim().slice(0, 60)}"`);
    }
    return covered;
  });
}

/** No toast over a heading or label at the top of the page, half-way down and at its end. */
async function expectNothingCovered(page: Page) {
  await expect(toasts(page).first()).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (const y of [0, height / 2, height]) {
    await page.evaluate((top) => window.scrollTo(0, top), Math.round(y));
    expect(await coveredByToasts(page), `covered with the page scrolled to ${Math.round(y)} px`).toEqual([]);
  }
}

test('on a phone a toast covers no heading and no label in the applicant’s form', async ({ page, request }) => {
  const email = uniqueEmail('phone.labels');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);
  await expect(toasts(page).filter({ hasText: 'You are logged in.' })).toBeInViewport();
  await expectNothingCovered(page);

  // Saving, from the button at the form's end: the toast is brought into view, at the top.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Your answers have been saved.' })).toBeInViewport();
  await expectNothingCovered(page);
  await expectAxeClean(page);
});

test('on a phone a toast covers no heading and no label in the office’s console', async ({ page, request }) => {
  await ensureStaffAccount(request, STAFF_EMAIL);
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // The console says what its own actions did on its pages; its toast is the account menu's: a log-out the
  // server refused (a 4xx, as a busy server's rate limit answers).
  await page.route('**/api/logout', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment.' }),
    }),
  );
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(toasts(page).filter({ hasText: 'Log Out Error' })).toBeInViewport();
  // The menu closed by its button, its toast staying.
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Account' })).toHaveCount(0);
  await expectNothingCovered(page);
  await expectAxeClean(page);
});
