import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { answer, logIn, storedProfile } from '../support/application';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';
import { tabTo } from '../support/keyboard';

test('download my data from the account popover, then delete the account by keyboard', async ({ page, request }) => {
  // Four axe runs and a ZIP with a drawn PDF copy, on a shared machine.
  test.setTimeout(180_000);
  const email = uniqueEmail('mydata');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);
  await answer(page, 'first_name', 'Dana');
  await page.locator('[id="first_name"]').blur();
  // The save is stored before the data is asked for.
  await expect.poll(async () => (await storedProfile(page)).answer.first_name).toBe('Dana');

  const account = page.getByRole('button', { name: 'Account' });
  // The Account button is in the header, above the form.
  await tabTo(page, account, 40, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Account' });
  await expect(menu).toBeVisible();
  // Opening the menu moves focus into it, to its Close button: the Tabs that follow start there.
  await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectAxeClean(page);

  const link = menu.getByRole('link', { name: 'Download My Data' });
  await tabTo(page, link);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(entries)).toEqual([
    'README.txt',
    'answers.json',
    'answer-history.json',
    'application-copy.pdf',
    'mail-log.json',
  ]);
  const answers = JSON.parse(new TextDecoder().decode(entries['answers.json']));
  expect(answers.account.email).toBe(email);
  expect(answers.application.answers.first_name).toBe('Dana');

  // Deleting the account, by keyboard alone, through the confirmation dialog.
  if (!(await menu.isVisible())) {
    await account.focus();
    await page.keyboard.press('Enter');
  }
  await tabTo(page, menu.getByRole('button', { name: 'Delete Account' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete Your Account' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Type your e-mail address to confirm' });
  await tabTo(page, field);
  await expectAxeClean(page);

  // A wrong address is refused in the dialog, and stays accessible with its message.
  await page.keyboard.type('someone-else@example.edu');
  await page.keyboard.press('Enter');
  await expect(
    dialog.getByText('Type the e-mail address of this account exactly as you log in with it.'),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);

  await field.selectText();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your account, your application and its documents have been deleted.', { exact: true }),
  ).toBeVisible();
  await expectAxeClean(page);
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('ap_session');

  // The account is gone: its password no longer logs in.
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Login Card Error' })).toContainText(
    'The email address or password is incorrect.',
  );
});
