import type { Locator, Page } from '@playwright/test';
import { fillPage, logIn, logOut } from '../support/application';
import { codeFrom, waitForMail } from '../support/mailbox';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** The toasts on screen, by their text. */
async function toastTexts(page: Page): Promise<string[]> {
  const toasts = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  return (await toasts.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').replace(/[✓×!]/g, '').trim());
}

/** The texts of the toasts that overlap the element, read in one go (a toast may time out between two reads). */
function toastsCovering(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const region = Array.from(document.querySelectorAll('[role="region"]')).find((r) =>
      (r.getAttribute('aria-label') ?? '').startsWith('Notifications'),
    );
    return Array.from(region?.querySelectorAll('li') ?? [])
      .filter((toast) => {
        const t = toast.getBoundingClientRect();
        return t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom;
      })
      .map((toast) => toast.innerText.replace(/\s+/g, ' ').trim());
  });
}

/**
 * No toast covers the element, wherever on the phone's screen the applicant brings it: scrolled up to
 * the bottom edge (where the step buttons are when a step's end is reached) and down to the top (as
 * the browser scrolls a focused control, minding the scroll padding the toasts set).
 */
async function expectNotCovered(target: Locator) {
  for (const block of ['end', 'start'] as const) {
    await target.evaluate((el, block) => el.scrollIntoView({ block }), block);
    await expect(target).toBeInViewport();
    expect(await toastsCovering(target), `toasts over ${await target.innerText()} at the ${block}`).toEqual([]);
  }
}

async function submitAccountForm(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('on a phone each success toast speaks of the screen it is on, once, and never covers the action at hand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('phone.toasts');
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submitAccountForm(page);
  await expect(page).toHaveURL(/\/confirm$/);
  await page.getByLabel('Confirmation code').fill(codeFrom(await waitForMail(email, /confirmation code/)));
  await submitAccountForm(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => toastTexts(page)).toEqual(['Success Your account is confirmed. You can now log in.']);
  await expectNotCovered(page.getByRole('button', { name: 'Submit' }));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submitAccountForm(page);

  // The first login: one toast, not the three of sign-up, confirmation and login.
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => toastTexts(page)).toEqual(['Success You are logged in.']);
  await expectAxeClean(page);
  await logOut(page);
  await expect.poll(() => toastTexts(page)).toEqual(['Success You have been logged out.']);
  await expectNotCovered(page.getByRole('button', { name: 'Submit' }));

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submitAccountForm(page);
  await expect(page).toHaveURL(/\/about$/);
  for (const path of ['/about', '/education-alr'] as const) {
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await fillPage(page, path);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => toastTexts(page)).toContain('Saved Your answers have been saved.');
    await expectNotCovered(page.getByRole('button', { name: 'Save and Continue' }));
    await page.getByRole('button', { name: 'Save and Continue' }).click();
  }
  await expect(page).toHaveURL(/\/final-steps$/);
  // The step it spoke of is gone, and so is its toast.
  expect(await toastTexts(page)).not.toContain('Saved Your answers have been saved.');
  await fillPage(page, '/final-steps');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => toastTexts(page)).toEqual(['Saved Your answers have been saved.']);
  await expectNotCovered(page.getByRole('button', { name: 'Submit' }));

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect.poll(() => toastTexts(page)).toEqual(['Success Your application was successfully submitted.']);
  const download = page.getByRole('link', { name: 'Download a PDF copy of your application' });
  await expect(download).toBeVisible();
  await expectNotCovered(download);
  await expectAxeClean(page);
});

/** The focus ring drawn around the element that has focus now: its outline, as Chromium paints it. */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName,
      outline: style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`,
    };
  });
}

test('on a phone, focus placed for screen readers shows no ring; keyboard focus on a control keeps it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('phone.focus');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);

  // A move by keyboard: Enter on Save and Continue, then the next step's title holds focus.
  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeFocused();
  expect(await focusRing(page)).toEqual({ tag: 'BUTTON', outline: 'solid 3px' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeFocused();
  expect(await focusRing(page)).toEqual({ tag: 'H1', outline: 'none' });

  // The next Tab reaches a control, with its ring.
  await page.keyboard.press('Tab');
  expect((await focusRing(page)).outline).toBe('solid 3px');

  // Submit with everything missing, by keyboard: the summary takes focus, without a ring of its own.
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('region', { name: "We're missing some information!" });
  await expect(summary).toBeFocused();
  expect(await focusRing(page)).toEqual({ tag: 'SECTION', outline: 'none' });
  await page.keyboard.press('Tab');
  expect(await focusRing(page)).toEqual({ tag: 'A', outline: 'solid 3px' });
  await expectAxeClean(page);
});
