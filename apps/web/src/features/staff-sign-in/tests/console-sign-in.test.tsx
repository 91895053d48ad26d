import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { leaveApp } from '../../../lib/leave-app';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { consoleServer, PASSWORD_SESSION } from '../../staff/tests/console-server';
import { ADMIN, REVIEWER } from './sign-in-server';

// The browser's WebAuthn ceremony, as an authenticator that always agrees.
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {} })),
}));

/** The browser leaving the app, watched instead (jsdom cannot leave); each test counts its own. */
function watchLeaving() {
  const go = vi.spyOn(leaveApp, 'go').mockImplementation(() => {});
  go.mockClear();
  onTestFinished(() => go.mockRestore());
  return go;
}

const EXPIRING = {
  protocol: 'saml',
  idp_certificate_expires_at: '2026-12-14T15:00:00.000Z',
  idp_certificate_expiring: true,
};

describe('the console’s sign-in around its pages', { timeout: 30_000 }, () => {
  test('administrators are warned that the campus sign-in certificate expires, with the date in the institution’s zone', async () => {
    setLoggedInCookie();
    stubFetch({ ...consoleServer(ADMIN).handlers, 'GET /api/staff/sign-in-status': () => json(EXPIRING) });
    renderApp('/staff');
    const warning = await screen.findByRole('region', { name: 'Sign-in warning' });
    expect(warning).toHaveTextContent(
      'The campus sign-in certificate expires at 9:00 am Central Time on Monday, 14 December 2026: ask IT to renew it.',
    );
  });

  test('nobody else sees it, nor is it asked for them', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(REVIEWER).handlers,
      'GET /api/staff/sign-in-status': () => json(EXPIRING),
    });
    renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(screen.queryByRole('region', { name: 'Sign-in warning' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/staff/sign-in-status')).toEqual([]);
  });

  test('no warning while the certificate is far from its end', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(consoleServer(ADMIN).handlers);
    renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await waitFor(() => expect(callsTo('GET /api/staff/sign-in-status')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Sign-in warning' })).not.toBeInTheDocument();
  });

  test('logging out of a session signed in through OpenID Connect leaves for the provider’s logout', async () => {
    setLoggedInCookie();
    const go = watchLeaving();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'GET /api/staff/mfa': () => json({ ...PASSWORD_SESSION, sign_in_method: 'oidc' }),
    });
    const { user } = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('button', { name: /Log Out/i }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/auth/staff/oidc/logout'));
    expect(callsTo('GET /api/logout')).toEqual([]);
  });

  test('a password session logs out as always', async () => {
    setLoggedInCookie();
    const go = watchLeaving();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'GET /api/logout': () => json({ message: 'You have been logged out.' }),
    });
    const { user } = renderApp('/staff');
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('button', { name: /Log Out/i }));
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(callsTo('GET /api/logout')).toHaveLength(1);
    expect(go).not.toHaveBeenCalled();
  });

  test('a member’s own sign-in page: how this session signed in, the passkeys, one added, the recovery codes left', async () => {
    setLoggedInCookie();
    let status = {
      ...PASSWORD_SESSION,
      methods: ['totp' as const, 'passkey' as const],
      recovery_codes_left: 7,
      passkeys: [{ id: 'p1', name: 'Work laptop', created_at: '2026-11-02T15:00:00.000Z', last_used_at: null }],
    };
    const { callsTo } = stubFetch({
      ...consoleServer(REVIEWER).handlers,
      'GET /api/staff/mfa': () => json(status),
      'POST /api/staff/mfa/passkeys/options': () => json({ challenge: 'c' }),
      'POST /api/staff/mfa/passkeys': (r) => {
        const passkey = {
          id: 'p2',
          name: (r.body as { name: string }).name,
          created_at: '2026-11-03T15:00:00.000Z',
          last_used_at: null,
        };
        status = { ...status, passkeys: [...status.passkeys, passkey] };
        return json({ passkey });
      },
    });
    const { user } = renderApp('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    await user.click(within(nav).getByRole('link', { name: 'Your sign-in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your sign-in' })).toBeVisible();
    expect(await screen.findByText('7 codes left')).toBeVisible();
    expect(screen.getByText('Password')).toBeVisible();
    const passkeys = screen.getByRole('region', { name: 'Passkeys' });
    expect(passkeys).toHaveTextContent(
      'Work laptop, added 9:00 am Central Time on Monday, 2 November 2026; not used yet',
    );

    await user.click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    const name = within(passkeys).getByLabelText('Name for this passkey');
    await user.clear(name);
    await user.type(name, 'Phone');
    await user.click(within(passkeys).getByRole('button', { name: 'Register a passkey' }));
    expect(await within(passkeys).findByRole('status')).toHaveTextContent('The passkey Phone was registered.');
    expect(await within(passkeys).findByText(/^Phone/)).toBeVisible();
    expect(callsTo('POST /api/staff/mfa/passkeys').map((r) => (r.body as { name: string }).name)).toEqual(['Phone']);
  });
});
