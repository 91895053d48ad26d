import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { applicantServer } from '../../../test/application-server';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { runBeforeLogout } from '../../../shared/session/before-logout';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';

describe("a visitor's answers", { timeout: 30_000 }, () => {
  test('a resume link (?token=) loads the saved answers', async () => {
    const net = stubFetch({
      'GET /public/tmp': () =>
        json({ answer: { first_name: 'Ada', last_name: 'Lovelace' }, expires_at: '2026-12-01T00:00:00.000Z' }),
    });
    renderApp(`/about?token=${TOKEN}`);

    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(net.callsTo('GET /public/tmp')[0]?.path).toBe(`/public/tmp?token=${TOKEN}`);
  });

  test('an expired resume link says so and leaves an empty form', async () => {
    stubFetch({
      'GET /public/tmp': () =>
        json({ code: 'NOT_FOUND', message: 'This link to saved answers is invalid or has expired.' }, 404),
    });
    renderApp(`/about?token=${TOKEN}`);

    expect(await screen.findByRole('listitem', { name: 'Saved Answers Error' })).toHaveTextContent(
      'This link to saved answers is invalid or has expired.',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  test("the header's Create Account link carries the answers typed on the page", async () => {
    stubFetch();
    const { user, router } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('First name'), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Account' })).getByRole('link', { name: 'Create Account' }),
    );

    await heading('Sign Up');
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
  });

  test("'Save and finish later' stores the answers and shows the resume link to copy", async () => {
    const url = `http://localhost/about?token=${TOKEN}`;
    const net = stubFetch({
      'POST /public/tmp': () =>
        json({
          message: 'Your answers are saved. We have e-mailed you a link to come back to them.',
          token: TOKEN,
          url,
          expires_at: '2026-12-01T00:00:00.000Z',
        }),
    });
    const { user } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('First name'), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Save and finish later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save and finish later' });
    await user.type(within(dialog).getByLabelText('Email address (optional)'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Get my link' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We have e-mailed you a link');
    expect(within(dialog).getByLabelText('Your link')).toHaveValue(url);
    expect(net.callsTo('POST /public/tmp')[0]?.body).toEqual({
      answer: { first_name: 'Ada' },
      email: 'ada@example.com',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText('Link copied.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
  });

  test("'Save and finish later' checks the optional address", async () => {
    const net = stubFetch();
    const { user } = renderApp('/about');
    await heading('About You');

    await user.click(screen.getByRole('button', { name: 'Save and finish later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save and finish later' });
    await user.type(within(dialog).getByLabelText('Email address (optional)'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Get my link' }));

    expect(within(dialog).getByLabelText('Email address (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Your email address must be valid.'),
    );
    expect(net.callsTo('POST /public/tmp')).toHaveLength(0);
  });
});

describe("an applicant's answers", { timeout: 30_000 }, () => {
  test('at a login, the answers typed as a visitor fill the unanswered questions without asking, once', async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: { last_name: 'Byron' } });
    const net = stubFetch(server.handlers);
    const { router } = renderApp('/about', {
      state: { message: 'You are logged in.', answers: { first_name: 'Ada', middle_name: '' } },
    });

    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ada'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Byron');
    expect(server.state.answers).toEqual({ first_name: 'Ada', last_name: 'Byron' });
    expect(net.callsTo('POST /api/carry-over').map((r) => r.body)).toEqual([{ answer: { first_name: 'Ada' } }]);
    expect(net.callsTo('PUT /api/answer')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Dropped from the history entry, so a reload cannot offer them again over later edits.
    expect(router.state.location.state).toEqual({ message: 'You are logged in.' });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You are logged in.');
  });

  test('where a typed answer differs from a saved one, the applicant sees both and chooses; nothing is overwritten before', async () => {
    setLoggedInCookie();
    const server = applicantServer({
      answers: { first_name: 'Dan', last_name: 'Brown', gender: 'M', gender_desc: 'Male' },
    });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about', {
      state: { answers: { first_name: 'Oops', last_name: 'Brown', gender: 'F', gender_desc: 'Female', city: 'Leeds' } },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Which answers should we keep?' });
    expect(server.state.answers).toEqual({
      first_name: 'Dan',
      last_name: 'Brown',
      gender: 'M',
      gender_desc: 'Male',
      city: 'Leeds',
    });
    const first = within(dialog).getByRole('group', { name: 'First name' });
    expect(within(first).getByRole('radio', { name: 'Saved in your application: Dan' })).toBeChecked();
    await user.click(within(first).getByRole('radio', { name: 'Entered before you logged in: Oops' }));
    const gender = within(dialog).getByRole('group', { name: /gender/i });
    expect(within(gender).getByRole('radio', { name: 'Saved in your application: Male' })).toBeChecked();
    expect(within(gender).getByRole('radio', { name: 'Entered before you logged in: Female' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep these answers' }));
    await waitFor(() => expect(server.state.answers.first_name).toBe('Oops'));
    expect(server.state.answers.gender).toBe('M');
    expect(net.callsTo('PUT /api/answer').map((r) => r.body)).toEqual([{ first_name: 'Oops' }]);
    expect(screen.getByLabelText('First name')).toHaveValue('Oops');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('closing the choice keeps every saved answer', async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: { first_name: 'Dan' } });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about', { state: { answers: { first_name: 'Oops' } } });
    const dialog = await screen.findByRole('dialog', { name: 'Which answers should we keep?' });
    // As a keyboard user meets it: the dialog has taken the focus.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('First name')).toHaveValue('Dan');
    expect(net.callsTo('PUT /api/answer')).toHaveLength(0);
  });

  test('a submitted account is told its application is already submitted, and nothing is added', async () => {
    setLoggedInCookie();
    const server = applicantServer({
      answers: { first_name: 'Dan' },
      submitted: true,
      webStatuses: ['started', 'validating', 'submitted'],
    });
    stubFetch(server.handlers);
    renderApp('/about', { state: { answers: { first_name: 'Oops' } } });
    expect(await screen.findByRole('listitem', { name: 'Application already submitted' })).toHaveTextContent(
      'Your application has already been submitted, so the answers you entered before logging in were not added to it.',
    );
    expect(server.state.answers).toEqual({ first_name: 'Dan' });
  });

  test('hiding a block clears its answers locally, and the save sends the cleared keys', async () => {
    setLoggedInCookie();
    const server = applicantServer({
      answers: {
        mailing_addr_same_as_perm_addr: 'N',
        mailing_addr_same_as_perm_addr_desc: 'No',
        mailing_city: 'Boston',
      },
      webStatuses: ['started'],
    });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');
    const question = screen.getByRole('group', { name: 'Is your mailing address the same as your permanent address?' });
    expect(screen.getByDisplayValue('Boston')).toBeInTheDocument();

    await user.click(within(question).getByRole('radio', { name: 'Yes' }));

    expect(screen.queryByDisplayValue('Boston')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT /api/answer')).toHaveLength(1));
    expect(net.callsTo('PUT /api/answer')[0]?.body).toEqual({
      mailing_addr_same_as_perm_addr: 'Y',
      mailing_addr_same_as_perm_addr_desc: 'Yes',
      mailing_city: '',
    });

    // Choosing No again shows the block empty: the old answer is gone.
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    expect(screen.queryByDisplayValue('Boston')).not.toBeInTheDocument();
  });

  test('typing is saved on its own after a pause', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');

    await user.type(screen.getByLabelText('First name'), 'Ada');

    await waitFor(() => expect(server.state.answers).toEqual({ first_name: 'Ada' }), { timeout: 6000 });
    expect(net.callsTo('PUT /api/answer')).toHaveLength(1);
  });

  test('runBeforeLogout() saves the edits at once (used before an automatic logout)', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');

    await runBeforeLogout();

    expect(server.state.answers).toEqual({ last_name: 'Lovelace' });
  });

  test('when the page goes away, the edits are sent with keepalive so the request outlives it', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('First name'), 'Ada');

    window.dispatchEvent(new Event('pagehide'));

    await waitFor(() => expect(server.state.answers).toEqual({ first_name: 'Ada' }));
    const saves = vi
      .mocked(fetch)
      .mock.calls.filter(([url, init]) => String(url) === '/api/answer' && init?.method === 'PUT');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.[1]?.keepalive).toBe(true);
  });

  test('Log Out saves the unsaved edits first', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    const net = stubFetch({
      ...server.handlers,
      'GET /api/logout': () => {
        document.cookie = 'ap_idp_signed_in=; Max-Age=0; Path=/';
        return json({ message: 'You have been logged out.' });
      },
    });
    const { user } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('First name'), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Account' })).getByRole('button', { name: 'Log Out' }),
    );

    await heading('Log In');
    const order = net.requests
      .map((r) => `${r.method} ${r.path}`)
      .filter((c) => c === 'PUT /api/answer' || c === 'GET /api/logout');
    expect(order).toEqual(['PUT /api/answer', 'GET /api/logout']);
    expect(server.state.answers).toEqual({ first_name: 'Ada' });
  });

  test('a save refused because the application was submitted elsewhere (409) shows /completion', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');
    // The page has settled: the visit's own last-page save is answered before the submission elsewhere.
    await waitFor(() => expect(net.callsTo('PUT /api/last-page')).toHaveLength(1));
    server.state.submitted = true;
    server.state.webStatuses = ['started', 'validating', 'submitted'];

    await user.type(screen.getByLabelText('First name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await heading('Application Submitted');
    expect(screen.queryByRole('dialog', { name: 'Unexpected Error' })).not.toBeInTheDocument();
  });

  test('a 401 on a save goes to /login with the session message', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    stubFetch({ ...server.handlers, 'PUT /api/answer': () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401) });
    const { user } = renderApp('/about');
    await heading('About You');

    await user.type(screen.getByLabelText('First name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await heading('Log In');
    expect(screen.getByRole('alert')).toHaveTextContent('Your session is invalid.');
  });
});
