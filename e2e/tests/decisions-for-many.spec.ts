import { request as playwrightRequest } from '@playwright/test';
import { logIn } from '../support/application';
import { ensureStaffAccount, expect, expectAxeClean, PASSWORD, test } from '../support/fixtures';
import { localInChicago, submittedApplicant } from '../support/decision-journeys';
import { tabTo } from '../support/keyboard';
import { STAFF_EMAIL } from '../support/paths';
import { serverNow } from '../support/server-clock';

// Issue 41: a decider decides for many at once, by keyboard, from the list.

test('a decider selects five applications, records "admit" for them, schedules the release, cancels it, releases now after the confirmation, and reads the history, by keyboard', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const family = `Many${Date.now().toString(36)}`;
  const firsts = ['Ada', 'Grace', 'Emmy', 'Lise', 'Marie'];
  for (const first of firsts) await submittedApplicant(baseURL!, first, family, 'many');
  const office = await playwrightRequest.newContext({ baseURL });
  await ensureStaffAccount(office, STAFF_EMAIL);
  await office.dispose();
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await page.goto('/staff');

  const search = page.getByLabel('Name or e-mail');
  await tabTo(page, search);
  await page.keyboard.type(family.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: family })).toHaveCount(5);

  const selectAll = page.getByRole('checkbox', { name: 'Select all on this page' });
  const said = page.getByRole('status').filter({ hasText: /decision|application/ });
  const selectFive = async () => {
    await tabTo(page, selectAll);
    await page.keyboard.press('Space');
    await expect(page.getByRole('group', { name: 'With the selected applications' })).toContainText(
      '5 applications selected',
    );
  };

  // One decision for the five.
  await selectFive();
  await tabTo(page, page.getByRole('button', { name: 'Record decision…' }));
  await page.keyboard.press('Enter');
  const record = page.getByRole('dialog', { name: 'Record a decision' });
  await expect(record).toBeVisible();
  await tabTo(page, record.getByLabel('Decision'));
  await page.keyboard.type('Admitted');
  await expect(record.getByLabel('Decision')).toHaveValue('admit');
  await expectAxeClean(page);
  await tabTo(page, record.getByRole('button', { name: 'Record for 5 applications' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('5 decisions are recorded. They stay provisional until they are released.'),
  ).toBeVisible();
  // Done: focus is where the next selection starts.
  await expect(selectAll).toBeFocused();

  // Their release tomorrow at 9:00 in the institution's zone, picked, never typed with an offset.
  await selectFive();
  await tabTo(page, page.getByRole('button', { name: 'Release…' }));
  await page.keyboard.press('Enter');
  let release = page.getByRole('dialog', { name: 'Release the decisions' });
  await expect(release).toContainText(`Ada ${family}`);
  await tabTo(page, release.getByLabel('Now'));
  await page.keyboard.press('ArrowDown');
  await expect(release.getByLabel('At a date and time')).toBeChecked();
  const tomorrow = new Date((await serverNow()).getTime() + 24 * 3_600_000);
  const at = release.getByLabel(/^Release at \(date and time, Central Time\)/);
  await tabTo(page, at);
  await at.fill(`${localInChicago(tomorrow).slice(0, 10)}T09:00`);
  await expectAxeClean(page);
  await tabTo(page, release.getByRole('button', { name: 'Schedule the release' }), 12);
  await page.keyboard.press('Enter');
  await expect(page.getByText('5 decisions are scheduled for release.')).toBeVisible();

  // Taken back: the five stay provisional.
  await selectFive();
  await tabTo(page, page.getByRole('button', { name: 'Cancel scheduled release' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('5 applications were taken out of a scheduled release. Their decisions stay provisional.'),
  ).toBeVisible();

  // Released now, after the confirmation that names who will be told.
  await selectFive();
  await tabTo(page, page.getByRole('button', { name: 'Release…' }));
  await page.keyboard.press('Enter');
  release = page.getByRole('dialog', { name: 'Release the decisions' });
  for (const first of firsts) await expect(release).toContainText(`${first} ${family}`);
  await expect(release).toContainText('A released decision cannot be taken back.');
  await tabTo(page, release.getByRole('button', { name: 'Release now to 5 applications' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('5 decisions were released.')).toBeVisible();
  await expect(said.first()).toBeVisible();

  // The history on one application: who recorded and released it, and when.
  await page.goto('/staff');
  await page.getByLabel('Name or e-mail').fill(family.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: `${family}, Ada` });
  await expect(row).toContainText('Admitted (released)');
  await row.getByRole('link', { name: `${family}, Ada` }).click();
  const panel = page.getByRole('region', { name: 'Decision', exact: true });
  await expect(panel.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(panel).toContainText(`Admitted (released): recorded by ${STAFF_EMAIL}`);
  await expect(panel).toContainText(`released by ${STAFF_EMAIL}`);
  await expectAxeClean(page);
});
