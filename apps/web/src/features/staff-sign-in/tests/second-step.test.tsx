import { ERROR_MESSAGES } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { PASSWORD_SESSION } from '../../staff/tests/console-server';
import { NOT_ENROLLED, RECOVERY_CODES, refusal, secondStepServer } from './sign-in-server';

// The browser's WebAuthn ceremony, as an authenticator that always agrees.
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} })),
  startAuthentication: vi.fn(async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} })),
}));

const OTPAUTH = 'otpauth://totp/Admissions:dean%40college.test?secret=JBSWY3DPEHPK3PXP&issuer=Admissions';

describe('the second sign-in step of a password sign-in', { timeout: 30_000 }, () => {
  test('a member without one sets up an authenticator app: the QR code and the key, a wrong code then a right one, the recovery codes once, then the page asked for', async () => {
    setLoggedInCookie();
    const server = secondStepServer(NOT_ENROLLED);
    const { callsTo } = stubFetch({
      ...server.handlers,
      'POST /api/staff/mfa/totp': () => json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: OTPAUTH }),
      'POST /api/staff/mfa/totp/confirm': (r) => {
        if ((r.body as { code: string }).code !== '123456') return refusal('MFA_CODE_INVALID', 400);
        server.pass();
        return json({ recovery_codes: RECOVERY_CODES });
      },
    });
    const { user } = renderApp('/staff/team');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second sign-in step' })).toBeVisible();
    expect(document.title).toMatch(/^Set up a second sign-in step/);
    // The console's pages wait: no navigation, no team.
    expect(screen.queryByRole('navigation', { name: 'Admissions office' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Authenticator app' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Authenticator app' });
    await waitFor(() => expect(heading).toHaveFocus());
    const qr = await screen.findByRole('img', { name: /QR code to scan with your authenticator app/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    const code = screen.getByLabelText('Authenticator code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.MFA_CODE_INVALID);
    expect(screen.getByRole('alert')).toHaveTextContent('MFA_CODE_INVALID');

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const saved = await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' });
    await waitFor(() => expect(saved).toHaveFocus());
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(callsTo('POST /api/staff/mfa/totp/confirm').map((r) => r.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);

    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    expect(await screen.findByRole('row', { name: /Rita Reyes/ })).toBeVisible();
    // Shown once: nothing on the page keeps them.
    expect(screen.queryByText(RECOVERY_CODES[0]!)).not.toBeInTheDocument();
  });

  test('a member sets up a passkey instead: named, registered, then the recovery codes', async () => {
    setLoggedInCookie();
    const server = secondStepServer(NOT_ENROLLED);
    const { callsTo } = stubFetch({
      ...server.handlers,
      'POST /api/staff/mfa/passkeys/options': () => json({ challenge: 'c', rp: { name: 'Admissions' } }),
      'POST /api/staff/mfa/passkeys': (r) => {
        server.pass();
        const { name } = r.body as { name: string };
        return json({
          passkey: { id: 'p1', name, created_at: '2026-11-02T15:00:00.000Z', last_used_at: null },
          recovery_codes: RECOVERY_CODES,
        });
      },
    });
    const { user } = renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Passkey' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Passkey' })).toHaveFocus());
    const name = screen.getByLabelText('Name for this passkey');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Register a passkey' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeVisible();
    expect(callsTo('POST /api/staff/mfa/passkeys').map((r) => r.body)).toEqual([
      { response: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} }, name: 'Work laptop' },
    ]);
    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  });

  test('a member with an authenticator app types its code; a lock says how long it lasts', async () => {
    setLoggedInCookie();
    const server = secondStepServer(PASSWORD_SESSION);
    let locked = true;
    const { callsTo } = stubFetch({
      ...server.handlers,
      'POST /api/staff/mfa/verify': () => {
        if (locked) return refusal('LOGIN_LOCKED', 429, { 'Retry-After': '300' });
        server.pass();
        return json({ ok: true });
      },
    });
    const { user } = renderApp('/staff');

    expect(await screen.findByRole('heading', { level: 1, name: 'Second sign-in step' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${ERROR_MESSAGES.LOGIN_LOCKED} You can try again in 5 minutes.`,
    );

    locked = false;
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    expect(callsTo('POST /api/staff/mfa/verify').map((r) => r.body)).toEqual([{ code: '654321' }, { code: '654321' }]);
  });

  test('a recovery code instead of the app: the field changes and takes the focus', async () => {
    setLoggedInCookie();
    const server = secondStepServer(PASSWORD_SESSION);
    const { callsTo } = stubFetch({
      ...server.handlers,
      'POST /api/staff/mfa/verify': () => {
        server.pass();
        return json({ ok: true });
      },
    });
    const { user } = renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
    await user.type(field, ' rc-03-abcd ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    expect(callsTo('POST /api/staff/mfa/verify').map((r) => r.body)).toEqual([{ recovery_code: 'rc-03-abcd' }]);
  });

  test('a member with a passkey uses it', async () => {
    setLoggedInCookie();
    const server = secondStepServer({ ...PASSWORD_SESSION, methods: ['totp', 'passkey'] });
    const { callsTo } = stubFetch({
      ...server.handlers,
      'POST /api/staff/mfa/passkey/options': () => json({ challenge: 'c' }),
      'POST /api/staff/mfa/passkey/verify': () => {
        server.pass();
        return json({ ok: true });
      },
    });
    const { user } = renderApp('/staff');

    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    expect(callsTo('POST /api/staff/mfa/passkey/verify').map((r) => r.body)).toEqual([
      { response: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} } },
    ]);
  });
});
