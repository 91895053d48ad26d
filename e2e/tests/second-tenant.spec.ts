import { answer, logIn } from '../support/application';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

// Issue 29: another college's tenant file (apps/server/tenant/test-tenant-lakeside.json), on the second stack
// that playwright.config.ts starts for the `lakeside` project: its programs, terms and rules, none of SPEC's.

/** The empty choice a select starts with ("--"). */
const NONE = /^-*$/;

test('with the lakeside tenant file the form offers its programs and applies its rules', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('lakeside');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);
  // The lakeside file has no priority-deadline banner, so the About page shows none.
  await expect(page.getByRole('note', { name: 'Priority deadline' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  const terms = page.getByLabel('When do you plan to enroll?');
  await expect(terms.locator('option')).toHaveText([NONE, 'Autumn 2027', 'Spring 2028']);
  const programs = page.getByLabel('Which program are you applying for?');
  await expect(programs.locator('option')).toHaveText([
    NONE,
    'MSc Data Science',
    'Master of Business Administration',
    'Postgraduate Certificate in GIS',
  ]);

  // MSc Data Science asks for a research description and no recommender; its deadline is London's.
  await answer(page, 'entry_term', 'AUT27');
  await answer(page, 'applied_major', 'MSDS');
  await expect(page.getByTestId('program-deadline')).toContainText(
    /The deadline for MSc Data Science is 5:00 pm .+ on Wednesday, 30 June 2027/,
  );
  await expect(page.getByRole('button', { name: 'Final Project Description Choose a file' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Final Steps' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recommender' })).toHaveCount(0);

  // The MBA asks for a recommender and no research description.
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await answer(page, 'applied_major', 'MBA');
  await expect(page.getByRole('button', { name: 'Final Project Description Choose a file' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Recommender', exact: true })).toBeVisible();
  await expectAxeClean(page);
});
