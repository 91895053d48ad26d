import {
  answer,
  fillPage,
  layoutShifts,
  logIn,
  logOut,
  recordLayoutShifts,
  resourceStarts,
  storedProfile,
} from '../support/application';
import { codeFrom, waitForMail } from '../support/mailbox';
import { createConfirmedAccount, expect, expectAxeClean, PASSWORD, test, uniqueEmail } from '../support/fixtures';

test('a visitor answers, signs up, confirms by e-mail code, logs in, and finds the answers saved', async ({ page }) => {
  const email = uniqueEmail('visitor');
  await page.goto('/about');
  await expect(page.getByRole('region', { name: 'Welcome' })).toBeVisible();
  await answer(page, 'first_name', 'Ada');
  await answer(page, 'last_name', 'Lovelace');
  await answer(page, 'country', 'USA');
  await page.getByRole('link', { name: 'Step 2 Education' }).click();

  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await page.getByLabel('Confirmation code').fill(codeFrom(await waitForMail(email, /confirmation code/)));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('#first_name')).toHaveValue('Ada');
  await expect(page.locator('#last_name')).toHaveValue('Lovelace');
  await expect
    .poll(async () => (await storedProfile(page)).answer)
    .toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'USA',
    });
});

test('fill all three pages, log out, log back in: land where you left off with every answer in place', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('resume');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);

  await fillPage(page, '/about');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  await fillPage(page, '/education-alr');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await fillPage(page, '/final-steps');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedProfile(page)).answer.legal_agree).toBe('true');

  await logOut(page);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(page.locator('#recommender_email')).toHaveValue('grace.hopper@example.edu');
  await expect(page.locator('#legal_agree')).toBeChecked();
  await page.getByRole('link', { name: 'Step 1 About You' }).click();
  await expect(page.locator('#first_name')).toHaveValue('Ada');
  await expect(page.locator('#phone_home')).toHaveValue('(212) 555-0123');
  await expect(page.locator('#state')).toHaveValue('IL');
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page.locator('#college_degree')).toHaveValue('BS');
  await expect(page.locator('#essay')).toHaveValue(/teaching changed my life/);
});

test('a conditional block hides and its answers are cleared on the server', async ({ page, request }) => {
  const email = uniqueEmail('clear');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await answer(page, 'suspended', 'Y');
  await answer(page, 'suspended_comment', 'A misunderstanding in 2015.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await storedProfile(page)).answer.suspended_comment)
    .toBe('A misunderstanding in 2015.');

  await answer(page, 'suspended', 'N');
  await expect(page.locator('#suspended_comment')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await storedProfile(page)).answer)
    .toMatchObject({ suspended: 'N', suspended_comment: '' });
});

test('add another school up to the limit of ten', async ({ page, request }) => {
  const email = uniqueEmail('schools');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  const add = page.getByRole('button', { name: 'Add Another School' });
  for (let n = 2; n <= 10; n++) {
    await add.click();
    await expect(page.getByRole('heading', { name: `School ${n}` })).toBeVisible();
  }
  await expect(add).toHaveCount(0);
  await expect(page.locator('#college_10_name')).toBeVisible();
  const res = await page.request.get('/api/add-another');
  expect(await res.json()).toEqual({ college: 10 });
});

test('inactivity: the warning at 14 minutes, logout at 15 with the message', async ({ page, request }) => {
  const email = uniqueEmail('idle');
  await createConfirmedAccount(request, email);
  await page.clock.install();
  await logIn(page, email, PASSWORD);
  await answer(page, 'first_name', 'Unsaved');

  await page.clock.fastForward('13:50');
  await expect(page.getByRole('dialog', { name: 'Still working?' })).toHaveCount(0);
  await page.clock.fastForward('00:20');
  const dialog = page.getByRole('dialog', { name: 'Still working?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have been inactive for a little while. Would you like to stay logged in?');
  await dialog.getByRole('button', { name: 'Yes - Take me back to my application' }).click();
  await expect(dialog).toHaveCount(0);

  await page.clock.fastForward('14:10');
  await expect(page.getByRole('dialog', { name: 'Still working?' })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('You have been automatically logged out due to inactivity.');
  // What was typed but not yet saved was saved before the logout.
  await logIn(page, email, PASSWORD);
  await expect(page.locator('#first_name')).toHaveValue('Unsaved');
});

for (const path of ['/about', '/education-alr', '/final-steps']) {
  test(`${path} has no axe violations, for a visitor and for a logged-in applicant`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAxeClean(page);
    const email = uniqueEmail('axe');
    await createConfirmedAccount(request, email);
    await logIn(page, email, PASSWORD);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAxeClean(page);
  });
}

test('nothing on the page moves while a slow profile arrives after the page code', async ({ page, request }) => {
  const email = uniqueEmail('shift');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);

  await page.addInitScript(recordLayoutShifts);
  // The profile answers after the page's code has arrived, as on a slow phone network.
  await page.route('**/api/profile', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  expect(await layoutShifts(page)).toEqual([]);
});

test("a form page's code comes in three files, its own fetched together with the entry script", async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  const started = await resourceStarts(page);
  // Over HTTP/1.1 a browser asks for six files at a time: a page of two dozen chunks waited
  // for round trip after round trip (docs/decisions/028-one-chunk-a-feature.md).
  const scripts = started.filter((r) => r.path.endsWith('.js')).map((r) => r.path);
  expect(scripts).toHaveLength(3);
  expect(scripts).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/application-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/shared-[\w-]+\.js$/),
    ]),
  );
  const startOf = (file: RegExp) => started.find((r) => file.test(r.path))?.at;
  const entry = startOf(/^\/assets\/index-[\w-]+\.js$/);
  const ownCode = startOf(/^\/assets\/application-[\w-]+\.js$/);
  // Named in the page's Link header, it is asked for before the HTML even names the entry script.
  expect(ownCode!).toBeLessThanOrEqual(entry!);
});

test("a logged-in page asks for the applicant's data together with its code, and only once", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('preload');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await answer(page, 'first_name', 'Ada');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  await expect.poll(async () => (await storedProfile(page)).answer.first_name).toBe('Ada');

  // A fresh load of the page the applicant was on (it is also where the app would send them).
  await page.goto('/education-alr');
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  const started = await resourceStarts(page);
  const entry = started.find((r) => /^\/assets\/index-[\w-]+\.js$/.test(r.path))?.at;
  expect(entry).toBeDefined();
  for (const call of ['/public/tenant', '/api/profile', '/api/add-another', '/api/tabs']) {
    const asked = started.filter((r) => r.path === call);
    // Once: the app's own request took the answer that the page's Link header had the browser fetch.
    expect(asked, call).toHaveLength(1);
    expect(asked[0]!.at, call).toBeLessThanOrEqual(entry!);
  }
  // The answers drawn are those of that one answer.
  await page.getByRole('link', { name: 'Step 1 About You' }).click();
  await expect(page.locator('#first_name')).toHaveValue('Ada');
});

test('until the code has run the page already says it is loading; without scripts it says why instead', async ({
  page,
  browser,
  baseURL,
}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const loaded = page.goto('/about');
  await expect(page.getByRole('status')).toHaveText('Loading…');
  release();
  await loaded;
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);

  const noScripts = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScripts.newPage();
  await plain.goto('/about');
  // What is drawn (Playwright's text locators never look inside <noscript>).
  const drawn = await plain.evaluate(() => document.body.innerText);
  expect(drawn).toContain('This application needs JavaScript to run.');
  expect(drawn).not.toContain('Loading…');
  await noScripts.close();
});
