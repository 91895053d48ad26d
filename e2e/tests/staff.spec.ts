import { readFile } from 'node:fs/promises';
import { completeAnswers as domainCompleteAnswers } from '@admissions/domain/testing';
import { request as playwrightRequest } from '@playwright/test';
import { logIn } from '../support/application';
import {
  createConfirmedAccount,
  ensureStaffAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { STAFF_EMAIL } from '../support/paths';
import { pdfText } from '../../test/pdf-text';

/** The domain's complete application, under the given name, from a school whose CEEB code the office sees. */
function completeAnswers(firstName: string, lastName: string): Record<string, string> {
  return {
    ...domainCompleteAnswers(),
    first_name: firstName,
    last_name: lastName,
    preferred_name: 'Hedy',
    college_name: 'Harvard University',
    college_ceeb: '3434',
    college_city: 'Cambridge',
    college_state: 'MA',
    college_zip: '02138',
  };
}

/** An applicant who filled in and submitted everything, through the API in a context of their own. */
async function submittedApplicant(baseURL: string, email: string, lastName: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  const headers = sameOrigin();
  expect((await api.post('/public/login', { data: { username: email, password: PASSWORD }, headers })).status()).toBe(
    200,
  );
  expect((await api.put('/api/answer', { data: completeAnswers('Hedwig', lastName), headers })).status()).toBe(200);
  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
}

test('staff find a submitted applicant by name, open the print view and download the packet', async ({
  page,
  request,
  baseURL,
}) => {
  const lastName = `Kiesler${Date.now().toString(36)}`;
  await submittedApplicant(baseURL!, uniqueEmail('applied'), lastName);
  await ensureStaffAccount(request, STAFF_EMAIL);

  // The same login screen as applicants; staff land on the console, not on a form.
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expectAxeClean(page);

  await page.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await page.getByLabel('Status').selectOption('submitted');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText(/^1 application ·/);
  const row = page.getByRole('row').filter({ hasText: lastName });
  await expect(row).toContainText('MA in Education');
  await expect(row).toContainText('Fall 2027');
  await expect(row).toContainText('Submitted');
  await row.getByRole('link', { name: `${lastName}, Hedwig` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Hedwig ${lastName}` })).toBeVisible();
  await expect(page.getByText('Hedy')).toBeVisible();
  await expectAxeClean(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download packet' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`packet-${lastName.toLowerCase()}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const [printView] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open print view' }).click(),
  ]);
  await expect(printView).toHaveURL(/\/about\?service_token=/);
  await expect(printView.getByRole('heading', { level: 1, name: `Application of Hedwig ${lastName}` })).toBeVisible();
  for (const step of ['Step 1: About You', 'Step 2: Education', 'Step 3: Final Steps']) {
    await expect(printView.getByRole('heading', { level: 2, name: step })).toBeVisible();
  }
  await expect(printView.getByText('Harvard University (3434)')).toBeVisible();
  await expect(printView.getByText('[X]').first()).toBeVisible();
  await expect(printView.getByText('[ ]').first()).toBeVisible();
  // Read-only: no inputs, no buttons, no navigation of the steps, no account menu, no footer.
  await expect(printView.locator('input, select, textarea, button')).toHaveCount(0);
  await expect(printView.getByRole('navigation')).toHaveCount(0);
  await expect(printView.getByRole('contentinfo')).toHaveCount(0);
  await expect(printView).not.toHaveURL(/completion/);
  await expectAxeClean(printView);
  const printUrl = printView.url();

  // A headless print on Letter and on A4 keeps every answer the PDF copy (the packet's first part) shows.
  const copyText = await pdfText(pdf);
  const answers = [
    `Hedwig ${lastName}`,
    'Springfield',
    'Harvard University (3434)',
    'MA in Education',
    'Fall 2027',
    'grace.hopper@example.edu',
  ];
  answers.push('I want to study education because it changes lives.');
  for (const value of answers) expect(copyText).toContain(value);
  await printView.emulateMedia({ media: 'print' });
  for (const format of ['Letter', 'A4'] as const) {
    const printedText = await pdfText(await printView.pdf({ format }));
    for (const value of answers) expect(printedText, `${format} print`).toContain(value);
    expect(printedText).toContain('[X]');
    // Nothing wider than the paper: the printed layout never scrolls sideways.
    const overflow = await printView.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // Withdrawn from the console, the link stops working at once.
  await page.getByRole('button', { name: 'Withdraw the print link' }).click();
  await expect(page.getByText('The print link no longer works.')).toBeVisible();
  await printView.emulateMedia({ media: 'screen' });
  await printView.goto(printUrl);
  await expect(printView.getByRole('alert')).toContainText('This print link is invalid, has expired or was withdrawn.');
});

test('on a phone the console lists each application as a card, the filters stacked, nothing scrolling sideways', async ({
  page,
  request,
  baseURL,
}) => {
  const lastName = `Lamarr${Date.now().toString(36)}`;
  await submittedApplicant(baseURL!, uniqueEmail('phone'), lastName);
  await ensureStaffAccount(request, STAFF_EMAIL);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(/^[\d,]+\+? applications?/);

  /** Nothing wider than the screen. */
  const expectNoSidewaysScroll = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSidewaysScroll();

  // The filters one under another, each whole within the screen.
  const filters = [
    page.getByLabel('Name or e-mail'),
    page.getByLabel('Status'),
    page.getByLabel('Program'),
    page.getByLabel('Entry term'),
    page.getByRole('button', { name: 'Search' }),
  ];
  let above = 0;
  for (const filter of filters) {
    const box = (await filter.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeGreaterThanOrEqual(above);
    above = box.y + box.height;
  }

  // By keyboard alone: search, then open the application from its card.
  await page.getByLabel('Name or e-mail').focus();
  await page.keyboard.type(lastName.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(/^1 application ·/);
  await expectNoSidewaysScroll();
  await expectAxeClean(page);

  // One card: its facts one under another, each named, within the screen.
  const card = page.getByRole('row').filter({ hasText: lastName });
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x).toBeGreaterThanOrEqual(0);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
  const cells = card.getByRole('cell');
  const program = (await cells.filter({ hasText: 'MA in Education' }).boundingBox())!;
  const term = (await cells.filter({ hasText: 'Fall 2027' }).boundingBox())!;
  expect(term.y).toBeGreaterThanOrEqual(program.y + program.height);
  // Each fact under its column title, drawn beside it.
  expect(
    await cells.filter({ hasText: 'Fall 2027' }).evaluate((cell) => getComputedStyle(cell, '::before').content),
  ).toBe('"Entry term"');
  // The header row is a line of sort buttons.
  await expect(page.getByRole('button', { name: /^Name/ })).toBeVisible();

  const link = card.getByRole('link', { name: `${lastName}, Hedwig` });
  for (let i = 0; i < 30 && !(await link.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Hedwig ${lastName}` })).toBeVisible();
  await expectNoSidewaysScroll();
});

test('an applicant who opens /staff sees no application but their own', async ({ page, request }) => {
  const email = uniqueEmail('curious');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.goto('/staff');
  await expect(page.getByText('This page is for the admissions office only.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Go to your application' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
});

test('a dead print link says so, even in a browser where an applicant is logged in', async ({ page, request }) => {
  const email = uniqueEmail('holder');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.goto('/?service_token=made-up');
  await expect(page.getByRole('alert')).toContainText('This print link is invalid, has expired or was withdrawn.');
  await expect(page).not.toHaveURL(/login/);
  await expect(page.locator('input, select, textarea')).toHaveCount(0);
  await expectAxeClean(page);
});
