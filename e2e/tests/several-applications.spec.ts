import type { Page } from '@playwright/test';
import { answer, fillPage, logIn, logOut } from '../support/application';
import { submittedApplicant } from '../support/decision-journeys';
import { tabTo } from '../support/keyboard';
import { ensureStaffAccount, expect, expectAxeClean, PASSWORD, test } from '../support/fixtures';
import { STAFF_EMAIL } from '../support/paths';

// Issue 42: the MA in Education and, as a fallback, the Graduate Certificate in Mental Health Counseling, from
// one account: the second application starts from the first one's answers and documents, and the office sees
// two rows of one person, each linked to the other.

const FIRST = 'MA in Education';
const SECOND = 'Graduate Certificate in Mental Health Counseling';

/** The account menu's "Your applications", by keyboard. */
async function openYourApplications(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Account' }));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Account' });
  await expect(menu).toBeVisible();
  // Opening the menu moves focus into it, to its Close button: the Tabs that follow start there.
  await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
  await tabTo(page, menu.getByRole('link', { name: 'Your applications' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
}

/** One application of the list, by its program. */
const item = (page: Page, program: string) =>
  page.getByRole('list', { name: 'Your applications' }).getByRole('listitem').filter({ hasText: program });

test('an applicant applies to a second program from her first application, and the office sees both', async ({
  page,
  baseURL,
  request,
}) => {
  // Two applications filled in, submitted and checked with axe, then the office: longer than one page's journey.
  test.setTimeout(180_000);
  const lastName = `Okafor${Date.now().toString(36)}`;
  const email = await submittedApplicant(baseURL!, 'Nadia', lastName, 'several');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/completion$/);

  await openYourApplications(page);
  await expect(item(page, FIRST)).toContainText('Submitted');
  await expectAxeClean(page);

  // The start dialog, by keyboard: the program, its term, and the application to copy from (the open one).
  await tabTo(page, page.getByRole('button', { name: 'Start another application' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Start another application' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Program')).toBeFocused();
  // The program she has applied to is not offered again.
  await expect(dialog.getByLabel('Program').getByRole('option', { name: FIRST })).toHaveCount(0);
  await expectAxeClean(page);
  await page.keyboard.type(SECOND);
  await expect(dialog.getByLabel('Program')).toHaveValue('GSCMC');
  await tabTo(page, dialog.getByLabel('Term'));
  await page.keyboard.type('Fall 2027');
  await expect(dialog.getByLabel('Term')).toHaveValue('2027FA');
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${FIRST}`) })).toBeChecked();
  await expectAxeClean(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Start the application' }));
  await page.keyboard.press('Enter');

  // The copied answers are there; the program's own are asked afresh.
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('#first_name')).toHaveValue('Nadia');
  await expect(page.locator('#last_name')).toHaveValue(lastName);
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page.locator('#college_name')).toHaveValue('State University');
  await expect(page.locator('#applied_major')).toHaveValue('GSCMC');
  await expect(page.locator('#essay')).toHaveValue('');
  await answer(page, 'entry_status', 'FT');
  await answer(page, 'essay', 'Counseling is where my teaching has been leading me.');
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await fillPage(page, '/final-steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your application status' })).toBeVisible();

  await openYourApplications(page);
  await expect(item(page, FIRST)).toContainText('Submitted');
  await expect(item(page, SECOND)).toContainText('Submitted');
  await expectAxeClean(page);
  await logOut(page);

  // The office: two rows of one person, each page linking to the other.
  await ensureStaffAccount(request, STAFF_EMAIL);
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await page.goto('/staff');
  const search = page.getByLabel('Name or e-mail');
  await tabTo(page, search);
  await page.keyboard.type(lastName.toLowerCase());
  await page.keyboard.press('Enter');
  const rows = page.getByRole('row').filter({ hasText: lastName });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all())
    await expect(row.locator('[data-label="Applications by person"]')).toHaveText('2');
  await expectAxeClean(page);

  const first = rows.filter({ hasText: FIRST });
  await tabTo(page, first.getByRole('link', { name: `${lastName}, Nadia` }));
  await page.keyboard.press('Enter');
  const others = page.getByRole('region', { name: 'Other applications by this person' });
  await expect(others).toContainText(`${SECOND}, Admissions 2026–27: Submitted`);
  await expectAxeClean(page);
  await tabTo(page, others.getByRole('link', { name: SECOND }));
  await page.keyboard.press('Enter');
  const back = page.getByRole('region', { name: 'Other applications by this person' });
  await expect(back.getByRole('link', { name: FIRST })).toBeVisible();
});
