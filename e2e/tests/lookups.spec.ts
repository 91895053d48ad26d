import { logIn, storedProfile } from '../support/application';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

/**
 * SPEC section 4, lookup autocomplete, on the shared directory data
 * (LOOKUP_DATA_DIR, see support/start-stack.ts): search as you type, pick
 * with the keyboard, every part filled, saved and still there after a reload.
 */
test('an address completed from its ZIP code, and a college found by part of its name, picked with the keyboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('lookups');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);

  // The street is the applicant's; the ZIP code completes the rest.
  await page.locator('#address_line_1').fill('77 Massachusetts Ave');
  const zip = page.getByRole('combobox', { name: 'ZIP/Postal Code' }).first();
  await zip.click();
  await zip.pressSequentially('0213');
  const places = page.getByRole('listbox', { name: 'ZIP/Postal Code: suggestions' }).first();
  await expect(places.getByRole('option')).toHaveCount(5);
  await expect(page.getByRole('status').filter({ hasText: '5 results are available.' })).toHaveCount(1);
  await zip.pressSequentially('9');
  await expect(places.getByRole('option')).toHaveCount(1);
  await expect(places.getByRole('option')).toContainText('Cambridge, MA');
  await expectAxeClean(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('#city')).toHaveValue('Cambridge');
  await expect(page.locator('#state')).toHaveValue('MA');
  await expect(page.locator('#country')).toHaveValue('USA');
  await expect(zip).toHaveValue('02139');
  await expect(page.locator('#address_line_1')).toHaveValue('77 Massachusetts Ave');
  await expect(places).toBeHidden();

  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);

  // Part of a college's name, then arrows and Enter.
  const search = page.getByRole('combobox', { name: 'Search for Your School' });
  await search.click();
  await search.pressSequentially('harvard');
  const schools = page.getByRole('listbox', { name: 'Search for Your School: suggestions' });
  await expect(schools.getByRole('option').first()).toContainText('Harvard University');
  await expect(schools.getByRole('option').first()).toContainText('Cambridge, MA');
  await expect(schools.getByRole('option').last()).toContainText('My school is not listed');
  await expectAxeClean(page);
  await page.keyboard.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');

  await expect(page.locator('#college_ceeb')).toHaveValue('3442');
  await expect(search).toHaveValue('Harvard University');
  await expect(page.locator('#college_address_line_1')).toHaveValue('Massachusetts Hall');
  await expect(page.locator('#college_city')).toHaveValue('Cambridge');
  await expect(page.locator('#college_country')).toHaveValue('USA');
  await expect(page.locator('#college_state')).toHaveValue('MA');
  await expect(page.locator('#college_zip')).toHaveValue('02138');
  // Filled, and still the applicant's to change.
  await expect(page.locator('#college_ceeb')).toBeEditable();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);

  await expect
    .poll(async () => (await storedProfile(page)).answer)
    .toMatchObject({
      address_line_1: '77 Massachusetts Ave',
      city: 'Cambridge',
      state: 'MA',
      state_desc: 'Massachusetts',
      zip: '02139',
      country: 'USA',
      country_desc: 'United States',
      college_name: 'Harvard University',
      college_ceeb: '3442',
      college_address_line_1: 'Massachusetts Hall',
      college_city: 'Cambridge',
      college_state: 'MA',
      college_state_desc: 'Massachusetts',
      college_zip: '02138',
      college_country: 'USA',
      college_country_desc: 'United States',
    });

  // A fresh load of the app (it lands on the last page), then to the page by its link.
  await page.reload();
  await expect(page).toHaveURL(/\/final-steps$/);
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page.locator('#college_name')).toHaveValue('Harvard University');
  await expect(page.locator('#college_ceeb')).toHaveValue('3442');
  await expect(page.locator('#college_state')).toHaveValue('MA');
  // A saved answer opens no list.
  await expect(page.getByRole('listbox', { name: 'Search for Your School: suggestions' })).toBeHidden();
  await page.getByRole('link', { name: 'Step 1 About You' }).click();
  await expect(page.locator('#zip')).toHaveValue('02139');
  await expect(page.locator('#city')).toHaveValue('Cambridge');
});
