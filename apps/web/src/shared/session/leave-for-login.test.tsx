import { act, screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { applicantServer } from '../../test/application-server';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../test/render-app';
import { isLoggedInNow } from './session-store';
import { leaveForLogin } from './leave-for-login';

test('leaving for /login is done once /login is on screen, not when the move is asked for', async () => {
  setLoggedInCookie();
  stubFetch({ ...applicantServer().handlers, 'GET /api/logout': () => new Response(null, { status: 204 }) });
  const { router } = renderApp('/about');
  await screen.findByRole('heading', { level: 1, name: 'About You' });

  let done = false;
  await act(async () => {
    void leaveForLogin((to) => router.navigate(to), { message: 'You have been logged out.' }).then(() => (done = true));
    await Promise.resolve();
  });
  // /login's code is still on its way: the old page shows, and the leaving is not over.
  expect(screen.queryByRole('heading', { level: 1, name: 'Log In' })).not.toBeInTheDocument();
  expect(done).toBe(false);

  await screen.findByRole('heading', { level: 1, name: 'Log In' });
  await waitFor(() => expect(done).toBe(true));
  expect(isLoggedInNow()).toBe(false);
});
