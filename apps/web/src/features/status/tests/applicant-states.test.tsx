import {
  APPLICATION_CYCLE_PATH,
  DECISION_MESSAGES,
  DECISION_RESPONSE_PATH,
  FILE_ACCEPT,
  RECOMMENDATIONS_PATH,
  STATUS_PATH,
  WITHDRAW_PATH,
  type ApplicantDecision,
  type ApplicationCycleResponse,
  type ChecklistItem,
  type RecommendationsResponse,
  type StatusResponse,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

// Issue 41: every stage an applicant can reach has its own heading and words, and the whole page says
// nothing the stage contradicts. Each test reads the page's main region as a whole.

const AT = '2026-11-02T15:00:00.000Z';
const OFFER: ApplicantDecision = {
  code: 'admit',
  label: 'Admitted',
  letter_html: '<p>Dear Ada,</p>\n<p>Congratulations! We are delighted to offer you admission.</p>',
  reasons: [],
  conditions: [],
  released_at: AT,
  reply_by: '2026-11-16T15:00:00.000Z',
  time_zone: 'America/Chicago',
  response: null,
  response_at: null,
  response_by_default: false,
  can_respond: true,
  letter_pdf_url: '/api/decision/letter.pdf',
};
const ANSWERED = (response: 'accept' | 'decline'): ApplicantDecision => ({
  ...OFFER,
  response,
  response_at: AT,
  can_respond: false,
});

const ANSWERS: ChecklistItem = {
  key: 'answers:about',
  label: 'About You: your answers',
  state: 'received',
  updated_at: AT,
  kind: 'answers',
  href: '/about',
};
const LETTER: ChecklistItem = {
  key: 'letter:recommender_',
  label: 'Letter of recommendation from Grace Hopper',
  state: 'awaiting_recommender',
  updated_at: AT,
  kind: 'letter',
  href: '/final-steps#recommender_email',
  email: 'grace@uni.example',
};
const LETTER_IN: ChecklistItem = { ...LETTER, state: 'received' };
/** A page of answers not finished: before submission, with the link to finish it. */
const UNFINISHED: ChecklistItem = {
  ...ANSWERS,
  key: 'answers:education',
  label: 'Education: your answers',
  state: 'missing',
};

/** The letters block's recommender: asked, and a reminder may be sent now. */
const ASKED: RecommendationsResponse = {
  recommenders: [
    {
      prefix: 'recommender_',
      status: 'REQUESTED',
      name: 'Grace Hopper',
      email: 'grace@uni.example',
      requested_at: AT,
      received_at: null,
      declined_at: null,
      decline_reason: '',
      can_request: false,
      can_remind: true,
      next_reminder_at: AT,
    },
  ],
};

interface Stage {
  submitted: boolean;
  status: Partial<StatusResponse>;
  /** The live application's cycle has closed (decision 052). */
  closed?: boolean;
}

/** Opens `path` for an applicant whose server answers `stage`, changed by the withdraw and offer calls. */
async function open(path: string, stage: Stage) {
  setLoggedInCookie();
  const applicant = applicantServer({
    answers: completeAnswers(),
    submitted: stage.submitted,
    webStatuses: stage.submitted ? ['started', 'validating', 'submitted'] : ['started'],
    logins: ['2026-01-10T10:00:00.000Z', '2026-01-11T10:00:00.000Z'],
  });
  const checklist = stage.status.checklist ?? [ANSWERS, LETTER];
  let status: StatusResponse = {
    submitted_at: stage.submitted ? AT : null,
    withdrawn_at: null,
    checklist,
    complete: checklist.every((i) => i.state === 'received' || i.state === 'waived'),
    reminders: true,
    deadline: '11:59 pm Central Time on Friday, 15 January 2027',
    decision: null,
    ...stage.status,
  };
  const net = stubFetch({
    ...applicant.handlers,
    [`GET ${STATUS_PATH}`]: () => json(status),
    [`GET ${RECOMMENDATIONS_PATH}`]: () => json(ASKED),
    [`GET ${APPLICATION_CYCLE_PATH}`]: () =>
      json({
        open_cycle: { id: '2027-28', label: 'Admissions 2027–28' },
        closed: stage.closed
          ? {
              cycle: { id: '2026-27', label: '2026-27' },
              submitted: stage.submitted,
              submitted_at: status.submitted_at,
            }
          : null,
        past: [],
      } satisfies ApplicationCycleResponse),
    [`POST ${WITHDRAW_PATH}`]: () => {
      status = { ...status, withdrawn_at: AT };
      return json({ message: DECISION_MESSAGES.withdrawn });
    },
    [`POST ${DECISION_RESPONSE_PATH}`]: ({ body }) => {
      const { response } = body as { response: 'accept' | 'decline' };
      status = { ...status, decision: ANSWERED(response) };
      return json({ message: response === 'accept' ? DECISION_MESSAGES.accepted : DECISION_MESSAGES.declined });
    },
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return { ...app, net };
}

const main = () => screen.getByRole('main');

/** Waits for the stage's heading, then reads the whole page for its words and for none that it contradicts. */
async function expectStage(heading: string, says: string[], never: readonly string[]) {
  expect(await screen.findByRole('heading', { name: heading }, { timeout: 10_000 })).toBeInTheDocument();
  // Everything drawn after the status: the stage's words are there once the last section is.
  await waitFor(() => expect(main()).toHaveTextContent(says.at(-1)!));
  for (const words of says) expect(main()).toHaveTextContent(words);
  const text = main().textContent ?? '';
  expect(never.filter((words) => text.includes(words))).toEqual([]);
}

/** What only a stage before a decision may say. */
const BEFORE_DECISION = [
  'Watch your e-mail: we will let you know our decision quickly.',
  'is reviewing your application',
  'under review',
] as const;
/** What only a stage that still asks the applicant for something may say. */
const ASKING = [
  'Missing',
  'Awaiting recommender',
  'still waiting',
  'Send a reminder',
  'Complete this item',
  'Send any official transcripts',
  'Apply for financial aid',
] as const;
const OFFER_OPEN = ['Accept the offer', 'Decline the offer', 'Please answer by'] as const;
const NOT_SUBMITTED = [
  'You have not submitted your application yet.',
  'Pick up where you left off',
  'The application deadline is',
  'E-mail me a reminder',
] as const;

describe(
  'each stage of an application has its own heading and words, and nothing it contradicts',
  { timeout: 60_000 },
  () => {
    test('in progress: Final Steps says it is not submitted yet, with the deadline, the reminders and what is missing', async () => {
      await open('/final-steps', { submitted: false, status: { checklist: [UNFINISHED, LETTER] } });
      await expectStage(
        'Your checklist',
        [
          'Pick up where you left off',
          'You have not submitted your application yet.',
          'The application deadline is 11:59 pm Central Time on Friday, 15 January 2027.',
          'Education: your answersMissing',
          'Complete this item',
          'E-mail me a reminder of missing items before the deadline',
        ],
        [
          'has been submitted',
          'This application was not submitted',
          'admissions cycle has closed',
          ...BEFORE_DECISION,
          'Decision:',
          'was withdrawn',
        ],
      );
    });

    test('closed cycle, never submitted: it says so, what can be done now, and nothing of the open cycle’s deadline', async () => {
      await open('/final-steps', { submitted: false, closed: true, status: { checklist: [UNFINISHED, LETTER] } });
      await expectStage(
        'This application was not submitted',
        [
          'The 2026-27 admissions cycle closed before this application was submitted, so it can no longer be changed or submitted.',
          'Applications for Admissions 2027–28 are open',
          'This application was not submitted before its admissions cycle closed, so nothing more can be added to it.',
          'Education: your answersNot received',
          'Letter of recommendation from Grace HopperNot received',
        ],
        [...NOT_SUBMITTED, 'The deadline for', 'Your answers are saved as you go', ...ASKING, ...BEFORE_DECISION],
      );
      expect(screen.getByRole('button', { name: 'Start an application for Admissions 2027–28' })).toBeEnabled();
    });

    test('submitted, waiting for items: the heading says so, and nothing says the office is reviewing it yet', async () => {
      await open('/completion', { submitted: true, status: {} });
      await expectStage(
        'Your application is waiting for some items',
        [
          'Watch your e-mail: we will let you know our decision quickly.',
          'We are still waiting for the items below.',
          'Letter of recommendation from Grace HopperAwaiting recommender',
          'Send a reminder',
          'We have e-mailed you a confirmation of your submission.',
        ],
        ['is reviewing your application', 'under review', 'We have everything we need', 'Decision:', ...NOT_SUBMITTED],
      );
    });

    test('complete: under review, with every item in, and nothing missing or awaited', async () => {
      await open('/completion', { submitted: true, status: { checklist: [ANSWERS, LETTER_IN] } });
      await expectStage(
        DECISION_MESSAGES.underReview,
        [
          'We have everything we need. The admissions team is reviewing your application.',
          'Letter of recommendation from Grace HopperReceived',
          'you will hear from us about our decision by e-mail',
        ],
        ['Missing', 'Awaiting recommender', 'still waiting', 'waiting for some items', 'Decision:', ...NOT_SUBMITTED],
      );
    });

    test('decided, an offer open: the decision, its reply-by and the answers, and no word of a review', async () => {
      await open('/completion', { submitted: true, status: { decision: OFFER } });
      await expectStage(
        'Decision: Admitted',
        ['Congratulations! We are delighted', 'Please answer by', 'Our decision is above', 'Withdraw my application'],
        [...BEFORE_DECISION, 'still waiting', 'waiting for some items', 'Offer accepted', 'Offer declined'],
      );
    });

    test('accepted: the offer accepted, no answer or withdrawal offered any more', async () => {
      await open('/completion', { submitted: true, status: { decision: ANSWERED('accept') } });
      await expectStage(
        'Offer accepted: Admitted',
        ['You accepted this offer.', 'You told us that you will enroll', 'We did not receive every item below.'],
        [...OFFER_OPEN, ...BEFORE_DECISION, 'Withdraw my application', 'Offer declined', 'You declined'],
      );
    });

    test('declined: the offer ended, so nothing is asked for any more', async () => {
      await open('/completion', { submitted: true, status: { decision: ANSWERED('decline') } });
      await expectStage(
        'Offer declined: Admitted',
        [
          'You declined this offer.',
          'The offer has ended, so we need nothing more from you.',
          'Letter of recommendation from Grace HopperNot received',
          'The offer was declined, so this application goes no further.',
        ],
        [
          ...OFFER_OPEN,
          ...BEFORE_DECISION,
          ...ASKING,
          'Withdraw my application',
          'You accepted',
          'Letters of recommendation',
        ],
      );
    });

    test('withdrawn: nothing is asked for, and nothing says the office waits, reviews or decides', async () => {
      await open('/completion', { submitted: true, status: { withdrawn_at: AT, decision: null } });
      await expectStage(
        'Your application was withdrawn',
        [
          'Your application was withdrawn, so we need nothing more from you.',
          'Letter of recommendation from Grace HopperNot received',
          'We will not review it further.',
        ],
        [...BEFORE_DECISION, ...ASKING, 'Withdraw my application', 'Decision:', 'Letters of recommendation'],
      );
    });

    test('a submitted application of a closed cycle keeps its own stage’s words', async () => {
      const requested: ChecklistItem = {
        key: 'college_transcript_upload',
        label: 'Unofficial Transcript',
        state: 'requested',
        updated_at: AT,
        kind: 'document',
        message: 'Please upload a transcript with your final grades.',
      };
      await open('/completion', { submitted: true, closed: true, status: { checklist: [ANSWERS, requested] } });
      await expectStage(
        'Your application is waiting for some items',
        [
          'The 2026-27 admissions cycle has closed',
          'You submitted this application',
          'We are still waiting for the items below.',
          'Unofficial TranscriptRequested by the admissions office',
        ],
        ['This application was not submitted', ...NOT_SUBMITTED],
      );
      // Its cycle closed: the server takes no upload for it now (409 CYCLE_CLOSED), so none is offered.
      expect(screen.queryByLabelText('Upload a new file for Unofficial Transcript')).not.toBeInTheDocument();
    });

    test('an item the office asked for again: its upload takes what the form takes, above the withdrawal (issue 49)', async () => {
      const requested: ChecklistItem = {
        key: 'college_transcript_upload',
        label: 'Unofficial Transcript',
        state: 'requested',
        updated_at: AT,
        kind: 'document',
        message: 'Please upload a transcript with your final grades.',
      };
      await open('/completion', { submitted: true, status: { checklist: [ANSWERS, requested] } });
      const upload = await screen.findByLabelText('Upload a new file for Unofficial Transcript');
      // The file questions' own list: no .doc, which the server refuses.
      expect(upload).toHaveAttribute('accept', FILE_ACCEPT);
      expect(upload.getAttribute('accept')).not.toMatch(/\.doc(,|$)/);
      const withdraw = screen.getByRole('button', { name: 'Withdraw my application' });
      expect(upload.compareDocumentPosition(withdraw) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  },
);

describe(
  'after an answer or a withdrawal the checklist and the letters agree, without a reload',
  { timeout: 60_000 },
  () => {
    test('withdrawing: the heading takes the focus, the checklist asks for nothing and the letters block is gone', async () => {
      const { user, net } = await open('/completion', { submitted: true, status: {} });
      const letters = await screen.findByRole('heading', { name: 'Letters of recommendation' });
      expect(letters).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Withdraw my application' }));
      const dialog = await screen.findByRole('dialog', { name: 'Withdraw your application?' });
      await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'Your application was withdrawn' })).toHaveFocus(),
      );
      await expectStage(
        'Your application was withdrawn',
        [DECISION_MESSAGES.withdrawn, 'Your application was withdrawn, so we need nothing more from you.'],
        [...BEFORE_DECISION, ...ASKING, 'Letters of recommendation', 'Withdraw my application'],
      );
      expect(net.callsTo(`POST ${WITHDRAW_PATH}`)).toHaveLength(1);
      // The status asked again, the page never loaded again.
      expect(net.callsTo(`GET ${STATUS_PATH}`).length).toBeGreaterThan(1);
      expect(net.callsTo('GET /api/profile')).toHaveLength(1);
    });

    test('declining: the same, from the offer', async () => {
      const { user } = await open('/completion', { submitted: true, status: { decision: OFFER } });
      await user.click(await screen.findByRole('button', { name: 'Decline the offer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Decline the offer?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, decline the offer' }));

      await waitFor(() => expect(screen.getByRole('heading', { name: 'Offer declined: Admitted' })).toHaveFocus());
      await expectStage(
        'Offer declined: Admitted',
        [DECISION_MESSAGES.declined, 'The offer has ended, so we need nothing more from you.'],
        [...OFFER_OPEN, ...ASKING, 'Letters of recommendation', 'Withdraw my application'],
      );
    });

    test('accepting: the letter still awaited reads the same in the checklist and the letters block', async () => {
      const { user } = await open('/completion', { submitted: true, status: { decision: OFFER } });
      await user.click(await screen.findByRole('button', { name: 'Accept the offer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Accept the offer?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, accept the offer' }));

      await waitFor(() => expect(screen.getByRole('heading', { name: 'Offer accepted: Admitted' })).toHaveFocus());
      await expectStage(
        'Offer accepted: Admitted',
        [
          DECISION_MESSAGES.accepted,
          'We did not receive every item below.',
          'Letter of recommendation from Grace HopperAwaiting recommender',
        ],
        [...OFFER_OPEN, 'Withdraw my application'],
      );
      const block = screen.getByRole('region', { name: 'Letters of recommendation' });
      expect(block).toHaveTextContent('Status: Requested');
    });
  },
);
