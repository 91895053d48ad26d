import { completeAnswers } from '@admissions/domain/testing';
import type { Page } from '@playwright/test';
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
import { waitForMail } from '../support/mailbox';
import { feePaidByCheck } from '../support/fees';
import { STAFF_EMAIL } from '../support/paths';

const LETTER =
  'I have taught Katherine for two years. She is the most careful analyst I have met, and I recommend her warmly.';
const CONVERSION_TIMEOUT = 60_000;

/** A small PNG drawn by the page itself (the upload's conversion makes it a PDF). */
async function png(page: Page, colour: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = fill;
      ctx.fillRect(0, 0, 40, 20);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return Array.from(new Uint8Array(await (blob ?? new Blob()).arrayBuffer()));
  }, colour);
  return Buffer.from(bytes);
}

/** Logs the applicant in with every answer of a complete MAE application saved, the recommender at `recommender`. */
async function applicantReady(
  page: Page,
  request: Parameters<typeof createConfirmedAccount>[0],
  lastName: string,
  recommender: string,
) {
  const email = uniqueEmail('status');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  const saved = await page.request.put('/api/answer', {
    data: { ...completeAnswers(), first_name: 'Katherine', last_name: lastName, recommender_email: recommender },
    headers: sameOrigin(),
  });
  expect(saved.status()).toBe(200);
  return email;
}

test('submitted with a letter outstanding: the checklist says awaiting recommender, then received once the letter is written', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const lastName = `Goble${Date.now().toString(36)}`;
  const recommender = uniqueEmail('writer');
  await applicantReady(page, request, lastName, recommender);

  // Before submission: "Your checklist" on Final Steps, with the letter not yet requested.
  await page.reload();
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Final Steps' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your checklist' });
  await expect(mine.getByText('Letter of recommendation (first recommender)', { exact: true })).toBeVisible();
  await expect(mine.getByRole('checkbox', { name: /reminder of missing items/ })).toBeChecked();
  await expectAxeClean(page);

  expect((await page.request.post('/api/submit', { headers: sameOrigin() })).status()).toBe(200);
  // The fee paid by check (issue 43): only the letter is awaited.
  await feePaidByCheck(baseURL!, lastName);
  await page.goto('/completion');
  const status = page.getByRole('region', { name: 'Your application status' });
  const letter = status.getByRole('listitem').filter({ hasText: 'Letter of recommendation from Grace Hopper' });
  await expect(letter).toContainText('Awaiting recommender');
  await expect(status).toContainText('We are still waiting for the items below.');
  await expectAxeClean(page);

  // The recommender writes the letter through the link in their e-mail.
  const mail = await waitForMail(recommender, /asks you for a letter of recommendation/);
  const token = new URL(/(https?:\/\/\S+\/recommend\?token=\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
  const written = await request.post('/public/recommendation/letter-text', {
    data: { token, text: LETTER },
    headers: sameOrigin(),
  });
  expect(written.status()).toBe(200);

  await page.reload();
  await expect(letter).toContainText('Received');
  await expect(status).toContainText('We have everything we need.');
  await expectAxeClean(page);
});

test('the office asks for a new transcript; the applicant uploads it from /completion; the office sees it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const lastName = `Jackson${Date.now().toString(36)}`;
  const email = await applicantReady(page, request, lastName, uniqueEmail('rec'));
  // The first transcript, uploaded on Education before submitting.
  await page.reload();
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  await page
    .locator('#college_transcript_upload')
    .setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: await png(page, '#1f4e8c') });
  await expect(
    page.getByRole('group', { name: 'Unofficial Transcript' }).getByRole('button', { name: 'Delete first.png' }),
  ).toBeVisible({ timeout: CONVERSION_TIMEOUT });
  expect((await page.request.post('/api/submit', { headers: sameOrigin() })).status()).toBe(200);
  // The fee paid by check (issue 43): the checklist can be complete.
  await feePaidByCheck(baseURL!, lastName);

  // The office, with the keyboard where it can: the application, its checklist, the request.
  await ensureStaffAccount(request, STAFF_EMAIL);
  const office = await browser.newContext();
  const staffPage = await office.newPage();
  await logIn(staffPage, STAFF_EMAIL, PASSWORD);
  await staffPage.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await staffPage.getByRole('link', { name: `${lastName}, Katherine` }).click();
  const checklist = staffPage.getByRole('region', { name: /^Checklist/ });
  await expect(checklist).toContainText('Unofficial Transcript: Received');
  await checklist.getByRole('button', { name: /^Ask for this again\s*: Unofficial Transcript$/ }).click();
  await checklist
    .getByLabel('Message to the applicant about Unofficial Transcript')
    .fill('Please upload a transcript with your final grades.');
  await checklist.getByRole('button', { name: 'Send the request' }).press('Enter');
  await expect(checklist).toContainText('Unofficial Transcript: Requested by the admissions office');
  await expectAxeClean(staffPage);

  // The applicant: told by e-mail, uploads only that document from /completion.
  const told = await waitForMail(email, /asks you for: Unofficial Transcript/);
  expect(told.text).toContain('Please upload a transcript with your final grades.');
  await page.goto('/completion');
  const item = page
    .getByRole('region', { name: 'Your application status' })
    .getByRole('listitem')
    .filter({ hasText: 'Unofficial Transcript' });
  await expect(item).toContainText('Requested by the admissions office');
  await expect(item).toContainText('Please upload a transcript with your final grades.');
  await expectAxeClean(page);
  await item.getByLabel('Upload a new file for Unofficial Transcript').setInputFiles({
    name: 'final.png',
    mimeType: 'image/png',
    buffer: await png(page, '#8c1f1f'),
  });
  await item.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(item).toContainText('Received', { timeout: CONVERSION_TIMEOUT });
  await expectAxeClean(page);

  // The office sees the new file, the answered request and the earlier file kept.
  await staffPage.reload();
  await expect(checklist).toContainText('Unofficial Transcript: Received');
  await expect(checklist).toContainText('earlier file kept: first.png');
  await expect(staffPage.getByRole('region', { name: 'Documents' })).toContainText('final.png');

  // The letter is still outstanding: the office waives it by keyboard, with a reason, and the list finds the
  // application complete.
  await expect(staffPage.getByRole('heading', { name: 'Checklist (not complete)' })).toBeVisible();
  const waive = checklist.getByRole('button', { name: /^Waive\s*: Letter/ });
  await waive.focus();
  await staffPage.keyboard.press('Enter');
  const dialog = staffPage.getByRole('dialog', { name: /^Waive Letter/ });
  await expect(dialog.getByLabel('Reason for the waiver')).toBeFocused();
  await staffPage.keyboard.type('The program director has worked with her.');
  await expectAxeClean(staffPage);
  await staffPage.keyboard.press('Tab'); // Cancel
  await staffPage.keyboard.press('Tab'); // Waive
  await staffPage.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(staffPage.getByRole('heading', { name: 'Checklist (complete)' })).toBeVisible();
  await expect(checklist).toContainText(`waived by ${STAFF_EMAIL}: The program director has worked with her.`);
  await expect(checklist.getByRole('button', { name: /^Take back waiver\s*: Letter/ })).toBeVisible();
  await expectAxeClean(staffPage);

  await staffPage.goto('/staff');
  await staffPage.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await staffPage.getByRole('combobox', { name: /^Complete/ }).selectOption('Complete');
  // The list reads its own index, brought up to date just after the change: search again until it is.
  await expect(async () => {
    await staffPage.getByRole('button', { name: 'Search' }).click();
    await expect(staffPage.getByRole('link', { name: `${lastName}, Katherine` })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await staffPage.getByRole('combobox', { name: /^Complete/ }).selectOption('Not complete');
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await expect(staffPage.getByText('No application matches.')).toBeVisible();
  await office.close();
});
