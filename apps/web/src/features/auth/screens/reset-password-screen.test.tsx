import { ACCOUNT_MESSAGES } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const STRONG = 'Abcdef123456!';

async function openReset(path = '/reset?username=ada%40example.com&id=reset-123') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return app;
}

describe('/reset', () => {
  test('pre-fills the address and the id from the query string', async () => {
    const net = stubFetch({ 'POST /public/reset-password': () => json({ message: 'Your password has been reset.' }) });
    const { user, router } = await openReset();
    expect(document.title).toBe('Reset Password - Application for Admission');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');

    await user.type(screen.getByLabelText('Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo('POST /public/reset-password')[0]?.body).toEqual({
      username: 'ada@example.com',
      password: STRONG,
      confirm_password: STRONG,
      id: 'reset-123',
    });
    expect(router.state.location.state).toEqual({ message: 'Your password has been reset.' });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('Your password has been reset.');
  });

  test('checks only the password while typing; the match and the id on submit', async () => {
    const net = stubFetch();
    const { user } = await openReset('/reset?username=ada%40example.com');

    await user.type(screen.getByLabelText('Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordsMustMatch)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.passwordsMustMatch);
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetIdRequired);
    expect(net.callsTo('POST /public/reset-password')).toHaveLength(0);

    // After a submit attempt the match is checked as the user types.
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), STRONG);
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordsMustMatch)).not.toBeInTheDocument();
  });

  test('shows the password requirements', async () => {
    stubFetch();
    const { user } = await openReset();

    await user.type(screen.getByLabelText('Password'), ' abc');

    expect(screen.getByText('contains no leading or trailing whitespace').closest('li')).toHaveAttribute(
      'data-state',
      'error',
    );
    expect(screen.getByText('contains at least one lowercase letter').closest('li')).toHaveAttribute(
      'data-state',
      'success',
    );
  });

  test("an expired link shows a 'Reset Password Card Error' toast", async () => {
    stubFetch({
      'POST /public/reset-password': () =>
        json({ code: 'RESET_LINK_INVALID', message: 'This password reset link is invalid or has expired.' }, 400),
    });
    const { user } = await openReset();

    await user.type(screen.getByLabelText('Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('listitem', { name: 'Reset Password Card Error' })).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
  });
});
