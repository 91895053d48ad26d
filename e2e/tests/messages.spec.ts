import { request as playwrightRequest } from '@playwright/test';
import { logIn, logOut } from '../support/application';
import { officeApi, submittedApplicant, userIdOf } from '../support/decision-journeys';
import { tabTo } from '../support/keyboard';
import {
  createConfirmedAccount,
  expect,
  expectAxeClean,
  PASSWORD,
  sameOrigin,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { waitForMail } from '../support/mailbox';

/**
 * Messages to groups (issue 46), in Chromium: a decider builds "admitted, no answer yet", previews it, sends a
 * test to themself, types the count and sends; the admitted applicant who has not answered reads it under
 * Messages on the status page, and the one who accepted gets nothing. Axe on /staff/messages and on Messages.
 */
test('a decider writes to the admitted who have not answered, and the applicant reads it in Messages', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const waiting = await submittedApplicant(baseURL!, 'Ada', `Waiting${stamp}`, 'messages');
  const answered = await submittedApplicant(baseURL!, 'Alan', `Answered${stamp}`, 'messages');
  const office = await officeApi(baseURL!);
  const headers = sameOrigin();
  for (const lastName of [`Waiting${stamp}`, `Answered${stamp}`]) {
    const id = await userIdOf(office, lastName);
    expect(
      (await office.put(`/api/staff/applications/${id}/decision`, { data: { code: 'admit' }, headers })).status(),
    ).toBe(200);
    expect(
      (await office.post('/api/staff/decisions/release', { data: { application_ids: [id] }, headers })).status(),
    ).toBe(200);
  }
  const decider = uniqueEmail('messages.decider');
  const invited = await office.post('/api/staff/team', {
    data: { email: decider, name: 'Grace Hopper', roles: ['decider'], programs: null },
    headers,
  });
  expect(invited.status()).toBe(201);
  await office.dispose();
  // The one who accepted is no longer "no answer yet".
  const applicantApi = await playwrightRequest.newContext({ baseURL });
  await applicantApi.post('/public/login', { data: { username: answered, password: PASSWORD }, headers });
  expect((await applicantApi.post('/api/decision/response', { data: { response: 'accept' }, headers })).status()).toBe(
    200,
  );
  await applicantApi.dispose();

  await createConfirmedAccount(request, decider);
  await logIn(page, decider, PASSWORD);
  await page.goto('/staff/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expectAxeClean(page);

  // By keyboard to the composer.
  await tabTo(page, page.getByRole('button', { name: 'Write a new message' }));
  await page.keyboard.press('Enter');
  const subject = `Your offer is waiting ${stamp}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(`Admitted, no answer yet ${stamp}`);
  await page
    .getByRole('group', { name: 'Decision', exact: true })
    .getByRole('checkbox', { name: 'Admitted', exact: true })
    .check();
  const states = page.getByRole('group', { name: 'Decision state' });
  await states.getByRole('checkbox', { name: 'released' }).check();
  await states.getByRole('checkbox', { name: 'viewed' }).check();
  await page.getByRole('radio', { name: 'Transactional' }).check();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Dear {{first_name}}, your offer to {{program}} is waiting for your answer: {{portal_link}}');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const about = page.locator('strong', { hasText: /^About \d+ recipients?$/ });
  await expect(about).toBeVisible();
  const count = Number((await about.innerText()).match(/About (\d+)/)![1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByLabel('The preview')).toContainText(subject);
  await page.getByRole('button', { name: 'Send me a test' }).click();
  const test_ = await waitForMail(decider, /\[Test\]/);
  expect(test_.subject).toContain(subject);

  await page.getByRole('button', { name: 'Send…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the message' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page);
  const confirm = dialog.getByRole('button', { name: /^Send to/ });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the number of recipients to confirm').fill(String(count));
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(waiting, new RegExp(subject), 30_000);
  expect(mail.text).toContain('Dear Ada');
  await expect(page.getByText(/sent|sending/i).first()).toBeVisible();
  await expectAxeClean(page);
  await logOut(page);

  await logIn(page, waiting, PASSWORD);
  await page.goto('/completion');
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.getByRole('heading', { name: subject })).toBeVisible();
  await expect(messages).toContainText('Dear Ada');
  await expectAxeClean(page);
  await logOut(page);

  // The one who accepted: no such mail, nothing in Messages.
  await logIn(page, answered, PASSWORD);
  await page.goto('/completion');
  await expect(page.getByRole('heading', { name: subject })).toHaveCount(0);
});
