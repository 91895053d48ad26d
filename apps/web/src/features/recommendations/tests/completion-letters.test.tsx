import {
  formatInZone,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATIONS_PATH,
  STATUS_PATH,
  type ChecklistItem,
  type RecommenderState,
  type StatusResponse,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { formatDay } from '../components/format-dates';

/** The letters' times are the institution's (the tenant fixture's Chicago), issue 49. */
const ZONE = 'America/Chicago';
const formatMoment = (iso: string) => formatInZone(iso, ZONE);
import { askedGrace, recommender, recommendationsServer, REQUESTED_AT } from './recommendations-server';

/** A submitted MAE application at /completion, with the letter requests given. */
async function openCompletion(
  recommenders: RecommenderState[],
  major = 'MAE',
  { answers = {}, checklist = [] }: { answers?: Record<string, string>; checklist?: ChecklistItem[] } = {},
) {
  setLoggedInCookie();
  const applicant = applicantServer({
    answers: { ...completeAnswers(), applied_major: major, ...answers },
    submitted: true,
    webStatuses: ['started', 'validating', 'submitted'],
  });
  const letters = recommendationsServer(applicant, recommenders);
  const net = stubFetch({
    ...applicant.handlers,
    ...letters.handlers,
    [`GET ${STATUS_PATH}`]: () =>
      json({
        submitted_at: '2026-11-02T09:00:00.000Z',
        withdrawn_at: null,
        complete: false,
        checklist,
        reminders: true,
        deadline: null,
        decision: null,
      } satisfies StatusResponse),
  });
  const app = renderApp('/completion');
  await screen.findByRole('heading', { level: 1, name: 'Application Submitted' });
  return { ...app, letters, net };
}

describe('letters on the completion page', { timeout: 30_000 }, () => {
  test('each recommender\u2019s status, and a reminder while a letter is awaited', async () => {
    const { user, letters } = await openCompletion([
      askedGrace({
        can_remind: true,
      }),
      recommender('recommender_2_', {
        status: 'RECEIVED',
        name: 'Alan Turing',
        email: 'alan@example.edu',
        requested_at: REQUESTED_AT,
        received_at: '2026-03-09T12:00:00.000Z',
      }),
    ]);

    const section = await screen.findByRole('region', { name: 'Letters of recommendation' });
    const first = within(section).getByRole('group', { name: 'Recommender' });
    const second = within(section).getByRole('group', { name: 'Second Recommender' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Recommender' })).toBeInTheDocument();
    expect(first).toHaveTextContent(
      `Status: Requested on ${formatDay(REQUESTED_AT, ZONE)} from Grace Hopper (grace.hopper@example.edu).`,
    );
    expect(second).toHaveTextContent(
      `Status: Received on ${formatDay('2026-03-09T12:00:00.000Z', ZONE)} from Alan Turing.`,
    );
    // The answers are final: no hints about editing them, and no request to send.
    expect(section).not.toHaveTextContent('above');
    expect(within(section).queryByRole('button', { name: /Send request/ })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Send a reminder to your recommender' }));

    expect(await screen.findByRole('listitem', { name: 'Reminder sent' })).toHaveTextContent(
      RECOMMENDATION_MESSAGES.reminderSent,
    );
    await waitFor(() =>
      expect(first).toHaveTextContent(
        `You can send a reminder from ${formatMoment(letters.list[0]!.next_reminder_at!)}.`,
      ),
    );
  });

  test('a letter the office waived says so, with nothing to send, as the checklist does (issue 41)', async () => {
    await openCompletion([askedGrace({ can_remind: true })], 'MAE', {
      checklist: [
        {
          key: 'letter:recommender_',
          label: 'Letter of recommendation from Grace Hopper',
          state: 'waived',
          updated_at: REQUESTED_AT,
          kind: 'letter',
        },
      ],
    });
    const first = await screen.findByRole('group', { name: 'Recommender' });
    expect(first).toHaveTextContent(
      'Status: Waived by the admissions office: no letter is needed from this recommender.',
    );
    expect(first).not.toHaveTextContent('Requested');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
  });

  test('a second recommender never named is no letter at all, not "not requested yet" (issue 41)', async () => {
    await openCompletion([askedGrace(), recommender('recommender_2_', { status: 'NOT_REQUESTED' })], 'MAE', {
      answers: { recommender_2_first_name: '', recommender_2_last_name: '', recommender_2_email: '' },
    });
    const section = await screen.findByRole('region', { name: 'Letters of recommendation' });
    expect(within(section).getByRole('group', { name: 'Recommender' })).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: 'Second Recommender' })).not.toBeInTheDocument();
    expect(section).not.toHaveTextContent('Not requested yet');
  });

  test('a declined request shows the reason', async () => {
    await openCompletion([
      askedGrace({
        status: 'DECLINED',
        declined_at: '2026-03-04T12:00:00.000Z',
        decline_reason: 'I do not know the applicant well enough.',
      }),
    ]);

    const first = await screen.findByRole('group', { name: 'Recommender' });
    expect(first).toHaveTextContent(
      `Status: Declined on ${formatDay('2026-03-04T12:00:00.000Z', ZONE)} by Grace Hopper.`,
    );
    expect(first).toHaveTextContent('Their reason: I do not know the applicant well enough.');
  });

  test('nothing when no letters are asked for', async () => {
    const { net } = await openCompletion([], 'BMAS');
    expect(screen.queryByRole('region', { name: 'Letters of recommendation' })).not.toBeInTheDocument();
    expect(net.callsTo(`GET ${RECOMMENDATIONS_PATH}`)).toEqual([]);
  });

  test('nothing when the server lists no recommenders', async () => {
    const { net } = await openCompletion([]);
    await waitFor(() => expect(net.callsTo(`GET ${RECOMMENDATIONS_PATH}`)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Letters of recommendation' })).not.toBeInTheDocument();
  });
});
