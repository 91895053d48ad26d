import { ACCOUNT_MESSAGES } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { NavigationState } from '../../../lib/navigation-state';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

async function openConfirm(state?: NavigationState) {
  const app = renderApp('/confirm', { state });
  await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' });
  return app;
}

describe('/confirm', () => {
  test('pre-fills the address from navigation state, and it stays editable', async () => {
    stubFetch();
    const { user } = await openConfirm({ username: 'ada@example.com' });
    expect(document.title).toBe('Confirm Your Account - Application for Admission');
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveValue('ada@example.com');

    await user.clear(email);
    await user.type(email, 'grace@example.com');
    expect(email).toHaveValue('grace@example.com');
  });

  test('checks the code on every change and blocks submit while it is wrong', async () => {
    const net = stubFetch();
    const { user } = await openConfirm({ username: 'ada@example.com' });
    const code = screen.getByLabelText('Confirmation code');

    await user.type(code, '12a');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(`${ACCOUNT_MESSAGES.codeInvalid} The 6-digit code we e-mailed you.`);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(net.callsTo('POST /public/confirm')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  test('confirms and goes to /login with the message, the answers and the confirmed address filled in', async () => {
    const net = stubFetch({ 'POST /public/confirm': () => json({ message: 'Your account is confirmed.' }) });
    const { user, router } = await openConfirm({ username: 'ada@example.com', answers: { first_name: 'Ada' } });

    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo('POST /public/confirm')[0]?.body).toEqual({ username: 'ada@example.com', code: '123456' });
    expect(router.state.location.state).toEqual({
      message: 'Your account is confirmed.',
      username: 'ada@example.com',
      answers: { first_name: 'Ada' },
    });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('Your account is confirmed.');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  test("a wrong code shows a 'Confirm Card Error' toast", async () => {
    stubFetch({
      'POST /public/confirm': () =>
        json({ code: 'CODE_INVALID', message: 'That confirmation code is incorrect.' }, 400),
    });
    const { user } = await openConfirm({ username: 'ada@example.com' });

    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('listitem', { name: 'Confirm Card Error' })).toHaveTextContent(
      'That confirmation code is incorrect.',
    );
  });

  test('offers resend: needs a valid address, then shows the message', async () => {
    const net = stubFetch({ 'POST /public/resend-confirm': () => json({ message: 'A new code is on its way.' }) });
    const { user } = await openConfirm();

    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.resendEmailInvalid);
    expect(net.callsTo('POST /public/resend-confirm')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));

    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('A new code is on its way.');
    expect(net.callsTo('POST /public/resend-confirm')[0]?.body).toEqual({ username: 'ada@example.com' });
  });

  test("a failed resend shows a 'Resend Confirmation Code Error' toast", async () => {
    stubFetch({
      'POST /public/resend-confirm': () => json({ code: 'RATE_LIMITED', message: 'Too many requests.' }, 429),
    });
    const { user } = await openConfirm({ username: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: 'Resend confirmation code' }));

    expect(await screen.findByRole('listitem', { name: 'Resend Confirmation Code Error' })).toHaveTextContent(
      'Too many requests.',
    );
  });
});
