import { LOGIN_MARKER_COOKIE } from '@admissions/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { settleAfterPaint } from '../../../test/settle-after-paint';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

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

/**
 * Toasts wait while the window is in the background (Radix pauses their 5 s then): how they piled up for a
 * user who looked away. Paused here, a toast can only go because the app ended it.
 */
async function pauseToasts() {
  // Radix listens for it once it counts a toast (the region then takes the pointer) and the toast's effects have run.
  const region = screen.getByRole('region', { name: /^Notifications/ });
  await waitFor(() => expect(region.style.pointerEvents).not.toBe('none'));
  await settleAfterPaint();
  fireEvent.blur(window);
}

describe('success toasts', { timeout: 30_000 }, () => {
  test("belong to their screen: after logging out, 'You are logged in.' is gone beside 'You have been logged out.'", async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer({ webStatuses: ['started'] }).handlers,
      'GET /api/logout': () => {
        document.cookie = `${LOGIN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
        return json({ message: 'You have been logged out.' });
      },
    });
    const { user } = renderApp('/about', { state: { message: 'You are logged in.' } });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('You are logged in.');
    await pauseToasts();

    await user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('dialog', { name: 'Account' });
    await user.click(within(menu).getByRole('button', { name: 'Log Out' }));

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await waitFor(() =>
      expect(screen.getAllByRole('listitem', { name: 'Success' }).map((t) => t.textContent)).toEqual([
        expect.stringContaining('You have been logged out.'),
      ]),
    );
  });

  test("'Saved' stays while the applicant is on the step it speaks of, and goes with the move to the next", async () => {
    setLoggedInCookie();
    stubFetch(applicantServer({ webStatuses: ['started'] }).handlers);
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About You' });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Saved' })).toBeInTheDocument();
    await pauseToasts();

    await user.click(screen.getByRole('link', { name: 'Step 2 Education' }));
    await screen.findByRole('heading', { level: 1, name: 'Education' });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Saved' })).not.toBeInTheDocument());
  });

  test('never show the same message twice at once, whatever their ids', async () => {
    function TwoSources() {
      const { showToast } = useToast();
      const show = (id: string) =>
        showToast({ id, title: 'Success', description: 'You are logged in.', severity: 'success' });
      return (
        <button type="button" onClick={() => (show('navigation-1'), show('navigation-2'))}>
          Show
        </button>
      );
    }
    render(
      <ToastProvider>
        <TwoSources />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findAllByRole('listitem', { name: 'Success' })).toHaveLength(1);
  });
});
