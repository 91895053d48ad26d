import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, pending, stubFetch } from '../../../test/fetch-stub';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('form pages: loading, redirects and the last page', { timeout: 30_000 }, () => {
  test('shows the loading state, never empty answers, until the profile has arrived', async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: { first_name: 'Ada' }, webStatuses: ['started'] });
    let answerProfile: (() => void) | undefined;
    stubFetch({
      ...server.handlers,
      'GET /api/profile': () =>
        new Promise((resolve) => {
          answerProfile = () => resolve(server.handlers['GET /api/profile']!({} as never) as Response);
        }),
    });
    renderApp('/about');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await waitFor(() => expect(answerProfile).toBeDefined());
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();

    answerProfile?.();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  test('a visitor at /completion is sent to the default page, keeping the query string', async () => {
    stubFetch();
    const { router } = renderApp('/completion?x=1');

    await heading('About You');
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.search).toBe('?x=1');
  });

  test('a submitted application shows /completion for every page, with thanks by first name', async () => {
    setLoggedInCookie();
    const server = applicantServer({
      answers: completeAnswers(),
      submitted: true,
      webStatuses: ['started', 'validating', 'submitted'],
    });
    stubFetch(server.handlers);
    const { router } = renderApp('/education-alr');

    await heading('Application Submitted');
    expect(router.state.location.pathname).toBe('/completion');
    const banner = screen.getByRole('region', { name: 'Welcome' });
    expect(banner).toHaveTextContent('Thank you, Ada!');
    expect(banner).toHaveTextContent('Congratulations on submitting your application to Northfield College.');
    // Drawn once the recommenders' letters are known, so that they never push it down.
    expect(await screen.findByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).not.toBeInTheDocument();
    // The institution's own words: its application's title, second short name and word for web site.
    expect(
      screen.getByText('Thank you for applying to Northfield College. Your Graduate Application has been submitted.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Explore Northfield' })).toBeInTheDocument();
    expect(screen.getByText('Find out more on the Northfield website:')).toBeInTheDocument();
  });

  test('an unsubmitted applicant at /completion goes to the default page', async () => {
    setLoggedInCookie();
    stubFetch(applicantServer({ webStatuses: ['started'] }).handlers);
    const { router } = renderApp('/completion');

    await heading('About You');
    expect(router.state.location.pathname).toBe('/about');
  });

  test('a returning applicant lands on the page they were last on, without saving the page they passed', async () => {
    setLoggedInCookie();
    const server = applicantServer({ lastPage: '/final-steps', webStatuses: ['started'], logins: ['a', 'b'] });
    const net = stubFetch(server.handlers);
    const { router } = renderApp('/about', { state: { message: 'You are logged in.' } });

    await heading('Final Steps');
    expect(router.state.location.pathname).toBe('/final-steps');
    expect(router.state.historyAction).toBe('REPLACE');
    // The login message survives the move and is shown once.
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You are logged in.');
    expect(screen.getAllByRole('listitem', { name: 'Success' })).toHaveLength(1);
    expect(net.callsTo('PUT /api/last-page')).toHaveLength(0);
  });

  test('while started, every page visited is saved as the last page', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');
    await waitFor(() =>
      expect(net.callsTo('PUT /api/last-page').map((r) => r.body)).toEqual([{ last_page: '/about' }]),
    );

    await user.click(
      within(screen.getByRole('navigation', { name: 'Application steps' })).getByRole('link', {
        name: 'Step 2 Education',
      }),
    );

    await heading('Education');
    await waitFor(() => expect(server.state.lastPage).toBe('/education-alr'));
    expect(net.callsTo('PUT /api/last-page')).toHaveLength(2);
  });

  test('an applicant without a web status gets started, posted and retried up to 2 times', async () => {
    setLoggedInCookie();
    const server = applicantServer();
    let failures = 2;
    const net = stubFetch({
      ...server.handlers,
      'POST /api/web-status': (request) =>
        failures-- > 0
          ? json({ code: 'SERVICE_UNAVAILABLE', message: 'Try again.' }, 503)
          : server.handlers['POST /api/web-status']!(request),
    });
    renderApp('/about');
    await heading('About You');

    await waitFor(() => expect(server.state.webStatuses).toEqual(['started']), { timeout: 10_000 });
    expect(net.callsTo('POST /api/web-status')).toHaveLength(3);
    expect(net.callsTo('POST /api/web-status').map((r) => r.body)).toEqual(Array(3).fill({ web_status: 'started' }));
    // Started locally at once: the page is recorded as the last page.
    await waitFor(() => expect(server.state.lastPage).toBe('/about'));
  });

  test('a visitor makes no account calls at all', async () => {
    const net = stubFetch();
    renderApp('/final-steps');

    await heading('Final Steps');
    expect(net.requests.map((r) => r.path)).toEqual(['/public/tenant']);
  });

  test('a 401 on the profile goes to /login with the session message', async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer().handlers,
      'GET /api/profile': () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401),
    });
    renderApp('/about');

    await heading('Log In');
    expect(screen.getByRole('alert')).toHaveTextContent('Your session is invalid.');
  });

  test('keeps pending calls from flashing the page of a visitor with a resume link', async () => {
    stubFetch({ 'GET /public/tmp': pending });
    renderApp('/about?token=abcdefghijklmnopqrstuvwxyz');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });
});
