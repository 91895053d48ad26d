import { codeFrom, resetLinkFrom, waitForMail } from '../support/mailbox';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

test('sign up, confirm with the e-mailed code, log in, see the account, log out', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  const code = codeFrom(await waitForMail(email, /confirmation code/));
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is confirmed. You can now log in.', { exact: true })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('button', { name: 'Account' }).click();
  const popover = page.getByRole('dialog');
  await expect(popover.getByText(email)).toBeVisible();
  await popover.getByRole('button', { name: 'Log Out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.', { exact: true })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('ap_session');
});

test('forgot password, follow the e-mailed link, reset, log in with the new password', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  // A confirmed account made through the API: the first journey already proved those screens.
  await createConfirmedAccount(request, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('If an account exists for that address, we have e-mailed you a link to reset your password.', {
      exact: true,
    }),
  ).toBeVisible();

  const link = resetLinkFrom(await waitForMail(email, /Reset your/));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const newPassword = 'Brand-New-Pass-77';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password has been reset. You can now log in with your new password.', { exact: true }),
  ).toBeVisible();
  await waitForMail(email, /password was changed/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('a wrong password shows the Login Card Error toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
  await page.getByRole('button', { name: 'Submit' }).click();
  const toast = page.getByRole('listitem', { name: 'Login Card Error' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('The email address or password is incorrect.');
});

for (const path of ['/login', '/signup', '/confirm', '/forgot', '/reset?username=a%40b.edu&id=x']) {
  test(`${path} has no axe violations, also with its errors showing`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectAxeClean(page);
  });
}
