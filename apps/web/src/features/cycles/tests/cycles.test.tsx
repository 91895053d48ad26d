import {
  APPLICATION_CYCLE_PATH,
  DECISION_MESSAGES,
  NEW_CYCLE_PATH,
  pastDecisionResponsePath,
  type ApplicationCycleResponse,
  type NewCycleResponse,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const OPEN = { id: '2027-28', label: 'Admissions 2027–28' };
const OLD = { id: '2026-27', label: '2026-27' };
const SUBMITTED_AT = '2026-11-02T15:00:00.000Z';
const REPLY_BY = '2026-11-16T15:00:00.000Z';
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/**
 * An applicant whose application belongs to the closed 2026-27 cycle, as the
 * server answers for them (decision 052): read-only until they start the
 * 2027-28 application, which moves the old one to their past applications.
 */
function closedCycleServer({
  submitted,
  dropped = [],
  refuse = false,
}: {
  submitted: boolean;
  dropped?: NewCycleResponse['dropped'];
  /** Another tab started it first: the server's 409. */
  refuse?: boolean;
}) {
  const applicant = applicantServer({
    answers: { ...completeAnswers(), first_name: 'Ada' },
    submitted,
    webStatuses: submitted ? ['started', 'validating', 'submitted'] : ['started'],
  });
  let started = false;
  let response: 'accept' | 'decline' | null = null;
  const net = stubFetch({
    ...applicant.handlers,
    [`GET ${APPLICATION_CYCLE_PATH}`]: () =>
      json({
        open_cycle: OPEN,
        closed: started ? null : { cycle: OLD, submitted, submitted_at: submitted ? SUBMITTED_AT : null },
        past: started
          ? [
              {
                cycle: OLD,
                submitted_at: submitted ? SUBMITTED_AT : null,
                decision: submitted
                  ? {
                      label: 'Admitted',
                      offer: { reply_by: REPLY_BY, response, can_respond: response === null },
                    }
                  : null,
                pdf_url: '/api/past-applications/2026-27/pdf',
              },
            ]
          : [],
      } satisfies ApplicationCycleResponse),
    [`POST ${pastDecisionResponsePath(OLD.id)}`]: ({ body }) => {
      response = (body as { response: 'accept' | 'decline' }).response;
      return json({ message: DECISION_MESSAGES.accepted });
    },
    [`POST ${NEW_CYCLE_PATH}`]: ({ body }) => {
      if (refuse)
        return json(
          {
            code: 'APPLICATION_IN_OPEN_CYCLE',
            message: 'Your application already belongs to the current admissions cycle.',
          },
          409,
        );
      const carry = (body as { carry_over: boolean }).carry_over;
      const kept = carry ? { first_name: 'Ada' } : {};
      started = true;
      Object.assign(applicant.state, { answers: kept, submitted: false, webStatuses: [], lastPage: null });
      return json({ cycle: OPEN, carried: Object.keys(kept), dropped } satisfies NewCycleResponse);
    },
  });
  return { net, applicant };
}

describe('an application of a closed cycle', { timeout: 30_000 }, () => {
  test('submitted: read on /completion with its date in the institution’s zone, then a new application by keyboard', async () => {
    setLoggedInCookie();
    const { net } = closedCycleServer({ submitted: true });
    const { user, router } = renderApp('/completion');
    await heading('Application Submitted');

    const notice = (await screen.findByRole('heading', { name: 'The 2026-27 admissions cycle has closed' }))
      .parentElement!;
    // 15:00 UTC is 9:00 am in Chicago: the time names its zone.
    expect(notice).toHaveTextContent(
      'You submitted this application at 9:00 am Central Time on Monday, 2 November 2026',
    );
    // The notice may come before the copy is ready: the cycle call starts with the page's banner.
    expect(await screen.findByRole('link', { name: 'Download a PDF copy of your application' })).toBeInTheDocument();

    const start = within(notice).getByRole('button', { name: 'Start an application for Admissions 2027–28' });
    start.focus();
    await user.keyboard('{Enter}');

    await heading('About You');
    expect(net.callsTo(`POST ${NEW_CYCLE_PATH}`).map((r) => r.body)).toEqual([{ carry_over: false }]);
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('First name')).toBeEnabled();
    expect(screen.queryByRole('heading', { name: /cycle has closed/ })).not.toBeInTheDocument();

    // The old application stays listed, with its decision and its PDF copy.
    const past = (await screen.findByRole('heading', { name: 'Your past applications' })).parentElement!;
    expect(past).toHaveTextContent('Admissions cycle 2026-27');
    expect(past).toHaveTextContent('Submitted at 9:00 am Central Time on Monday, 2 November 2026');
    expect(past).toHaveTextContent('Decision: Admitted');
    expect(within(past).getByRole('link', { name: 'Download a PDF copy of your 2026-27 application' })).toHaveAttribute(
      'href',
      '/api/past-applications/2026-27/pdf',
    );

    // Its offer can still be answered, until the reply-by instant shown in the institution's zone.
    // The reader's own zone follows when it differs (the machine's zone decides).
    expect(past).toHaveTextContent('Please answer by 9:00 am Central Time on Monday, 16 November 2026');
    await user.click(within(past).getByRole('button', { name: 'Accept the 2026-27 offer' }));
    expect(await within(past).findByRole('alert')).toHaveTextContent(DECISION_MESSAGES.accepted);
    expect(net.callsTo(`POST ${pastDecisionResponsePath('2026-27')}`).map((r) => r.body)).toEqual([
      { response: 'accept' },
    ]);
    expect(await within(past).findByText('You accepted this offer.')).toBeInTheDocument();
    expect(within(past).queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
  });

  test('unsubmitted: read-only, and a dialog carries the answers over, naming the ones left out', async () => {
    setLoggedInCookie();
    const { net } = closedCycleServer({
      submitted: false,
      dropped: [{ key: 'applied_major', value: 'BMAS', value_label: 'MS in Biomedical and Applied Sciences' }],
    });
    const { user } = renderApp('/about');
    await heading('About You');

    const notice = (await screen.findByRole('heading', { name: 'This application was not submitted' })).parentElement!;
    expect(notice).toHaveTextContent(
      'The 2026-27 admissions cycle closed before this application was submitted, so it can no longer be changed or submitted.',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('First name')).toBeDisabled();

    const open = screen.getByRole('button', { name: 'Start an application for Admissions 2027–28' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Start your Admissions 2027–28 application' });
    await user.click(within(dialog).getByRole('button', { name: 'Carry my answers over' }));

    // Named in words, never by its code.
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent(
      'Which program are you applying for?: MS in Biomedical and Applied Sciences',
    );
    expect(net.callsTo(`POST ${NEW_CYCLE_PATH}`).map((r) => r.body)).toEqual([{ carry_over: true }]);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to your new application' }));

    await waitFor(() => expect(screen.getByLabelText('First name')).toBeEnabled());
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your past applications' })).toBeInTheDocument();
  });

  test('a start the server refuses says why and leaves the application as it was', async () => {
    setLoggedInCookie();
    const { net } = closedCycleServer({ submitted: true, refuse: true });
    const { user, router } = renderApp('/completion');
    await user.click(await screen.findByRole('button', { name: 'Start an application for Admissions 2027–28' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your application already belongs to the current admissions cycle.',
    );
    expect(net.callsTo(`POST ${NEW_CYCLE_PATH}`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/completion');
  });
});
