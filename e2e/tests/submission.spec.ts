import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { fillPage, layoutShifts, logIn, logOut, recordLayoutShifts } from '../support/application';
import { waitForMail } from '../support/mailbox';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

/** Fills the three pages in order with Save and Continue, leaving one About You answer out. */
async function fillEverythingBut(page: Page, skip: string) {
  await expect(page).toHaveURL(/\/about$/);
  for (const path of ['/about', '/education-alr', '/final-steps'] as const) {
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await fillPage(page, path);
    if (path === '/about') await page.locator(`[id="${skip}"]`).fill('');
    if (path !== '/final-steps') await page.getByRole('button', { name: 'Save and Continue' }).click();
  }
}

test('submit incomplete, follow the summary to the field, fix it, submit: /completion, e-mail, and /completion everywhere after', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('submit');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await fillEverythingBut(page, 'city');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  const summary = page.getByRole('region', { name: "We're missing some information!" });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(
    'The links below show what needs to be corrected. Missing or incorrect items will be highlighted on each page; simply fix them and then resubmit your application.',
  );
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.locator('#city')).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);

  await summary.getByRole('link', { name: 'City' }).click();
  await expect(page.locator('#city')).toBeFocused();
  await page.keyboard.type('Springfield');
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.', { exact: true })).toBeVisible();
  await expectAxeClean(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download a PDF copy of your application' }).click(),
  ]);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const mail = await waitForMail(email, /We received your/);
  // What was submitted, by section, and no answer: a mailbox is not behind the login.
  expect(mail.text).toContain('Step 1: About You');
  expect(mail.text).not.toContain('Springfield');

  await logOut(page);
  await logIn(page, email, PASSWORD);
  for (const path of ['/about', '/education-alr', '/final-steps', '/completion', '/somewhere-else']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/completion$/);
  }
  await expect(page.getByRole('region', { name: 'Welcome' })).toContainText('Ada');

  // On a phone, nothing moves while the page loads: the PDF copy's link replaces its status line, and the
  // letters arrive after the page, as on a slow network.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(recordLayoutShifts);
  for (const call of ['**/api/pdf', '**/api/recommendations']) {
    await page.route(call, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
  }
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Preparing your PDF copy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download a PDF copy of your application' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});

for (const [screen, viewport] of [
  ['a phone-sized screen', { width: 375, height: 740 }],
  ['a desktop', { width: 1280, height: 900 }],
] as const) {
  test(`the whole submission with the keyboard alone, on ${screen}`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('keyboard');
    await createConfirmedAccount(request, email);
    await page.goto('/login');
    await tabTo(page, 'Email address');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);

    const steps: [string, (p: Page) => Promise<void>][] = [
      ['first_name', type('Ada')],
      ['last_name', type('Lovelace')],
      ['birth_date', type('05171990')],
      ['phone_home', type('2125550123')],
      ['country', type('United States')],
      ['address_line_1', type('1 Main St')],
      ['city', type('Springfield')],
      ['state', type('Illinois')],
      ['zip', type('62701')],
      ['mailing_addr_same_as_perm_addr', press('Space')],
      ['citizenship', type('United States')],
    ];
    await keyboardFill(page, steps);
    await activate(page, 'Save and Continue');
    await expect(page).toHaveURL(/\/education-alr$/);
    // The next step opens at its top, its title focused, not where the last one's button was.
    await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await keyboardFill(page, [
      ['entry_term', type('Fall 2027')],
      ['applied_major', type('MA in Education')],
      ['entry_status', press('Space')],
      ['college_name', type('State University')],
      ['college_address_line_1', type('100 College Ave')],
      ['college_city', type('Urbana')],
      ['college_country', type('United States')],
      ['college_state', type('Illinois')],
      ['college_zip', type('61801')],
      ['college_degree_type', type("Bachelor's")],
      ['college_degree', type('Bachelor of Science')],
      ['college_degree_earned_date', type('May')],
      ['college_degree_earned_date-year', type('2012')],
      ['essay', type('Teaching changed my life.')],
    ]);
    await activate(page, 'Save and Continue');
    await expect(page).toHaveURL(/\/final-steps$/);
    await keyboardFill(page, [
      ['recommender_first_name', type('Grace')],
      ['recommender_last_name', type('Hopper')],
      ['recommender_email', type('grace.hopper@example.edu')],
      ['suspended', press('ArrowRight')],
      ['counselor_waiver_request', press('Space')],
      ['acknowledgement', press('Space')],
      ['legal_agree', press('Space')],
    ]);
    await activate(page, 'Submit');
    await expect(page).toHaveURL(/\/completion$/);
  });
}

const type = (text: string) => (p: Page) => p.keyboard.type(text);
const press = (key: string) => (p: Page) => p.keyboard.press(key);

/** Moves focus with Tab only, until the element with this id (or accessible label) has it. */
async function tabTo(page: Page, target: string) {
  for (let i = 0; i < 400; i++) {
    const here = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        id: el?.id ?? '',
        label:
          el?.getAttribute('aria-label') ??
          (el as HTMLInputElement | null)?.labels?.[0]?.textContent ??
          el?.textContent ??
          '',
      };
    });
    if (here.id === target || here.label.trim() === target) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

async function keyboardFill(page: Page, steps: [string, (p: Page) => Promise<void>][]) {
  for (const [id, act] of steps) {
    await tabTo(page, id);
    await act(page);
  }
}

async function activate(page: Page, buttonName: string) {
  await tabTo(page, buttonName);
  await page.keyboard.press('Enter');
}
