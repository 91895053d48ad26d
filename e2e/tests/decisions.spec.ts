import { logIn } from '../support/application';
import { expect, expectAxeClean, PASSWORD, sameOrigin, test } from '../support/fixtures';
import { localInChicago, officeApi, submittedApplicant, userIdOf } from '../support/decision-journeys';
import { tabTo } from '../support/keyboard';
import { waitForMail } from '../support/mailbox';
import { STAFF_EMAIL } from '../support/paths';
import { advanceServerClock, serverNow } from '../support/server-clock';

// Issue 32: the office records a decision, releases it on schedule, and the applicant reads and answers it.

// Its letter is still awaited: the heading of an application waiting for items (issue 41).
const BEFORE_DECISION = 'Your application is waiting for some items';
const DECISION_MAIL = /An update on your/;

test('a decider admits by keyboard and schedules the release a minute ahead; the applicant reads the letter after the e-mail and accepts; the list says accepted', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const lastName = `Noether${Date.now().toString(36)}`;
  const email = await submittedApplicant(baseURL!, 'Emmy', lastName);
  const office = await browser.newContext();
  await (await officeApi(baseURL!)).dispose();
  const staffPage = await office.newPage();
  await logIn(staffPage, STAFF_EMAIL, PASSWORD);

  // The decider's part, by keyboard alone: find the application, record the decision, schedule its release.
  const search = staffPage.getByLabel('Name or e-mail');
  await tabTo(staffPage, search);
  await staffPage.keyboard.type(lastName.toLowerCase());
  await staffPage.keyboard.press('Enter');
  const link = staffPage.getByRole('link', { name: `${lastName}, Emmy` });
  await expect(link).toBeVisible();
  await tabTo(staffPage, link);
  await staffPage.keyboard.press('Enter');
  await expect(staffPage.getByRole('heading', { level: 1, name: `Emmy ${lastName}` })).toBeVisible();
  const panel = staffPage.getByRole('region', { name: 'Decision', exact: true });
  await expect(panel).toContainText('No decision yet');
  const code = panel.getByRole('combobox', { name: 'Decision', exact: true });
  await tabTo(staffPage, code);
  await staffPage.keyboard.type('Admitted');
  await expect(code).toHaveValue('admit');
  await expectAxeClean(staffPage);
  const record = panel.getByRole('button', { name: 'Record the provisional decision' });
  await tabTo(staffPage, record);
  await staffPage.keyboard.press('Enter');
  await expect(panel).toContainText('The decision is recorded. It stays provisional until it is released.');
  await expect(panel).toContainText('Admitted (provisional)');
  // The letter exactly as the applicant will read it.
  await expect(panel).toContainText('Dear Emmy');

  // The picker takes whole minutes in the institution's zone: the first whole minute at least a minute away.
  const releaseAt = new Date(Math.ceil(((await serverNow()).getTime() + 60_000) / 60_000) * 60_000);
  const at = panel.getByLabel('Or release at (date and time, Central Time)');
  await tabTo(staffPage, at);
  // Reached by keyboard; the value is filled as a whole (the picker's segments follow the browser's locale).
  await at.fill(localInChicago(releaseAt));
  // Tab walks the picker's segments, then leaves it for the button.
  await tabTo(staffPage, panel.getByRole('button', { name: 'Schedule the release' }), 12);
  await staffPage.keyboard.press('Enter');
  await expect(panel).toContainText('1 decision is scheduled for release.');
  await expect(panel).toContainText(/release scheduled for .* Central Time on /);

  // The applicant, before the release: no decision, and no e-mail about it.
  await logIn(page, email, PASSWORD);
  await page.goto('/completion');
  await expect(page.getByRole('heading', { level: 2, name: BEFORE_DECISION })).toBeVisible();
  await expect(page.getByText(/Decision:|Dear Emmy/)).toHaveCount(0);
  await expect(waitForMail(email, DECISION_MAIL, 0)).rejects.toThrow();

  // A minute and a bit later on the server's clock the scheduled release is carried out.
  expect((await advanceServerClock(180_000)).released).toBeGreaterThanOrEqual(1);
  const mail = await waitForMail(email, DECISION_MAIL);
  expect(mail.text).toContain('/completion');
  expect(mail.text).not.toMatch(/admit/i);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Decision: Admitted' })).toBeVisible();
  await expect(page.getByText(/Dear Emmy/)).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  // One click asks, and says what accepting means; only the second acts.
  const accepting = page.getByRole('dialog', { name: 'Accept the offer?' });
  await expect(accepting).toContainText('You tell us that you will enroll.');
  await expectAxeClean(page);
  await accepting.getByRole('button', { name: 'Yes, accept the offer' }).click();
  await expect(
    page.getByText('Thank you. You accepted the offer; we sent you a confirmation by e-mail.'),
  ).toBeVisible();
  await expect(page.getByText('You accepted this offer.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the offer' })).toHaveCount(0);
  await waitForMail(email, /You accepted the offer/);

  // The office's list: the decision and that it was accepted.
  await staffPage.goto('/staff');
  await staffPage.getByLabel('Name or e-mail').fill(lastName.toLowerCase());
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await expect(staffPage.getByRole('row').filter({ hasText: lastName })).toContainText('Admitted (accepted)');
  await office.close();
});

test('each decision reads well on the status page; a deny shows its reasons', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const office = await officeApi(baseURL!);
  const applicants = {
    deny: { first: 'Ada', last: `Byron${stamp}` },
    admit_conditional: { first: 'Mary', last: `Somerville${stamp}` },
    waitlist: { first: 'Caroline', last: `Herschel${stamp}` },
  };
  const emails: Record<string, string> = {};
  for (const [code, who] of Object.entries(applicants))
    emails[code] = await submittedApplicant(baseURL!, who.first, who.last);

  // The deny through the form, with its reasons, released at once.
  const officeContext = await browser.newContext();
  const staffPage = await officeContext.newPage();
  await logIn(staffPage, STAFF_EMAIL, PASSWORD);
  await staffPage.goto(`/staff/applications/${await userIdOf(office, applicants.deny.last)}`);
  const panel = staffPage.getByRole('region', { name: 'Decision', exact: true });
  await panel.getByRole('combobox', { name: 'Decision', exact: true }).selectOption('deny');
  const reasons = panel.getByRole('group', { name: 'Reasons (at least one)' });
  await reasons.getByLabel('Required prerequisite courses are missing').check();
  await reasons.getByLabel('Other').check();
  await reasons.getByLabel('Details (required)').fill('No statistics course on the transcript');
  await expectAxeClean(staffPage);
  await panel.getByRole('button', { name: 'Record the provisional decision' }).click();
  await expect(panel).toContainText('Not admitted (provisional)');
  await panel.getByRole('button', { name: 'Release now' }).click();
  const releasing = staffPage.getByRole('dialog', { name: 'Release the decision now?' });
  await expect(releasing).toContainText('1 applicant will be told at once');
  await releasing.getByRole('button', { name: 'Release now to 1 applicant' }).click();
  await expect(panel).toContainText('1 decision was released.');
  await officeContext.close();

  // The others through the office's API, released together.
  const headers = sameOrigin();
  const conditional = await userIdOf(office, applicants.admit_conditional.last);
  const waitlisted = await userIdOf(office, applicants.waitlist.last);
  const recorded = [
    await office.put(`/api/staff/applications/${conditional}/decision`, {
      data: { code: 'admit_conditional', conditions: ['A final transcript showing the degree awarded'] },
      headers,
    }),
    await office.put(`/api/staff/applications/${waitlisted}/decision`, { data: { code: 'waitlist' }, headers }),
  ];
  for (const res of recorded) expect(res.status()).toBe(200);
  const released = await office.post('/api/staff/decisions/release', {
    data: { application_ids: [conditional, waitlisted] },
    headers,
  });
  expect(released.status()).toBe(200);
  await office.dispose();

  const expected: Record<string, { heading: string; text: string }> = {
    deny: { heading: 'Decision: Not admitted', text: 'Other: No statistics course on the transcript' },
    admit_conditional: {
      heading: 'Decision: Admitted with conditions',
      text: 'A final transcript showing the degree awarded',
    },
    waitlist: { heading: 'Decision: Wait-listed', text: 'placed your application on our wait list' },
  };
  for (const [code, email] of Object.entries(emails)) {
    await waitForMail(email, DECISION_MAIL);
    await page.context().clearCookies();
    await logIn(page, email, PASSWORD);
    await page.goto('/completion');
    await expect(page.getByRole('heading', { level: 2, name: expected[code]!.heading })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(expected[code]!.text);
    if (code === 'deny') {
      await expect(page.getByRole('heading', { name: 'The reasons for our decision' })).toBeVisible();
      await expect(
        page.getByRole('listitem').filter({ hasText: 'Required prerequisite courses are missing' }),
      ).toBeVisible();
    }
    if (code === 'admit_conditional')
      await expect(page.getByRole('button', { name: 'Accept the offer' })).toBeVisible();
    else await expect(page.getByRole('button', { name: 'Accept the offer' })).toHaveCount(0);
    await expectAxeClean(page);
  }
});
