import { ACCOUNT_MESSAGES } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { closeToast } from '../../../test/toasts';

async function openForgot() {
  const app = renderApp('/forgot');
  await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
  return app;
}

describe('/forgot', () => {
  test('checks the address on every change and blocks submit while it is wrong', async () => {
    const net = stubFetch();
    const { user } = await openForgot();
    expect(document.title).toBe('Forgot Password - Application for Admission');
    const email = screen.getByLabelText('Email address');

    await user.type(email, 'ada@');
    expect(email).toHaveAccessibleDescription(ACCOUNT_MESSAGES.emailInvalid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(net.callsTo('POST /public/forgot-password')).toHaveLength(0);
  });

  test("shows the server's message in a toast that can be closed", async () => {
    const net = stubFetch({
      'POST /public/forgot-password': () => json({ message: 'Check your inbox for a reset link.' }),
    });
    const { user } = await openForgot();

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('listitem', { name: 'Success' });
    expect(toast).toHaveTextContent('Check your inbox for a reset link.');
    expect(net.callsTo('POST /public/forgot-password')[0]?.body).toEqual({ username: 'ada@example.com' });

    await closeToast(user, toast);
    expect(screen.queryByRole('listitem', { name: 'Success' })).not.toBeInTheDocument();
  });

  test("a failure shows a 'Forgot Password Card Error' toast", async () => {
    stubFetch({
      'POST /public/forgot-password': () => json({ code: 'MAIL_TOO_SOON', message: 'Please wait a minute.' }, 429),
    });
    const { user } = await openForgot();

    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('listitem', { name: 'Forgot Password Card Error' })).toHaveTextContent(
      'Please wait a minute.',
    );
  });
});
