import { completeAnswers } from '@admissions/domain/testing';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { logIn, logOut } from '../support/application';
import { userIdOf } from '../support/decision-journeys';
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
import { waitForMail } from '../support/mailbox';
import { STAFF_EMAIL } from '../support/paths';
import { advanceServerClock } from '../support/server-clock';

/**
 * Fees (issue 43), in Chromium against the e2e stack's payment provider stand-in (its hosted page takes the
 * "card", then it sends the signed webhook): an applicant pays and sees "paid", the office sees it in the list
 * and on /staff/payments; an applicant asks for a fee waiver and the office approves it; axe on each fee state.
 */

/** An applicant with everything answered, submitted unless asked not to; their e-mail. */
async function applicant(baseURL: string, lastName: string, submit = true): Promise<string> {
  const email = uniqueEmail('fee');
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  const headers = sameOrigin();
  expect((await api.post('/public/login', { data: { username: email, password: PASSWORD }, headers })).status()).toBe(
    200,
  );
  const answers = { ...completeAnswers(), first_name: 'Fee', last_name: lastName };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  if (submit) expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
  return email;
}

const fees = (page: Page) => page.getByRole('region', { name: 'Fees and payments' });

test('an applicant pays the fee on the provider’s page and sees it paid; the office sees it too', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lastName = `Payer${Date.now() % 100000}`;
  const email = await applicant(baseURL!, lastName);
  await logIn(page, email, PASSWORD);
  await page.goto('/completion');
  const section = fees(page);
  await expect(
    section.getByRole('listitem').filter({ hasText: /Application fee.*\$75\.00.*due by .*Central/ }),
  ).toBeVisible();
  await expectAxeClean(page);

  await section.getByRole('button', { name: 'Pay $75.00' }).click();
  // The provider's hosted page (the stand-in, another origin): no card field of the product's anywhere.
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  expect(new URL(page.url()).port).not.toBe(new URL(baseURL!).port);
  await page.getByRole('button', { name: 'Pay $75.00' }).click();

  await expect(page).toHaveURL(/\/completion/);
  await expect(page.getByText(/Thank you: your payment was received/)).toBeVisible();
  await expect(
    fees(page)
      .getByRole('listitem')
      .filter({ hasText: /Application fee.*paid on .*Central/ }),
  ).toBeVisible();
  await expectAxeClean(page);
  const receipt = await waitForMail(email, /^Receipt/);
  expect(receipt.text).toContain('$75.00');
  await logOut(page);

  await ensureStaffAccount(request, STAFF_EMAIL);
  await logIn(page, STAFF_EMAIL, PASSWORD);
  await page.goto(`/staff?q=${encodeURIComponent(lastName.toLowerCase())}&fee=paid`);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toBeVisible();
  await expect(row.getByText(/Paid/)).toBeVisible();
  await page.goto('/staff/payments');
  await expect(page.getByRole('heading', { level: 1, name: /Payments/ })).toBeVisible();
  const payment = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(payment).toContainText('$75.00');
  await expect(payment).toContainText(/pi_test_/);
  await expectAxeClean(page);
});

test('an applicant asks for a fee waiver before submitting, and the office approves it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lastName = `Waiver${Date.now() % 100000}`;
  const email = await applicant(baseURL!, lastName, false);
  await logIn(page, email, PASSWORD);
  // A fresh load lands on the last page the applicant saw (SPEC); the steps' navigation goes on from there.
  await page
    .getByRole('link', { name: /Final Steps/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/final-steps$/);
  const fee = page.getByRole('region', { name: /Application fee/ });
  await expect(fee).toContainText('$75.00');
  await expectAxeClean(page);
  // By keyboard: the toggle, a reason, the statement, send.
  await fee.getByRole('button', { name: 'Ask for a fee waiver' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Ask for a fee waiver' });
  await form.getByRole('radio', { name: 'McNair Scholar' }).check();
  await form.getByLabel('Tell the admissions office about your situation').fill('I am a McNair Scholar (2025 cohort).');
  await expectAxeClean(page);
  await form.getByRole('button', { name: 'Send the waiver request' }).click();
  await expect(fee.getByText(/You asked for a fee waiver \(McNair Scholar\)/)).toBeVisible();
  await expectAxeClean(page);
  const headers = sameOrigin();
  expect((await page.request.post('/api/submit', { headers })).status()).toBe(200);
  await page.goto('/completion');
  await expect(fees(page).getByText(/being considered/)).toBeVisible();
  await expect(fees(page).getByRole('button', { name: /Pay/ })).toHaveCount(0);
  await expectAxeClean(page);
  await logOut(page);

  await ensureStaffAccount(request, STAFF_EMAIL);
  await logIn(page, STAFF_EMAIL, PASSWORD);
  const office = await playwrightRequest.newContext({ baseURL });
  await office.post('/public/login', { data: { username: STAFF_EMAIL, password: PASSWORD }, headers });
  const id = await userIdOf(office, lastName);
  await office.dispose();
  await page.goto(`/staff/applications/${id}`);
  const panel = page.getByRole('region', { name: 'Fees and payments' });
  await expect(panel.getByText('McNair Scholar', { exact: true })).toBeVisible();
  await panel.getByLabel('Note to the applicant (optional)').fill('Welcome, McNair Scholar.');
  await panel.getByRole('button', { name: 'Approve the waiver' }).click();
  await expect(panel.getByText(/approved/i).first()).toBeVisible();
  await expectAxeClean(page);
  await logOut(page);

  const mail = await waitForMail(email, /waived/);
  expect(mail.text).toContain('Welcome, McNair Scholar.');
  await logIn(page, email, PASSWORD);
  await page.goto('/completion');
  await expect(
    fees(page)
      .getByText(/waived/i)
      .first(),
  ).toBeVisible();
  await expectAxeClean(page);
});

test('an unpaid fee shows overdue after the grace period, axe-clean', async ({ page, baseURL }) => {
  const email = await applicant(baseURL!, `Late${Date.now() % 100000}`);
  await advanceServerClock(73 * 3_600_000);
  await logIn(page, email, PASSWORD);
  await page.goto('/completion');
  await expect(
    fees(page)
      .getByText(/overdue/i)
      .first(),
  ).toBeVisible();
  await expect(fees(page).getByRole('button', { name: 'Pay $75.00' })).toBeVisible();
  await expectAxeClean(page);
});
