import { completeAnswers } from '@admissions/domain/testing';
import type { APIRequestContext, Page } from '@playwright/test';
import { logIn } from '../support/application';
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
import { closeCycleOf } from '../support/server-clock';
import { feePaidByCheck } from '../support/fees';

// Issue 41: every stage an applicant can reach has its own heading and words, and the whole page says nothing
// the stage contradicts; the checklist and the letters block agree after every action, without a reload.

const DECISION_MAIL = /An update on your/;
const LETTER_ITEM = 'Letter of recommendation from Grace Hopper';
const LETTER_TEXT =
  'I have taught Katherine for two years. She is the most careful analyst I have met, and I recommend her warmly.';

/** What only a stage before a decision may say. */
const BEFORE_DECISION = ['Watch your e-mail', 'is reviewing your application', 'under review'];
/** What only a stage that still asks the applicant for something may say. */
const ASKING = [
  'Missing',
  'Awaiting recommender',
  'still waiting',
  // "Send a reminder", and "You can send a reminder from …" until a day after the request.
  'a reminder',
  'Send request',
  'Complete this item',
  'Send any official transcripts',
  'Apply for financial aid',
];
const OFFER_OPEN = ['Accept the offer', 'Decline the offer', 'Please answer by'];
const NOT_SUBMITTED = [
  'You have not submitted your application yet.',
  'Pick up where you left off',
  'The application deadline is',
  'E-mail me a reminder',
];

/**
 * The stage's heading, then the whole of the page's main region read at once: its words there, none of the
 * words it contradicts; then axe.
 */
async function expectStage(page: Page, heading: string, says: string[], never: string[]) {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  const main = page.locator('main');
  // The sections after the status come with it; the last words expected are there once the page is whole.
  for (const words of says) await expect(main).toContainText(words);
  const text = await main.innerText();
  expect(
    never.filter((words) => text.includes(words)),
    `words the stage "${heading}" contradicts`,
  ).toEqual([]);
  await expectAxeClean(page);
}

/** A checklist item's state, on the status page or Final Steps. */
const checklistItem = (page: Page, label: string) =>
  page
    .getByRole('region', { name: /^(Your application status|Your checklist)$/ })
    .getByRole('listitem')
    .filter({
      hasText: label,
    });

/** Confirms the dialog a button opens, by keyboard alone. */
async function confirmByKeyboard(page: Page, button: string, dialog: string, confirm: string) {
  await tabTo(page, page.getByRole('button', { name: button, exact: true }));
  await page.keyboard.press('Enter');
  const asked = page.getByRole('dialog', { name: dialog });
  await expect(asked).toBeVisible();
  await expectAxeClean(page);
  await tabTo(page, asked.getByRole('button', { name: confirm, exact: true }), 10);
  await page.keyboard.press('Enter');
  await expect(asked).toBeHidden();
}

/** The office records an admit and releases it now; the applicant has the e-mail when this returns. */
async function admitNow(office: APIRequestContext, lastName: string, email: string) {
  const id = await userIdOf(office, lastName);
  const headers = sameOrigin();
  expect(
    (await office.put(`/api/staff/applications/${id}/decision`, { data: { code: 'admit' }, headers })).status(),
  ).toBe(200);
  expect(
    (await office.post('/api/staff/decisions/release', { data: { application_ids: [id] }, headers })).status(),
  ).toBe(200);
  await waitForMail(email, DECISION_MAIL);
}

test('one applicant from in progress to an accepted offer: each stage read whole, by keyboard, axe-clean', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const lastName = `Johnson${Date.now().toString(36)}`;
  const recommender = uniqueEmail('stages-writer');
  const email = uniqueEmail('stages');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  const saved = await page.request.put('/api/answer', {
    data: { ...completeAnswers(), first_name: 'Katherine', last_name: lastName, recommender_email: recommender },
    headers: sameOrigin(),
  });
  expect(saved.status()).toBe(200);

  // In progress: Final Steps says it is not submitted yet, with the deadline's reminders.
  await page.reload();
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Final Steps' })).toBeVisible();
  await expectStage(
    page,
    'Your checklist',
    ['You have not submitted your application yet.', 'E-mail me a reminder of missing items before the deadline'],
    ['has been submitted', 'This application was not submitted', ...BEFORE_DECISION, 'Decision:', 'was withdrawn'],
  );

  // Submitted, the letter awaited: waiting, and nothing says the office is reviewing it yet.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.', { exact: true })).toBeVisible();
  await expectStage(
    page,
    'Your application is waiting for some items',
    ['Watch your e-mail', 'We are still waiting for the items below.', 'Withdraw my application'],
    ['under review', 'is reviewing your application', 'We have everything we need', 'Decision:', ...NOT_SUBMITTED],
  );
  await expect(checklistItem(page, LETTER_ITEM)).toContainText('Awaiting recommender');
  await expect(page.getByRole('region', { name: 'Letters of recommendation' })).toContainText('Status: Requested');

  // The recommender writes the letter: complete, and under review.
  const mail = await waitForMail(recommender, /asks you for a letter of recommendation/);
  const token = new URL(/(https?:\/\/\S+\/recommend\?token=\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
  const written = await request.post('/public/recommendation/letter-text', {
    data: { token, text: LETTER_TEXT },
    headers: sameOrigin(),
  });
  expect(written.status()).toBe(200);
  // The fee paid by check (issue 43): the checklist is complete.
  await feePaidByCheck(baseURL!, lastName);
  await page.reload();
  await expectStage(
    page,
    'Your application is under review',
    ['We have everything we need. The admissions team is reviewing your application.', 'Watch your e-mail'],
    ['Missing', 'Awaiting recommender', 'still waiting', 'waiting for some items', 'Decision:', ...NOT_SUBMITTED],
  );
  await expect(checklistItem(page, LETTER_ITEM)).toContainText('Received');
  await expect(page.getByRole('region', { name: 'Letters of recommendation' })).toContainText('Status: Received');

  // Decided: the office admits and releases; the offer, its date and its answers, and no word of a review.
  const office = await officeApi(baseURL!);
  await admitNow(office, lastName, email);
  await office.dispose();
  await page.reload();
  await expectStage(
    page,
    'Decision: Admitted',
    ['Please answer by', 'Our decision is above', 'We received every item.'],
    [...BEFORE_DECISION, 'still waiting', 'waiting for some items', 'let you know our decision', 'Offer accepted'],
  );

  // Accepted, by keyboard and without a reload: the heading says so and takes the focus; nothing left to answer.
  await confirmByKeyboard(page, 'Accept the offer', 'Accept the offer?', 'Yes, accept the offer');
  await expect(page.getByRole('heading', { name: 'Offer accepted: Admitted' })).toBeFocused();
  // The enrollment deposit now asked for (issue 43), paid by check: every item received again.
  await feePaidByCheck(baseURL!, lastName, 'deposit');
  await page.reload();
  await expectStage(
    page,
    'Offer accepted: Admitted',
    ['You accepted this offer.', 'You told us that you will enroll', 'We received every item.'],
    [...OFFER_OPEN, ...BEFORE_DECISION, 'Withdraw my application', 'Offer declined', 'You declined'],
  );
  // The checklist and the letters block still agree.
  await expect(checklistItem(page, LETTER_ITEM)).toContainText('Received');
  await expect(page.getByRole('region', { name: 'Letters of recommendation' })).toContainText('Status: Received');
});

test('an offer declined and an application withdrawn: nothing more is asked for, at once, without a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const decliner = { last: `Meitner${stamp}`, email: '' };
  const leaver = { last: `Franklin${stamp}`, email: '' };
  decliner.email = await submittedApplicant(baseURL!, 'Lise', decliner.last, 'stages');
  leaver.email = await submittedApplicant(baseURL!, 'Rosalind', leaver.last, 'stages');
  const office = await officeApi(baseURL!);
  await admitNow(office, decliner.last, decliner.email);
  await office.dispose();

  await logIn(page, decliner.email, PASSWORD);
  await page.goto('/completion');
  await expectStage(page, 'Decision: Admitted', ['Please answer by', 'Letters of recommendation'], BEFORE_DECISION);
  await confirmByKeyboard(page, 'Decline the offer', 'Decline the offer?', 'Yes, decline the offer');
  await expect(page.getByRole('heading', { name: 'Offer declined: Admitted' })).toBeFocused();
  await expectStage(
    page,
    'Offer declined: Admitted',
    [
      'You declined this offer.',
      'The offer has ended, so we need nothing more from you.',
      'The offer was declined, so this application goes no further.',
    ],
    [...OFFER_OPEN, ...BEFORE_DECISION, ...ASKING, 'Withdraw my application', 'Letters of recommendation'],
  );
  await expect(checklistItem(page, LETTER_ITEM)).toContainText('Not received');

  await page.context().clearCookies();
  await logIn(page, leaver.email, PASSWORD);
  await page.goto('/completion');
  await expectStage(
    page,
    'Your application is waiting for some items',
    ['Letters of recommendation', 'send a reminder'],
    ['Decision:', 'under review'],
  );
  await confirmByKeyboard(page, 'Withdraw my application', 'Withdraw your application?', 'Withdraw');
  await expect(page.getByRole('heading', { name: 'Your application was withdrawn', exact: true })).toBeFocused();
  await expectStage(
    page,
    'Your application was withdrawn',
    [
      'Your application was withdrawn; we sent you a confirmation by e-mail.',
      'Your application was withdrawn, so we need nothing more from you.',
      'We will not review it further.',
    ],
    [...BEFORE_DECISION, ...ASKING, 'Withdraw my application', 'Decision:', 'Letters of recommendation'],
  );
  await expect(checklistItem(page, LETTER_ITEM)).toContainText('Not received');
});

test('never submitted when its cycle closed: it says so and what can be done, and a new application starts from it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('stages-closed');
  await createConfirmedAccount(request, email);
  await logIn(page, email, PASSWORD);
  const answers = { ...completeAnswers(), first_name: 'Dorothy', last_name: `Vaughan${Date.now().toString(36)}` };
  expect((await page.request.put('/api/answer', { data: answers, headers: sameOrigin() })).status()).toBe(200);
  // The tenant file moves on to the next cycle: this application stays in the one it was started in.
  await closeCycleOf(email, '2025-26');

  const closedWords = [
    'The 2025-26 admissions cycle closed before this application was submitted, so it can no longer be changed or submitted.',
    'Applications for Admissions 2026–27 are open',
  ];
  const contradicted = [
    ...NOT_SUBMITTED,
    'The deadline for',
    'Your answers are saved as you go',
    ...ASKING,
    ...BEFORE_DECISION,
  ];
  // Where the applicant lands, then Final Steps with its checklist: the same words, nothing of the open cycle's.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
  await expectStage(page, 'This application was not submitted', closedWords, contradicted);
  await expect(page.locator('#first_name')).toBeDisabled();
  await page.getByRole('link', { name: 'Step 3 Final Steps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Final Steps' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your checklist' })).toBeVisible();
  await expectStage(
    page,
    'This application was not submitted',
    [
      ...closedWords,
      'This application was not submitted before its admissions cycle closed, so nothing more can be added to it.',
    ],
    [...contradicted, 'Save Error'],
  );
  await expect(page.locator('#legal_agree')).toBeDisabled();

  // What can be done: start the open cycle's application, by keyboard, with these answers.
  await tabTo(page, page.getByRole('button', { name: 'Start an application for Admissions 2026–27' }));
  await page.keyboard.press('Enter');
  const start = page.getByRole('dialog', { name: 'Start your Admissions 2026–27 application' });
  await expect(start).toBeVisible();
  await expectAxeClean(page);
  await tabTo(page, start.getByRole('button', { name: 'Carry my answers over' }), 10);
  await page.keyboard.press('Enter');

  // In progress again, in the open cycle; the old one is a past application.
  await expect(page.getByRole('heading', { name: 'Your past applications' })).toBeVisible();
  await page.goto('/final-steps');
  await expectStage(
    page,
    'Your checklist',
    [
      'You have not submitted your application yet.',
      'Admissions cycle 2025-26',
      'Not submitted before the cycle closed.',
    ],
    ['This application was not submitted', 'Decision:', ...BEFORE_DECISION],
  );
  await expect(page.locator('#legal_agree')).toBeEnabled();
});
