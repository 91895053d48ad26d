import { request as playwrightRequest, type Page } from '@playwright/test';
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
import { makeDocx } from '../support/docx';
import { waitForMail } from '../support/mailbox';
import { STAFF_EMAIL } from '../support/paths';

/** Steps 1 and 2 answered, and Final Steps up to the recommender: a MAE applicant (a program that asks for letters). */
function answersAskingForLetters(lastName: string, recommenderEmail: string): Record<string, string> {
  return {
    first_name: 'Katherine',
    last_name: lastName,
    birth_date: '1990-05-17',
    phone_home: '(212) 555-0123',
    country: 'USA',
    country_desc: 'United States of America',
    address_line_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    mailing_addr_same_as_perm_addr: 'Y',
    citizenship: 'USA',
    entry_term: '2027FA',
    applied_major: 'MAE',
    entry_status: 'FT',
    recommender_first_name: 'Dorothy',
    recommender_last_name: 'Vaughan',
    recommender_email: recommenderEmail,
    counselor_waiver_request: 'Y',
  };
}

test('an applicant requests a letter; the recommender opens the e-mailed link without an account and uploads a Word letter; the applicant sees Received and the office reads it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const applicant = uniqueEmail('letters');
  const lastName = `Johnson${Date.now().toString(36)}`;
  const recommender = uniqueEmail('recommender');
  await createConfirmedAccount(request, applicant);
  await logIn(page, applicant, PASSWORD);
  const saved = await page.request.put('/api/answer', {
    data: answersAskingForLetters(lastName, recommender),
    headers: sameOrigin(),
  });
  expect(saved.status()).toBe(200);

  // Final Steps: the request, sent from the recommender's section.
  await page.reload();
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Final Steps' })).toBeVisible();
  const first = page.getByRole('region', { name: 'Recommender', exact: true });
  await expect(first.getByText('Status: Not requested yet.')).toBeVisible();
  await first.getByRole('button', { name: 'Send request to your recommender' }).click();
  await expect(page.getByText('Request sent', { exact: true })).toBeVisible();
  await expect(first.getByText(/^Status: Requested on .* from Dorothy Vaughan/)).toBeVisible();
  await expectAxeClean(page);

  // The recommender: another browser, no account, the link from the e-mail.
  const mail = await waitForMail(recommender, /asks you for a letter of recommendation/);
  const link = /(https?:\/\/\S+\/recommend\?token=\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  const theirs = await browser.newContext();
  const letterPage = await theirs.newPage();
  await letterPage.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(letterPage.getByRole('heading', { level: 1, name: 'Letter of Recommendation' })).toBeVisible();
  await expect(letterPage.getByText(`Katherine ${lastName} has waived the right to read your letter.`)).toBeVisible();
  // The token leaves the address bar, so it is not shared by a copied URL or kept in the history.
  await expect(letterPage).toHaveURL(/\/recommend$/);
  await expectAxeClean(letterPage);

  await letterPage.getByLabel('Letter file').setInputFiles({
    name: 'Letter for Katherine.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: makeDocx(['To the admissions committee:', 'Katherine is the finest mathematician I have taught.']),
  });
  await letterPage.getByRole('button', { name: 'Upload letter' }).click();
  const thanks = letterPage.getByRole('heading', { level: 1, name: 'Thank you. We have received your letter.' });
  await expect(thanks).toBeVisible({ timeout: 60_000 });
  await expect(thanks).toBeFocused();
  await expectAxeClean(letterPage);
  await waitForMail(recommender, new RegExp(`We received your letter for Katherine ${lastName}`));
  await theirs.close();

  // The applicant sees Received, never the letter.
  await page.reload();
  await expect(first.getByText(/^Status: Received on .* from Dorothy Vaughan/)).toBeVisible();
  await expect(page.getByText('finest mathematician')).toHaveCount(0);

  // The office: the letter, its status and the waiver on the application's page.
  await ensureStaffAccount(request, STAFF_EMAIL);
  const office = await browser.newContext();
  const staffPage = await office.newPage();
  await logIn(staffPage, STAFF_EMAIL, PASSWORD);
  await staffPage.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await staffPage.getByRole('link', { name: `${lastName}, Katherine` }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: `Katherine ${lastName}` })).toBeVisible();
  const letters = staffPage.getByRole('region', { name: 'Letters of recommendation' });
  await expect(letters.getByText('Waived the right to read letters: Yes')).toBeVisible();
  const letter = letters.getByRole('article', { name: 'First recommender: Dorothy Vaughan' });
  await expect(letter.getByRole('definition').getByText('Received', { exact: true })).toBeVisible();
  const pdfLink = letter.getByRole('link', { name: 'Open the letter (Letter for Katherine.docx) as PDF' });
  const pdf = await staffPage.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectAxeClean(staffPage);
  await office.close();
});

/** Moves focus with Tab only until the element with this accessible name has it. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    const here = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
      return (label || el?.getAttribute('aria-label') || el?.textContent || '').trim();
    });
    if (here === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

test('a recommender declines with the keyboard alone, and the applicant sees the reason', async ({ page, baseURL }) => {
  const applicant = uniqueEmail('declined');
  const recommender = uniqueEmail('too-busy');
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, applicant);
  const headers = sameOrigin();
  await api.post('/public/login', { data: { username: applicant, password: PASSWORD }, headers });
  expect((await api.put('/api/answer', { data: answersAskingForLetters('Ride', recommender), headers })).status()).toBe(
    200,
  );
  expect((await api.post('/api/recommendations/recommender_/request', { data: {}, headers })).status()).toBe(200);

  const mail = await waitForMail(recommender, /asks you for a letter of recommendation/);
  const link = new URL(/(https?:\/\/\S+\/recommend\?token=\S+)/.exec(mail.text)![1]!);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Letter of Recommendation' })).toBeVisible();

  // An empty reason is refused at the box, which takes focus so the message is read.
  await tabTo(page, 'Why are you declining?');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Decline the request' })).toBeFocused();
  await page.keyboard.press('Enter');
  const reason = page.getByLabel('Why are you declining?');
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please tell the applicant briefly why you are declining.')).toBeVisible();
  await expectAxeClean(page);

  await page.keyboard.type('I am on sabbatical until next year.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const done = page.getByRole('heading', {
    level: 1,
    name: 'Thank you for letting us know. We will tell the applicant.',
  });
  await expect(done).toBeFocused();
  await expectAxeClean(page);

  const status = await (await api.get('/api/recommendations')).json();
  expect(status.recommenders[0]).toMatchObject({
    status: 'DECLINED',
    decline_reason: 'I am on sabbatical until next year.',
  });
  await api.dispose();
});
