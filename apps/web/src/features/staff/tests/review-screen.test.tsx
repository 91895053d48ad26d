import type {
  DecisionHistoryResponse,
  ReviewsResponse,
  StaffApplicationDetail,
  StaffRecommendation,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, reviewsOf, ROWS } from './console-server';

// Issue 41, "One screen to decide from": the review screen shows the letters beside the application, and to a
// member who decides, the reviews and the decision panel; a reviewer without that right sees no decision.

const BASE = `/api/staff/applications/${ADA}`;

const LETTER: StaffRecommendation = {
  id: 'rec-1',
  prefix: 'recommender_',
  name: 'Grace Hopper',
  email: 'grace.hopper@example.edu',
  organisation: 'Vassar College',
  position: 'Professor',
  relation: '',
  status: 'RECEIVED',
  current: true,
  requested_at: '2026-10-20T15:00:00.000Z',
  received_at: '2026-10-25T15:00:00.000Z',
  declined_at: null,
  decline_reason: '',
  reminders_sent: 0,
  waived_at_receipt: true,
  letter_text: 'Ada is the most careful student I have taught in twenty years.',
  letter_file_name: '',
  letter_file_url: '',
};

const RITAS_REVIEW: ReviewsResponse['others'][number] = {
  reviewer: 'rita@college.test',
  scores: { academics: 4, fit: 5 },
  comment: 'Strong record.',
  overall: 4.5,
  status: 'submitted',
  updated_at: '2026-11-03T16:00:00.000Z',
  submitted_at: '2026-11-03T16:00:00.000Z',
};

const NO_DECISION: DecisionHistoryResponse = {
  state: null,
  current: null,
  letter_html: null,
  withdrawn: null,
  history: [],
};

/** Ada's review screen for `who`: her letter in the detail call, Rita's review for those who may see it. */
function openReviewScreen(roles: Parameters<typeof me>[1], reviews: ReviewsResponse) {
  setLoggedInCookie();
  let decisions = NO_DECISION;
  const net = stubFetch({
    ...consoleServer(me('member@college.test', roles)).handlers,
    [`GET ${BASE}`]: () =>
      json({
        ...detail(ROWS[0]!),
        recommendations: [LETTER],
        waived_letter_access: true,
      } satisfies StaffApplicationDetail),
    [`GET ${BASE}/reviews`]: () => json(reviews),
    [`GET ${BASE}/decisions`]: () => json(decisions),
    [`PUT ${BASE}/decision`]: () => {
      const admit = {
        id: 'd1',
        code: 'admit',
        label: 'Admitted',
        reasons: [],
        conditions: [],
        reply_by: null,
        status: 'provisional' as const,
        decided_by: 'member@college.test',
        decided_at: '2026-11-04T15:00:00.000Z',
        scheduled_release: null,
        released_at: null,
        released_by: null,
        viewed_at: null,
        response: null,
        response_at: null,
        response_by_default: false,
      };
      decisions = { ...NO_DECISION, state: 'provisional', current: admit, history: [admit] };
      return json({ ...decisions, message: 'The decision is recorded. It stays provisional until it is released.' });
    },
  });
  return { net, ...renderApp(`/staff/applications/${ADA}/review`) };
}

/** The letter, as the office reads it on the review screen. */
async function expectLetter() {
  const letters = await screen.findByRole('region', { name: 'Letters of recommendation' });
  expect(within(letters).getByText(/Waived the right to read letters/)).toHaveTextContent('Yes');
  const letter = within(letters).getByRole('article', { name: 'First recommender: Grace Hopper' });
  expect(letter).toHaveTextContent('Ada is the most careful student I have taught in twenty years.');
  expect(within(letter).getByRole('heading', { level: 4, name: 'Letter' })).toBeInTheDocument();
}

describe('one screen to decide from (issue 41)', { timeout: 30_000 }, () => {
  test('a decider reads the letter and the reviews beside the application, and records a decision there; focus lands on the result', async () => {
    const { net, user } = openReviewScreen(
      ['decider'],
      reviewsOf({ assigned_to_me: false, others_hidden: false, others: [RITAS_REVIEW] }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Review of Ada Lovelace' });
    await expectLetter();

    const others = await screen.findByRole('region', { name: 'Other reviews' });
    expect(await within(others).findByText('rita@college.test')).toBeInTheDocument();
    expect(others).toHaveTextContent('rita@college.test, overall 4.5');
    expect(others).toHaveTextContent('Academic record: 4');
    expect(others).toHaveTextContent('Strong record.');

    const panel = await screen.findByRole('region', { name: 'Decision' });
    expect(panel).toHaveTextContent('No decision yet');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Decision' })).toBeInTheDocument();
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Decision' }), 'admit');
    await user.click(within(panel).getByRole('button', { name: 'Record the provisional decision' }));
    const said = await within(panel).findByText('The decision is recorded. It stays provisional until it is released.');
    expect(net.callsTo(`PUT ${BASE}/decision`).map((c) => c.body)).toEqual([{ code: 'admit' }]);
    // The result has the focus, so a keyboard or screen-reader user is told, and goes on from there.
    await waitFor(() => expect(document.activeElement).toContainElement(said));
    expect(await within(panel).findByText('Admitted (provisional)')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Release now' })).toBeInTheDocument();
  });

  test('a reviewer without the right to decide reads the letter, but sees no decision panel and asks for none', async () => {
    const { net } = openReviewScreen(['reviewer'], reviewsOf());
    await screen.findByRole('heading', { level: 1, name: 'Review of Ada Lovelace' });
    await expectLetter();
    // Their own review, and the others' still blind until it is submitted.
    expect(await screen.findByRole('button', { name: 'Submit review' })).toBeInTheDocument();
    expect(screen.getByText(/shown once you have submitted yours/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the provisional decision' })).not.toBeInTheDocument();
    expect(net.callsTo(`GET ${BASE}/decisions`)).toEqual([]);
  });
});
