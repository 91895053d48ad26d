import { APPLICATION_ID_HEADER, APPLICATIONS_PATH, CURRENT_APPLICATION_PATH, ERROR_MESSAGES } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { completeAnswers } from '../../../test/application-server';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { application, applicationsServer, OPEN_CYCLE, PAST_CYCLE } from './applications-server';

const NURSING = '00000000-0000-4000-8000-000000000001';
const EDUCATION = '00000000-0000-4000-8000-000000000002';
const PAST = '00000000-0000-4000-8000-000000000003';
const SUBMITTED_AT = '2026-11-02T15:00:00.000Z';

function threeApplications(options: { canStart?: boolean } = {}) {
  return applicationsServer({
    ...options,
    applications: [
      application(NURSING, 'BMN', { state: 'in_progress' }),
      application(EDUCATION, 'MAE', { state: 'submitted', submitted_at: SUBMITTED_AT, term: '2028SP' }),
      application(PAST, 'MAAS', { cycle: PAST_CYCLE, state: 'closed', term: null }),
    ],
    records: {
      [NURSING]: { answers: { first_name: 'Ada' }, webStatuses: ['started'] },
      [EDUCATION]: { answers: completeAnswers(), submitted: true, webStatuses: ['started', 'validating', 'submitted'] },
    },
  });
}

const item = (name: string) => screen.getByRole('listitem', { name });

describe('your applications', { timeout: 30_000 }, () => {
  test('lists each application with its program, term, cycle, state and submission time, and opens one', async () => {
    setLoggedInCookie();
    const server = threeApplications();
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About You' });

    // From the account menu, by keyboard.
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('dialog', { name: 'Account' });
    within(menu).getByRole('link', { name: 'Your applications' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Your applications' });
    expect(document.title).toBe('Your applications - Application for Admission');
    expect(router.state.location.pathname).toBe('/applications');

    const nursing = await screen.findByRole('listitem', { name: 'MS in Nursing' });
    expect(nursing).toHaveTextContent('Open now');
    expect(nursing).toHaveTextContent('TermFall 2027');
    expect(nursing).toHaveTextContent(`Admissions cycle${OPEN_CYCLE.label}`);
    expect(nursing).toHaveTextContent('StatusIn progress, not submitted yet');
    expect(nursing).not.toHaveTextContent('Submitted');

    const education = item('MA in Education');
    expect(education).not.toHaveTextContent('Open now');
    expect(education).toHaveTextContent('TermSpring 2028');
    expect(education).toHaveTextContent('StatusSubmitted');
    // 15:00 UTC is 9:00 am in Chicago: the institution's zone, named.
    expect(education).toHaveTextContent('Submitted9:00 am Central Time on Monday, 2 November 2026');

    const past = item('MA in Applied Sociology');
    expect(past).toHaveTextContent(`Admissions cycle${PAST_CYCLE.label}`);
    expect(past).toHaveTextContent('StatusNot submitted before its admissions cycle closed');
    expect(past).toHaveTextContent('TermNot chosen yet');

    // A submitted one opens on its status page, and the page's calls now name it.
    await user.click(
      within(education).getByRole('button', { name: `Open the MA in Education application, ${OPEN_CYCLE.label}` }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Application Submitted' });
    expect(router.state.location.pathname).toBe('/completion');
    expect(net.callsTo(`PUT ${CURRENT_APPLICATION_PATH}`).map((r) => r.body)).toEqual([{ id: EDUCATION }]);
    const lastProfile = net.callsTo('GET /api/profile').at(-1)!;
    expect(lastProfile.headers.get(APPLICATION_ID_HEADER)).toBe(EDUCATION);
  });

  test('the open one opens without a switch; a refused opening says why, and focus goes there', async () => {
    setLoggedInCookie();
    const server = threeApplications();
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/applications');
    await screen.findByRole('listitem', { name: 'MS in Nursing' });

    // Another tab removed it meanwhile: the server no longer knows it.
    server.state.applications.splice(1, 1);
    await user.click(screen.getByRole('button', { name: `Open the MA in Education application, ${OPEN_CYCLE.label}` }));
    const alert = await screen.findByText(ERROR_MESSAGES.NOT_FOUND);
    expect(alert).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(router.state.location.pathname).toBe('/applications');

    await user.click(screen.getByRole('button', { name: `Open the MS in Nursing application, ${OPEN_CYCLE.label}` }));
    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(net.callsTo(`PUT ${CURRENT_APPLICATION_PATH}`)).toHaveLength(1);
  });

  test('no other can be started: no button, and the reason instead', async () => {
    setLoggedInCookie();
    const server = applicationsServer({
      canStart: false,
      applications: [
        application(NURSING, 'BMN'),
        application(EDUCATION, 'MAE'),
        application(PAST, 'MAAS', { term: '2027SP' }),
      ],
    });
    stubFetch(server.handlers);
    renderApp('/applications');

    const section = await screen.findByRole('region', { name: 'Another application' });
    expect(section).toHaveTextContent(
      `You have 3 applications in the ${OPEN_CYCLE.label} admissions cycle, as many as one person may hold, so you cannot start another.`,
    );
    expect(screen.queryByRole('button', { name: 'Start another application' })).not.toBeInTheDocument();
  });

  test('a visitor is sent to log in', async () => {
    const net = stubFetch();
    renderApp('/applications');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo(`GET ${APPLICATIONS_PATH}`)).toHaveLength(0);
  });
});
