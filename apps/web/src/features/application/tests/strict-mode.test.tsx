// main.tsx renders in StrictMode, which runs effects twice in development: the once-only work must stay once.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { expect, test } from 'vitest';
import { App } from '../../../app/app';
import { createAppQueryClient } from '../../../app/app-query-client';
import { stubFetch } from '../../../test/fetch-stub';
import { applicantServer } from '../../../test/application-server';
import { memoryRouter, setLoggedInCookie } from '../../../test/render-app';

test('under StrictMode (as in production) the first-visit work and saves happen once', async () => {
  setLoggedInCookie();
  const server = applicantServer({ lastPage: '/education-alr', logins: ['a', 'b'] });
  const net = stubFetch(server.handlers);
  const { history, router } = memoryRouter([
    { pathname: '/about', state: { message: 'Hi', answers: { first_name: 'Ada' } } },
  ]);
  const queryClient = createAppQueryClient(history);
  render(
    <StrictMode>
      <App history={history} queryClient={queryClient} />
    </StrictMode>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Education' }, { timeout: 10000 });
  await waitFor(() => expect(server.state.answers).toEqual({ first_name: 'Ada' }));
  // Carried once, by the server's carry-over call.
  expect(net.callsTo('POST /api/carry-over')).toHaveLength(1);
  expect(net.callsTo('PUT /api/answer')).toHaveLength(0);
  expect(net.callsTo('POST /api/web-status')).toHaveLength(1);
  await waitFor(() => expect(net.callsTo('PUT /api/last-page')).toHaveLength(0));
  expect(await screen.findAllByRole('listitem', { name: 'Success' })).toHaveLength(1);
  expect(router.state.location.state).toEqual({ message: 'Hi' });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Current Employer'), 'X');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.state.answers).toEqual({ first_name: 'Ada', employer_current: 'X' }));
  expect(net.callsTo('PUT /api/answer')).toHaveLength(1);
}, 60000);
