import type { Page } from '@playwright/test';
import { logIn, logOut } from '../support/application';
import { CAMPUS_REVIEWER, CAMPUS_SSO_LABEL, advanceCampusClock, campusNow } from '../support/campus-stack';
import { inviteThroughApi, officeTotpSecret } from '../support/campus-office';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';
import { CAMPUS_ADMIN_EMAIL, CAMPUS_OFFICE_EMAIL } from '../support/paths';
import { totpAt } from '../support/totp';
import { tabTo } from '../support/keyboard';

/**
 * Staff sign-in (issue 44) on the campus stack (STAFF_MFA=required, STAFF_AUTH=both, a local OpenID provider): a
 * reviewer through the campus account's sign-in page, an administrator setting up an authenticator app and using it,
 * a member's passkey in Chromium's virtual authenticator, and the fresh sign-in a risky action asks for. Each
 * journey also passes alone: an administrator seeds the team through the API (support/campus-office.ts).
 */

// Several sign-ins in each journey, some through another site or a browser ceremony: a loaded machine needs the room.
test.describe.configure({ timeout: 120_000 });

const office = (page: Page) => page.getByRole('navigation', { name: 'Admissions office' });
const secondStepHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /second sign-in step/i });

test('a reviewer signs in with the campus account on its own sign-in page and reaches their queue, asked for no second step', async ({
  page,
  baseURL,
}) => {
  await inviteThroughApi(baseURL!, {
    email: CAMPUS_REVIEWER.email,
    name: CAMPUS_REVIEWER.name,
    roles: ['reviewer'],
    programs: null,
  });
  // The provider's page (oidc-provider's own) asks for a web font the machine cannot reach: none is needed.
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );

  await page.goto('/login');
  const staffButton = page.getByRole('link', { name: `Staff: sign in with ${CAMPUS_SSO_LABEL}` });
  await expect(staffButton).toBeVisible();
  await expectAxeClean(page);
  await staffButton.click();

  // The campus provider's sign-in page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
  await page.getByPlaceholder('Enter any login').fill(CAMPUS_REVIEWER.login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // A provider that asks for consent: once (the test provider grants it itself).
  const consent = page.getByRole('button', { name: 'Continue' });
  if (await consent.isVisible()) await consent.click();

  await expect(page).toHaveURL(/\/staff$/);
  await expect(office(page)).toContainText(`Signed in as ${CAMPUS_REVIEWER.name} (${CAMPUS_REVIEWER.email};`);
  await expect(secondStepHeading(page)).toHaveCount(0);
  await office(page).getByRole('link', { name: 'My queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My queue' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Nothing is waiting for your review.');
  await expectAxeClean(page);
});

test('an administrator signs in with a password, sets up an authenticator app, then signs out and in again with a code by keyboard', async ({
  page,
  request,
}) => {
  await createConfirmedAccount(request, CAMPUS_ADMIN_EMAIL);
  await logIn(page, CAMPUS_ADMIN_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a second sign-in step' })).toBeVisible();
  await expect(office(page)).toHaveCount(0);
  await expectAxeClean(page);

  // The authenticator app: its key shown as text beside the QR code, proved with the code the app shows.
  await page.getByRole('button', { name: 'Authenticator app' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Authenticator app' })).toBeFocused();
  const secret = (await page.getByText('Key:').locator('code').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAxeClean(page);
  await page.getByLabel('Authenticator code').fill(await totpAt(secret, await campusNow()));
  await page.getByRole('button', { name: 'Verify' }).click();

  // The ten recovery codes, shown this once.
  await expect(page.getByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(office(page)).toContainText(`Signed in as`);
  await expect(office(page)).toContainText(CAMPUS_ADMIN_EMAIL);

  // Out, and in again: the password, then the app's next code (the one used is refused a second time).
  await logOut(page);
  const next = await advanceCampusClock(30_000);
  await logIn(page, CAMPUS_ADMIN_EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Second sign-in step' })).toBeVisible();
  await expectAxeClean(page);
  const codeField = page.getByLabel('Authenticator code');
  await tabTo(page, codeField);
  await page.keyboard.type(await totpAt(secret, next));
  await page.keyboard.press('Enter');
  await expect(office(page)).toContainText(CAMPUS_ADMIN_EMAIL);
  await expect(secondStepHeading(page)).toHaveCount(0);
});

test('a member registers a passkey in the browser as their second step, then signs in with it', async ({
  page,
  request,
  baseURL,
}) => {
  const member = uniqueEmail('passkey');
  await inviteThroughApi(baseURL!, { email: member, name: 'Ada Lovelace', roles: ['reader'], programs: null });
  await createConfirmedAccount(request, member);

  // Chromium's virtual authenticator: a platform passkey that verifies its user at once.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await logIn(page, member, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a second sign-in step' })).toBeVisible();
  await page.getByRole('button', { name: 'Passkey', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Passkey' })).toBeFocused();
  await expectAxeClean(page);
  await page.getByLabel('Name for this passkey').fill('Work laptop');
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeFocused();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(office(page)).toContainText(member);

  await logOut(page);
  await logIn(page, member, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Second sign-in step' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(office(page)).toContainText(member);
  await expect(secondStepHeading(page)).toHaveCount(0);
});

test('an administrator whose sign-in is older than the limit confirms it is them, and the invitation goes through', async ({
  page,
  baseURL,
}) => {
  // Signed up and set up through the API on first use; here in the browser with the password and a code.
  await inviteThroughApi(baseURL!, {
    email: uniqueEmail('seed'),
    name: 'Seed Member',
    roles: ['reader'],
    programs: null,
  });
  const secret = await officeTotpSecret();
  await logIn(page, CAMPUS_OFFICE_EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Second sign-in step' })).toBeVisible();
  await page.getByLabel('Authenticator code').fill(await totpAt(secret, await advanceCampusClock(30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await office(page).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  // Sixteen minutes on (STAFF_REAUTH_MINUTES is 15; the session stays alive: STAFF_IDLE_MINUTES is 30).
  await advanceCampusClock(16 * 60_000);
  const invitee = uniqueEmail('fresh');
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await page.getByRole('button', { name: 'Send invitation' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expectAxeClean(page);
  await page.keyboard.type(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  // The refused call is made again by itself: no second click on "Send invitation".
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `An invitation was sent to Grace Hopper (${invitee}).` }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(invitee.replace(/\./g, '\\.')) })).toContainText('Invited');
});
