import type { Page } from '@playwright/test';
import { answer, answerMonthYear, COMPLETE, COMPLETE_MONTH_YEAR, fillPage, logIn } from '../support/application';
import { makeDocx } from '../support/docx';
import {
  createConfirmedAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const RESEARCH = 'Final Project Description';
/** LibreOffice's first start in a fresh profile takes a few seconds on a busy machine. */
const CONVERSION_TIMEOUT = 60_000;

/** Moves focus with Tab only until the element with this id, or this accessible name, has it. */
async function tabTo(page: Page, target: string, key = 'Tab') {
  for (let i = 0; i < 200; i++) {
    const here = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { id: el?.id ?? '', name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() };
    });
    if (here.id === target || here.name === target) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Step 2 for an applicant to MS Nursing (BMN), whose final project description is required. */
async function fillEducationForNursing(page: Page) {
  for (const [key, value] of COMPLETE['/education-alr'] ?? [])
    await answer(page, key, key === 'applied_major' ? 'BMN' : value);
  for (const [key, value] of COMPLETE_MONTH_YEAR['/education-alr'] ?? []) await answerMonthYear(page, key, value);
}

const attached = (page: Page) => page.getByRole('group', { name: RESEARCH });

test('a BMN applicant uploads a Word research description, sees it converted, deletes and re-uploads it with the keyboard, and submits', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('documents');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/about$/);
  await fillPage(page, '/about');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  await fillEducationForNursing(page);

  // Choose with the keyboard: Tab to the file input, Space opens the picker.
  const docx = makeDocx(['Final project description', 'A study of patient outcomes after discharge.']);
  await tabTo(page, 'research_upload');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
  await chooser.setFiles({ name: 'project.docx', mimeType: DOCX_TYPE, buffer: docx });

  // Uploaded, converted by LibreOffice on the server, then listed with its rounded size.
  await expect(attached(page).getByRole('button', { name: 'Delete project.docx' })).toBeVisible({
    timeout: CONVERSION_TIMEOUT,
  });
  await expect(attached(page)).toContainText(`project.docx (${Math.round(docx.length / 1024)} KB)`);
  await expect(page.getByRole('status').filter({ hasText: 'project.docx' })).toHaveText(
    /project\.docx \(\d+ KB\) is attached\./,
  );
  // Focus stayed with the widget through upload and conversion.
  await expect(attached(page)).toBeFocused();
  await expectAxeClean(page);

  // The applicant can open their own converted PDF.
  const href = await attached(page).getByRole('link', { name: 'Download PDF of project.docx' }).getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename="project\.pdf"/);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await (await page.request.get('/api/document-answer')).json()).toEqual({
    research_upload: { file_name: 'project.docx', file_size: docx.length },
  });

  // Delete with the keyboard alone: Tab to Delete, Enter; the dialog starts on Cancel; Tab, Enter deletes.
  await tabTo(page, 'Delete project.docx');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete File' });
  await expect(dialog).toContainText('Are you sure you want to delete your file?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAxeClean(page);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const input = page.locator('#research_upload');
  await expect(input).toHaveAttribute('type', 'file');
  await expect(input).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText('Your file has been deleted.');
  expect(await (await page.request.get('/api/document-answer')).json()).toEqual({});

  // A file the rules refuse never leaves the browser.
  await input.setInputFiles({
    name: 'project.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ not really a PDF'),
  });
  await expect(page.getByText('Your file does not contain what its name says.', { exact: false })).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // Re-upload; the same name is fine again.
  await input.setInputFiles({ name: 'project.docx', mimeType: DOCX_TYPE, buffer: docx });
  await expect(attached(page).getByRole('button', { name: 'Delete project.docx' })).toBeVisible({
    timeout: CONVERSION_TIMEOUT,
  });
  await expect(page.getByText('Your file does not contain what its name says.', { exact: false })).toBeHidden();

  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await fillPage(page, '/final-steps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.', { exact: true })).toBeVisible();

  // Final: documents can no longer change.
  const late = await page.request.delete('/api/document-answer/research_upload', { headers: sameOrigin() });
  expect(late.status()).toBe(409);
});

test('a BMN applicant without the research description cannot submit; the summary leads to the upload', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('documents-missing');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await fillPage(page, '/about');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  await fillEducationForNursing(page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await fillPage(page, '/final-steps');
  await page.getByRole('button', { name: 'Submit' }).click();

  const summary = page.getByRole('region', { name: "We're missing some information!" });
  await expect(summary).toBeVisible();
  await summary.getByRole('link', { name: /final project/i }).click();
  await expect(page).toHaveURL(/\/education-alr#research_upload$/);
  await expect(page.locator('#research_upload')).toBeFocused();
  await expect(page.locator('#research_upload')).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page);
});

test('switching the transcript tab deletes the uploaded transcript', async ({ page, request }) => {
  const email = uniqueEmail('documents-tabs');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  await page.getByRole('link', { name: 'Step 2 Education' }).click();
  await expect(page).toHaveURL(/\/education-alr$/);
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#1f4e8c';
      ctx.fillRect(0, 0, 40, 20);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return Array.from(new Uint8Array(await (blob ?? new Blob()).arrayBuffer()));
  });
  await page
    .locator('#college_transcript_upload')
    .setInputFiles({ name: 'transcript.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  const transcript = page.getByRole('group', { name: 'Unofficial Transcript' });
  await expect(transcript.getByRole('button', { name: 'Delete transcript.png' })).toBeVisible({
    timeout: CONVERSION_TIMEOUT,
  });

  await page.getByRole('tab', { name: 'I will send it later' }).click();

  await expect(page.getByRole('tab', { name: 'I will send it later' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await page.request.get('/api/document-answer')).json()).toEqual({});
  await page.getByRole('tab', { name: 'Upload a copy now' }).click();
  await expect(page.locator('#college_transcript_upload')).toHaveAttribute('type', 'file');
});
