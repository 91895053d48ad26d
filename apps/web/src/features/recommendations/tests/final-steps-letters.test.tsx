import {
  formatInZone,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATIONS_PATH,
  type Answers,
  type RecommenderState,
} from '@admissions/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { formatDay } from '../components/format-dates';

/** The letters' times are the institution's (the tenant fixture's Chicago), issue 49. */
const ZONE = 'America/Chicago';
const formatMoment = (iso: string) => formatInZone(iso, ZONE);
import { askedGrace, DAY_MS, recommender, recommendationsServer, REQUESTED_AT } from './recommendations-server';

/** An MAE applicant (recommenders required) on Final Steps, with the letter requests given. */
async function openFinalSteps(recommenders: RecommenderState[], answers: Answers = completeAnswers()) {
  setLoggedInCookie();
  const applicant = applicantServer({ answers, webStatuses: ['started'] });
  const letters = recommendationsServer(applicant, recommenders);
  const net = stubFetch({ ...applicant.handlers, ...letters.handlers });
  const app = renderApp('/final-steps');
  await screen.findByRole('heading', { level: 1, name: 'Final Steps' });
  return { ...app, applicant, letters, net };
}

const section = (name: 'Recommender' | 'Second Recommender') => screen.getByRole('region', { name });
const letterPanel = (name: 'Recommender' | 'Second Recommender') =>
  within(section(name)).findByRole('group', { name: 'Letter of recommendation' });

describe('letter requests on Final Steps', { timeout: 30_000 }, () => {
  test('shows each recommender\u2019s status: requested with the date, declined with the reason', async () => {
    await openFinalSteps([
      askedGrace({
        can_remind: true,
      }),
      recommender('recommender_2_', {
        status: 'DECLINED',
        name: 'Alan Turing',
        email: 'alan@example.edu',
        requested_at: REQUESTED_AT,
        declined_at: '2026-03-05T12:00:00.000Z',
        decline_reason: 'I am on leave until June.',
      }),
    ]);

    const first = await letterPanel('Recommender');
    expect(first).toHaveTextContent(
      `Status: Requested on ${formatDay(REQUESTED_AT, ZONE)} from Grace Hopper (grace.hopper@example.edu).`,
    );
    expect(within(first).getByRole('button', { name: 'Send a reminder to your recommender' })).toBeVisible();
    expect(within(first).queryByRole('button', { name: /Send request/ })).not.toBeInTheDocument();

    const second = await letterPanel('Second Recommender');
    expect(second).toHaveTextContent(
      `Status: Declined on ${formatDay('2026-03-05T12:00:00.000Z', ZONE)} by Alan Turing.`,
    );
    expect(second).toHaveTextContent('Their reason: I am on leave until June.');
    // Declined: the applicant may ask someone else, not the same person again.
    expect(second).toHaveTextContent('You can ask someone else');
    expect(within(second).queryByRole('button', { name: /Send request/ })).not.toBeInTheDocument();
  });

  test('shows a received letter without its content, and a recommender not asked yet', async () => {
    await openFinalSteps([
      askedGrace({
        status: 'RECEIVED',
        received_at: '2026-03-10T12:00:00.000Z',
      }),
      recommender('recommender_2_'),
    ]);

    const first = await letterPanel('Recommender');
    expect(first).toHaveTextContent(
      `Status: Received on ${formatDay('2026-03-10T12:00:00.000Z', ZONE)} from Grace Hopper.`,
    );
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();

    const second = await letterPanel('Second Recommender');
    expect(second).toHaveTextContent('Status: Not requested yet.');
    expect(second).toHaveTextContent("When you have entered your recommender's name and e-mail address above");
    expect(within(second).getByRole('button', { name: 'Send request to your second recommender' })).toBeVisible();
  });

  test('Send request saves what was just typed, then sends, and says so', async () => {
    const { user, net, letters } = await openFinalSteps([recommender('recommender_'), recommender('recommender_2_')]);
    const second = section('Second Recommender');
    await user.type(within(second).getByLabelText('First Name'), 'Alan');
    await user.type(within(second).getByLabelText('Last Name'), 'Turing');
    await user.type(within(second).getByLabelText('Email'), 'alan@example.edu');

    await user.click(await within(second).findByRole('button', { name: 'Send request to your second recommender' }));

    const toast = await screen.findByRole('listitem', { name: 'Request sent' });
    expect(toast).toHaveTextContent(RECOMMENDATION_MESSAGES.requestSent);
    const panel = await letterPanel('Second Recommender');
    expect(panel).toHaveTextContent(
      `Status: Requested on ${formatDay(letters.list[1]!.requested_at!, ZONE)} from Alan Turing`,
    );
    // The status the button changed takes focus, as the button is gone.
    expect(document.activeElement).toHaveTextContent(/^Status: Requested on/);
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    expect(within(panel).queryByRole('button', { name: /Send request/ })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent(
      `You can send a reminder from ${formatMoment(letters.list[1]!.next_reminder_at!)}.`,
    );

    // The answers went first, so the server checked the name and e-mail on screen.
    const order = net.requests.map((r) => `${r.method} ${r.path}`);
    const saved = order.indexOf('PUT /api/answer');
    expect(saved).toBeGreaterThanOrEqual(0);
    expect(saved).toBeLessThan(order.indexOf('POST /api/recommendations/recommender_2_/request'));
    expect(net.callsTo('PUT /api/answer')[0]?.body).toMatchObject({
      recommender_2_first_name: 'Alan',
      recommender_2_last_name: 'Turing',
      recommender_2_email: 'alan@example.edu',
    });
    expect(net.callsTo('POST /api/recommendations/recommender_2_/request')[0]?.body).toEqual({});
    // The checklist is read again after the request: its letter item agrees with the panel without a reload (issue 41).
    const sent = net.requests.findIndex(
      (r) => `${r.method} ${r.path}` === 'POST /api/recommendations/recommender_2_/request',
    );
    await waitFor(() =>
      expect(net.requests.slice(sent + 1).map((r) => `${r.method} ${r.path}`)).toContain('GET /api/status'),
    );
  });

  test('a recommender without a valid name and e-mail: the server\u2019s message beside the button', async () => {
    const { user } = await openFinalSteps([recommender('recommender_'), recommender('recommender_2_')]);
    const second = await letterPanel('Second Recommender');

    await user.click(within(second).getByRole('button', { name: 'Send request to your second recommender' }));

    expect(await within(second).findByRole('alert')).toHaveTextContent(
      'Please enter a valid first name, last name and email address for this recommender first.',
    );
    expect(screen.queryByRole('listitem', { name: 'Request sent' })).not.toBeInTheDocument();
  });

  test('a reminder, at most one a day: sent, then when the next is possible', async () => {
    const { user, net, letters } = await openFinalSteps([
      askedGrace({
        can_remind: true,
      }),
      recommender('recommender_2_'),
    ]);
    const first = await letterPanel('Recommender');

    await user.click(within(first).getByRole('button', { name: 'Send a reminder to your recommender' }));

    expect(await screen.findByRole('listitem', { name: 'Reminder sent' })).toHaveTextContent(
      RECOMMENDATION_MESSAGES.reminderSent,
    );
    await waitFor(() =>
      expect(first).toHaveTextContent(
        `You can send a reminder from ${formatMoment(letters.list[0]!.next_reminder_at!)}.`,
      ),
    );
    expect(within(first).queryByRole('button', { name: /Send a reminder/ })).not.toBeInTheDocument();
    expect(net.callsTo('POST /api/recommendations/recommender_/reminder').map((r) => r.body)).toEqual([{}]);
  });

  test('a reminder refused as too soon shows the server\u2019s message', async () => {
    const { user, letters } = await openFinalSteps([
      askedGrace({
        can_remind: true,
      }),
      recommender('recommender_2_'),
    ]);
    const first = await letterPanel('Recommender');
    // Another tab sent one meanwhile.
    letters.list[0]!.can_remind = false;

    await user.click(within(first).getByRole('button', { name: 'Send a reminder to your recommender' }));

    expect(await within(first).findByRole('alert')).toHaveTextContent(
      'You can send one reminder a day. Please try again tomorrow.',
    );
  });

  test('a reminder not allowed yet: no button, and when it will be', async () => {
    const next = new Date(Date.now() + DAY_MS / 2).toISOString();
    await openFinalSteps([
      askedGrace({
        next_reminder_at: next,
      }),
      recommender('recommender_2_'),
    ]);
    const first = await letterPanel('Recommender');
    expect(first).toHaveTextContent(`You can send a reminder from ${formatMoment(next)}.`);
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
  });

  /** Grace Hopper was asked (the letter in `status`); the applicant types another address over hers. */
  const retypeAddressAfter = async (status: 'REQUESTED' | 'RECEIVED') => {
    const { user } = await openFinalSteps([askedGrace({ status }), recommender('recommender_2_')]);
    const panel = await letterPanel('Recommender');
    const email = within(section('Recommender')).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada@example.edu');
    return panel;
  };

  test('a changed e-mail after a request offers a new request to the new address', async () => {
    const first = await retypeAddressAfter('REQUESTED');
    expect(first).toHaveTextContent(
      'The request went to grace.hopper@example.edu. Once this change is saved, that link stops working and we will ask ada@example.edu within 10 minutes. To ask them now, press Send request.',
    );
    expect(within(first).getByRole('button', { name: 'Send request to your recommender' })).toBeVisible();
  });

  test('a changed e-mail after a letter arrived offers a request to the new address, and no automatic one', async () => {
    const first = await retypeAddressAfter('RECEIVED');
    expect(first).toHaveTextContent(
      'The request went to grace.hopper@example.edu. To ask ada@example.edu instead, press Send request.',
    );
    expect(first).not.toHaveTextContent('minutes');
    expect(within(first).getByRole('button', { name: 'Send request to your recommender' })).toBeVisible();
  });

  test('a saved change of name or e-mail asks for the status again', async () => {
    const { user, net } = await openFinalSteps([recommender('recommender_'), recommender('recommender_2_')]);
    await letterPanel('Recommender');
    await waitFor(() => expect(net.callsTo(`GET ${RECOMMENDATIONS_PATH}`)).toHaveLength(1));

    await user.type(within(section('Second Recommender')).getByLabelText('First Name'), 'Alan');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('listitem', { name: 'Saved' });
    await waitFor(() => expect(net.callsTo(`GET ${RECOMMENDATIONS_PATH}`)).toHaveLength(2));
  });

  test('nothing for a program without recommenders, and no call', async () => {
    const { net } = await openFinalSteps([], { ...completeAnswers(), applied_major: 'BMAS' });
    expect(screen.queryByRole('region', { name: 'Recommender' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Letter of recommendation' })).not.toBeInTheDocument();
    expect(net.callsTo(`GET ${RECOMMENDATIONS_PATH}`)).toEqual([]);
  });

  test('nothing for a visitor, who has no account to send requests from', async () => {
    const net = stubFetch();
    const { user, router } = renderApp('/education-alr');
    await screen.findByRole('heading', { level: 1, name: 'Education' });
    await user.selectOptions(screen.getByLabelText('Which program are you applying for?'), 'MAE');
    // As with the browser's history: the buttons would send a visitor with answers to /signup.
    await act(() => router.navigate('/final-steps'));

    await screen.findByRole('heading', { level: 1, name: 'Final Steps' });
    expect(section('Recommender')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Letter of recommendation' })).not.toBeInTheDocument();
    expect(net.callsTo(`GET ${RECOMMENDATIONS_PATH}`)).toEqual([]);
  });
});
