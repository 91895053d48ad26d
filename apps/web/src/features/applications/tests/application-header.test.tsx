import { APPLICATION_ID_HEADER, ERROR_MESSAGES } from '@admissions/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { application, applicationsServer } from './applications-server';

const NURSING = '00000000-0000-4000-8000-000000000001';
const EDUCATION = '00000000-0000-4000-8000-000000000002';

function twoApplications() {
  return applicationsServer({
    applications: [application(NURSING, 'BMN'), application(EDUCATION, 'MAE')],
    records: {
      [NURSING]: { answers: { first_name: 'Ada' }, webStatuses: ['started'] },
      [EDUCATION]: { answers: { first_name: 'Grace' }, webStatuses: ['started'] },
    },
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the application a page was loaded for', { timeout: 30_000 }, () => {
  test('every form call names it, once the first answer has said which it is', async () => {
    setLoggedInCookie();
    const server = twoApplications();
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Ada B.');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await heading('Education');

    const [first, ...later] = net.requests.filter((r) => r.path.startsWith('/api/'));
    // The page's first call names none: it acts on the session's current application, and its answer names it.
    expect(first?.headers.get(APPLICATION_ID_HEADER)).toBeNull();
    const save = net.callsTo('PUT /api/answer');
    expect(save.map((r) => r.body)).toEqual([{ first_name: 'Ada B.' }]);
    expect(save[0]?.headers.get(APPLICATION_ID_HEADER)).toBe(NURSING);
    // From then on every call names it (the page's first calls leave together, before any answer has come).
    const after = later.slice(later.indexOf(save[0]!));
    expect(after.length).toBeGreaterThan(1);
    expect(after.map((r) => [r.method, r.path, r.headers.get(APPLICATION_ID_HEADER)])).toEqual(
      after.map((r) => [r.method, r.path, NURSING]),
    );
  });

  test('another tab opened a different application: the page says so, and Reload shows the one open now', async () => {
    setLoggedInCookie();
    const server = twoApplications();
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/about');
    await heading('About You');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');

    server.state.openElsewhere(EDUCATION);
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));

    // Nothing was written into the other application, and the page stays where it was.
    const notice = await screen.findByText(ERROR_MESSAGES.APPLICATION_CHANGED, { selector: '[role="alert"]' });
    expect(notice).toBeVisible();
    expect(server.applicant.state.answers).toEqual({ first_name: 'Grace' });
    expect(net.callsTo('PUT /api/answer').at(-1)?.headers.get(APPLICATION_ID_HEADER)).toBe(NURSING);

    const reload = screen.getByRole('button', { name: 'Reload' });
    reload.focus();
    await user.keyboard('{Enter}');

    // The form starts afresh from the application open now, on the page it was on; the refused edit is not
    // carried into it.
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Grace'));
    expect(screen.getByLabelText('Last name')).toHaveValue('');
    expect(screen.queryByText(ERROR_MESSAGES.APPLICATION_CHANGED)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
    expect(net.callsTo('GET /api/profile').at(-1)?.headers.get(APPLICATION_ID_HEADER)).toBeNull();
    // The reloaded page names the application open now.
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await heading('Education');
    expect(net.callsTo('PUT /api/answer').at(-1)?.headers.get(APPLICATION_ID_HEADER)).toBe(EDUCATION);
    expect(server.applicant.state.answers).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });
});

describe('a login', { timeout: 30_000 }, () => {
  const loggingIn = (handlers: ReturnType<typeof applicationsServer>['handlers']) => ({
    ...handlers,
    'POST /public/login': () => {
      setLoggedInCookie();
      return json({ message: 'You are logged in.' });
    },
  });

  async function logIn(user: ReturnType<typeof renderApp>['user']) {
    await heading('Log In');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  test('with several applications in this cycle leads to their list, with its message', async () => {
    stubFetch(loggingIn(twoApplications().handlers));
    const { user, router } = renderApp('/login');
    await logIn(user);

    await heading('Your applications');
    expect(router.state.location.pathname).toBe('/applications');
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You are logged in.');
  });

  test('with one leads to the form, as before', async () => {
    const server = applicationsServer({ applications: [application(NURSING, 'BMN')] });
    stubFetch(loggingIn(server.handlers));
    const { user, router } = renderApp('/login');
    await logIn(user);

    await heading('About You');
    expect(router.state.location.pathname).toBe('/about');
  });
});
