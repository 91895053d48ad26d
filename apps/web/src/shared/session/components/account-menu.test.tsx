import { LOGIN_MARKER_COOKIE, SESSION_INVALID_MESSAGE } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const profile = {
  username: 'ada@example.com',
  answer: {},
  document_answer: {},
  last_page: null,
  successful_login: [],
  web_status: [],
};

async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  return screen.findByRole('dialog', { name: 'Account' });
}

describe('header', () => {
  test('shows the logo named after the institution and the title', async () => {
    stubFetch();
    renderApp('/login');

    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('img', { name: tenantFixture.partnerName })).toBeInTheDocument();
    expect(header).toHaveTextContent('Application for Admission');
  });
});

describe('account menu', () => {
  test('offers an applicant their data, and a staff member none (issue 49)', async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer({ webStatuses: ['started'] }).handlers,
      'GET /api/profile': () => json({ ...profile, is_staff: true }),
    });
    const { user } = renderApp('/about');
    const menu = await openAccountMenu(user);
    expect(await within(menu).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Download My Data' })).not.toBeInTheDocument();
  });

  test('an applicant is offered "Download My Data"', async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer({ webStatuses: ['started'] }).handlers,
      'GET /api/profile': () => json(profile),
    });
    const { user } = renderApp('/about');
    const menu = await openAccountMenu(user);
    expect(await within(menu).findByRole('link', { name: 'Download My Data' })).toBeInTheDocument();
  });

  test('offers Sign In and Create Account to visitors, carrying their answers', async () => {
    const net = stubFetch();
    const { user, router } = renderApp('/about', { state: { answers: { first_name: 'Ada' } } });

    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/profile')).toHaveLength(0);

    await user.click(within(menu).getByRole('link', { name: 'Create Account' }));

    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();

    const again = await openAccountMenu(user);
    await user.click(within(again).getByRole('link', { name: 'Sign In' }));
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
  });

  test('shows the username and logs out to /login with the server message', async () => {
    setLoggedInCookie();
    const net = stubFetch({
      ...applicantServer({ webStatuses: ['started'] }).handlers,
      'GET /api/profile': () => json(profile),
      'GET /api/logout': () => {
        document.cookie = `${LOGIN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
        return json({ message: 'You have been logged out.' });
      },
    });
    const { user, router } = renderApp('/about');

    const menu = await openAccountMenu(user);
    expect(await within(menu).findByText('ada@example.com')).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Log Out' }));

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo('GET /api/logout')).toHaveLength(1);
    expect(router.state.location.state).toEqual({ message: 'You have been logged out.' });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You have been logged out.');
    // The session is recomputed: the menu offers Sign In again.
    const after = await openAccountMenu(user);
    expect(within(after).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('a 401 sends the user to /login with the session message and forgets the session', async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer().handlers,
      'GET /api/profile': () => json({ code: 'UNAUTHORIZED', message: SESSION_INVALID_MESSAGE }, 401),
    });
    const { router, queryClient } = renderApp('/about');

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_INVALID_MESSAGE);
    expect(router.state.location.state).toEqual({ errorMessage: SESSION_INVALID_MESSAGE });
    // Forgotten once /login is on screen.
    await waitFor(() => expect(document.cookie).not.toContain(LOGIN_MARKER_COOKIE));
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });
});
