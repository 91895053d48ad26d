import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

async function failLogin() {
  const net = stubFetch({
    'POST /public/login': () => json({ code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' }, 400),
  });
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log In' });
  await app.user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await app.user.type(screen.getByLabelText('Password'), 'wrong');
  return { ...app, net };
}

describe('error toasts', { timeout: 30_000 }, () => {
  test('do not stack: the same failure twice shows one toast', async () => {
    const { user } = await failLogin();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('listitem', { name: 'Login Card Error' })).toHaveTextContent(
      'Incorrect username or password.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'Login Card Error' })).toHaveLength(1));
  });

  test('end when the user moves to another screen', async () => {
    const { user, router } = await failLogin();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('listitem', { name: 'Login Card Error' });

    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    expect(router.state.location.pathname).toBe('/forgot');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Login Card Error' })).not.toBeInTheDocument());
  });
});
