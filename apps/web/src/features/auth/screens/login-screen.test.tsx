import { ACCOUNT_MESSAGES, SESSION_INVALID_MESSAGE } from '@admissions/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { NavigationState } from '../../../lib/navigation-state';
import { applicantServer } from '../../../test/application-server';
import { json, pending, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { closeToast } from '../../../test/toasts';

async function openLogin(state?: NavigationState) {
  const app = renderApp('/login', { state });
  await screen.findByRole('heading', { level: 1, name: 'Log In' });
  return app;
}

describe('/login and /signup when logged in', () => {
  test.each(['/login', '/signup'])('%s sends a logged-in applicant to their application', async (path) => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    stubFetch(server.handlers);
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(router.state.location.pathname).toBe('/about');
  });
});

describe('/login', () => {
  test('is titled and shows no errors while typing, only on submit', async () => {
    const net = stubFetch();
    const { user } = await openLogin();
    expect(document.title).toBe('Log In - Application for Admission');

    const email = screen.getByLabelText('Email address');
    await user.type(email, 'not-an-email');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(ACCOUNT_MESSAGES.loginEmailInvalid)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(ACCOUNT_MESSAGES.loginEmailInvalid);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.passwordRequired);
    expect(email).toHaveFocus();
    expect(net.callsTo('POST /public/login')).toHaveLength(0);
  });

  test('after a blocked submit, fixing a field clears its message as you type', async () => {
    stubFetch();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'x');

    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordRequired)).not.toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.loginEmailInvalid)).toBeInTheDocument();
  });

  test('logs in and goes to the default page with the message, saving the answers to the account', async () => {
    const server = applicantServer();
    const net = stubFetch({
      ...server.handlers,
      'POST /public/login': () => {
        document.cookie = 'ap_idp_signed_in=1; Path=/';
        return json({ message: 'You are logged in.' });
      },
    });
    const { user, router } = await openLogin({ answers: { first_name: 'Ada' } });

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(net.callsTo('POST /public/login')[0]?.body).toEqual({ username: 'ada@example.com', password: 'secret' });
    // The visitor's answers are now the account's; the history entry keeps only the message.
    await waitFor(() => expect(server.state.answers).toEqual({ first_name: 'Ada' }));
    expect(router.state.location.state).toEqual({ message: 'You are logged in.' });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You are logged in.');
    // Logged in now: the account menu knows the user.
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  test('shows the loading state while the call is on its way', async () => {
    stubFetch({ 'POST /public/login': pending });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
  });

  test("a failed login shows the server's message in a 'Login Card Error' toast", async () => {
    stubFetch({
      'POST /public/login': () =>
        json({ code: 'INVALID_CREDENTIALS', message: 'The email address or password is incorrect.' }, 400),
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('listitem', { name: 'Login Card Error' });
    expect(toast).toHaveTextContent('The email address or password is incorrect.');
    await closeToast(user, toast);
    expect(screen.queryByRole('listitem', { name: 'Login Card Error' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('shows an error message handed over in navigation state', async () => {
    stubFetch();
    await openLogin({ errorMessage: SESSION_INVALID_MESSAGE });

    expect(screen.getByRole('alert')).toHaveTextContent(SESSION_INVALID_MESSAGE);
  });

  test('shows a success message handed over in navigation state as a toast', async () => {
    stubFetch();
    await openLogin({ message: 'You have been logged out.' });

    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You have been logged out.');
  });

  test('resend needs a valid address in the e-mail field', async () => {
    const net = stubFetch();
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));

    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.resendEmailInvalid);
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(net.callsTo('POST /public/resend-confirm')).toHaveLength(0);
  });

  test('resend goes to /confirm with the address, the message and the answers', async () => {
    const net = stubFetch({ 'POST /public/resend-confirm': () => json({ message: 'A new code is on its way.' }) });
    const { user } = await openLogin({ answers: { first_name: 'Ada' } });
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));

    await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' });
    expect(net.callsTo('POST /public/resend-confirm')[0]?.body).toEqual({ username: 'ada@example.com' });
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('A new code is on its way.');
  });

  test("a failed resend shows a 'Resend Confirmation Code Error' toast", async () => {
    stubFetch({
      'POST /public/resend-confirm': () => json({ code: 'MAIL_TOO_SOON', message: 'Please wait a minute.' }, 429),
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));

    expect(await screen.findByRole('listitem', { name: 'Resend Confirmation Code Error' })).toHaveTextContent(
      'Please wait a minute.',
    );
  });

  test('the footer and forgot-password links carry the answers along', async () => {
    stubFetch();
    const { user, router } = await openLogin({ answers: { first_name: 'Ada' } });

    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });

    await user.click(screen.getByRole('link', { name: 'Log In' }));
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
  });
});
