import { answer, logIn, storedProfile } from '../support/application';
import {
  createConfirmedAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';

test('a school block is removed after confirming: the later schools move up, and nothing of the removed one is left', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('remove');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);

  await answer(page, 'college_name', 'First University');
  for (const [n, name] of [
    [2, 'Accidental College'],
    [3, 'Third Institute'],
  ] as const) {
    await page.getByRole('button', { name: 'Add Another School' }).click();
    await expect(page.getByRole('heading', { name: `School ${n}` })).toBeFocused();
    await answer(page, `college_${n}_name`, name);
    await answer(page, `college_${n}_city`, `City ${n}`);
  }

  await page.getByRole('button', { name: 'Remove School 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove School 2?' });
  await expect(dialog).toContainText(
    'Everything you entered for School 2 will be deleted. The schools after it move up one place.',
  );
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Remove School 2' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'School 3' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'School 2' })).toBeFocused();
  await expect(page.locator('#college_2_name')).toHaveValue('Third Institute');
  await expect(page.locator('#college_2_city')).toHaveValue('City 3');
  const stored = (await storedProfile(page)).answer;
  expect(stored).toMatchObject({
    college_name: 'First University',
    college_2_name: 'Third Institute',
    college_3_name: '',
    college_3_city: '',
  });
  expect((await (await page.request.get('/api/add-another')).json()) as unknown).toEqual({ college: 2 });
  await expectAxeClean(page);
});

test('answers typed before logging in never overwrite saved ones silently: the applicant sees both and chooses', async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail('carry');
  await createConfirmedAccount(request, email);
  // The account already holds answers, saved from another device.
  const other = await browser.newContext({ baseURL: String(test.info().project.use.baseURL) });
  const elsewhere = await other.newPage();
  await logIn(elsewhere, email, PASSWORD);
  const saved = await elsewhere.request.put('/api/answer', {
    data: { first_name: 'Dan', last_name: 'Brown' },
    headers: sameOrigin(),
  });
  expect(saved.status()).toBe(200);
  await other.close();

  // As a visitor on this device: a different first name and a new city.
  await page.goto('/about');
  await answer(page, 'first_name', 'Oops');
  await answer(page, 'city', 'Leeds');
  await page.getByRole('region', { name: 'Welcome' }).getByRole('link', { name: 'Log in to continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Which answers should we keep?' });
  await expect(dialog).toBeVisible();
  const first = dialog.getByRole('group', { name: 'First name' });
  await expect(first.getByRole('radio', { name: 'Saved in your application: Dan' })).toBeChecked();
  await expectAxeClean(page);
  // Nothing overwritten while the applicant decides; the new city is in.
  expect((await storedProfile(page)).answer).toMatchObject({ first_name: 'Dan', last_name: 'Brown', city: 'Leeds' });

  await first.getByRole('radio', { name: 'Entered before you logged in: Oops' }).check();
  await dialog.getByRole('button', { name: 'Keep these answers' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('#first_name')).toHaveValue('Oops');
  await expect.poll(async () => (await storedProfile(page)).answer.first_name).toBe('Oops');
});

test('an error toast stays on its screen: it ends on the next screen, and never covers the account menu', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  const toast = page.getByRole('listitem', { name: 'Login Card Error' });
  await expect(toast).toBeVisible();
  // A second failure does not stack a second toast.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Login Card Error' })).toHaveCount(1);
  await expectAxeClean(page);

  // The account menu opens above any toast.
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('dialog', { name: 'Account' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) =>
      document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')?.getAttribute('aria-label') ??
      document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')?.id ??
      null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).not.toBeNull();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('listitem', { name: 'Login Card Error' })).toHaveCount(0);
});

test('the root error screen keeps the site around it, reports the error with a reference, and leads back', async ({
  page,
  request,
  consoleErrors,
}) => {
  const email = uniqueEmail('crash');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  // The next profile load fails on the server: the page cannot render.
  await page.route('**/api/profile', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Boom"}' }),
  );
  const reported = page.waitForResponse((res) => res.url().endsWith('/public/client-error'));
  await page.goto('/about');

  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeVisible();
  expect((await reported).status()).toBe(202);
  await expect(page.getByText(/^Reference: [0-9a-f-]{36}$/)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
  await expectAxeClean(page);

  await page.unroute('**/api/profile');
  await page.getByRole('link', { name: 'Back to my application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  // What this journey broke on purpose, and nothing else, reached the console.
  expect(consoleErrors.every((e) => /status of 500|The page failed to render|Boom/.test(e))).toBe(true);
  consoleErrors.length = 0;
});

test("a partial or impossible date of birth shows 'A valid date of birth is required.' and is not stored", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('dob');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await answer(page, 'birth_date', '1990-05-17');
  // Submitting the incomplete application turns the field messages on.
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  const dob = page.locator('#birth_date');

  // Day and month only: the year is gone.
  await dob.click();
  await page.keyboard.press('Control+A');
  await dob.press('Backspace');
  await dob.focus();
  await page.keyboard.type('0230');
  await page.getByRole('heading', { level: 1, name: 'About You' }).click();
  await expect(page.getByText('A valid date of birth is required.').first()).toBeVisible();
  // Not the required message: the summary links the date by SPEC's invalid-date message.
  await expect(
    page
      .getByRole('region', { name: "We're missing some information!" })
      .getByRole('link', { name: 'A valid date of birth is required.' }),
  ).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedProfile(page)).answer.birth_date).toBe('');
});

test("'02/30/2001' typed into an empty date of birth says 'A valid date of birth is required.' at once, and again after a reload", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('dob.reload');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  // Submitting the incomplete application turns the field messages on.
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
  const dob = page.locator('#birth_date');
  const message = page.locator('#birth_date-error');
  await expect(message).toHaveText('Date of Birth');

  await dob.click();
  await page.keyboard.type('02302001');
  // Chromium drops the impossible month and day; Tab from the year reaches the calendar button, still inside.
  await page.keyboard.press('Tab');
  await expect(message).toHaveText('A valid date of birth is required.');
  await page.keyboard.press('Tab');
  await expect(page.locator('#phone_home')).toBeFocused();
  await expect(message).toHaveText('A valid date of birth is required.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Saved' })).toBeVisible();
  expect((await storedProfile(page)).answer.birth_date).toBe('');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  await expect(dob).toHaveValue('');
  await expect(message).toHaveText('A valid date of birth is required.');
  await expect(
    page
      .getByRole('region', { name: "We're missing some information!" })
      .getByRole('link', { name: 'A valid date of birth is required.' }),
  ).toBeVisible();
  await expectAxeClean(page);

  // A real date ends it.
  await dob.fill('1990-05-17');
  await expect(message).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => (await storedProfile(page)).answer.birth_date).toBe('1990-05-17');
});

test('smaller things: a logged-in applicant is taken from /login and /signup to the application; the action buttons form one even row', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('small');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/about$/);
  }
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeVisible();
  const boxes = await Promise.all(
    ['Back', 'Save', 'Save and Continue'].map(
      async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!,
    ),
  );
  expect(new Set(boxes.map((b) => Math.round(b.height)))).toEqual(new Set([48]));
  expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);

  // A visitor's 'Save and finish later' sits in the same row.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/education-alr');
  await expect(page.getByRole('button', { name: 'Save and finish later' })).toBeVisible();
  const visitor = await Promise.all(
    ['Back', 'Save', 'Next', 'Save and finish later'].map(
      async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!,
    ),
  );
  expect(new Set(visitor.map((b) => Math.round(b.y + b.height / 2))).size).toBe(1);
});
