import { ERROR_MESSAGES, type TeamMember } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { refusal } from '../../staff-sign-in/tests/sign-in-server';
import { consoleServer, me, MEMBERS, PASSWORD_SESSION } from './console-server';

const ADMIN = me('dean@college.test', ['admin']);
const RESET = 'POST /api/staff/team/dean%40college.test/mfa-reset';

type ReauthBody = { password?: string; code?: string };

/**
 * The team whose administrator's second factor is reset once the server lets it: REAUTH_REQUIRED until a fresh
 * sign-in that `accepts` (the right password, by default).
 */
function resettingServer(accepts = (body: ReauthBody) => body.password === 'right password') {
  const server = consoleServer(ADMIN);
  let members: TeamMember[] = MEMBERS;
  let fresh = false;
  return {
    ...server.handlers,
    'GET /api/staff/team': () => json({ members }),
    'POST /api/staff/reauth': (r: { body: unknown }) => {
      if (!accepts(r.body as ReauthBody)) return refusal('INVALID_CREDENTIALS', 400);
      fresh = true;
      return json({ ok: true });
    },
    [RESET]: () => {
      if (!fresh) return refusal('REAUTH_REQUIRED', 401);
      members = members.map((m) => (m.email === 'dean@college.test' ? { ...m, mfa_enrolled: false } : m));
      return json({ ok: true });
    },
  };
}

describe('the team page: how members sign in, and a second factor reset', { timeout: 30_000 }, () => {
  test('each member’s sign-in method and time (in the institution’s zone) and whether a second factor is set up', async () => {
    setLoggedInCookie();
    stubFetch(consoleServer(ADMIN).handlers);
    renderApp('/staff/team');

    const dean = await screen.findByRole('row', { name: /dean@college\.test/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Sign-in', 'Second factor']));
    const cell = (row: HTMLElement, column: string) => within(row).getAllByRole('cell')[headers.indexOf(column) - 1];
    expect(cell(dean, 'Sign-in')).toHaveTextContent('Password, 9:00 am Central Time on Monday, 2 November 2026');
    expect(cell(dean, 'Second factor')).toHaveTextContent('Set up');
    expect(within(dean).getByRole('button', { name: 'Reset second factor of dean@college.test' })).toBeVisible();

    const rita = screen.getByRole('row', { name: /Rita Reyes/ });
    expect(cell(rita, 'Sign-in')).toHaveTextContent('Not yet');
    expect(cell(rita, 'Second factor')).toHaveTextContent('Not set up');
    // Nothing to reset.
    expect(within(rita).queryByRole('button', { name: /^Reset second factor/ })).not.toBeInTheDocument();
  });

  test('a reset asks first; the server wants a fresh sign-in: "Confirm it is you" takes the password (a wrong one said), then the reset is made again by itself', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(resettingServer());
    const { user } = renderApp('/staff/team');

    await user.click(await screen.findByRole('button', { name: 'Reset second factor of dean@college.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the second factor of dean@college.test?' });
    expect(callsTo(RESET)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));

    const fresh = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = await within(fresh).findByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'wrong');
    await user.click(within(fresh).getByRole('button', { name: 'Confirm' }));
    expect(await within(fresh).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.INVALID_CREDENTIALS);

    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(fresh).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('listitem', { name: 'Second factor reset' })).toHaveTextContent(
      'dean@college.test will set up a second factor again at their next sign-in.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(RESET)).toHaveLength(2);
    expect(callsTo('POST /api/staff/reauth').map((r) => r.body)).toEqual([
      { password: 'wrong' },
      { password: 'right password' },
    ]);
    const dean = screen.getByRole('row', { name: /dean@college\.test/ });
    await waitFor(() => expect(dean).toHaveTextContent('Not set up'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toHaveFocus());
  });

  test('with an authenticator app the fresh sign-in may take its code instead', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(resettingServer((body) => body.code === '123456'));
    const { user } = renderApp('/staff/team');

    await user.click(await screen.findByRole('button', { name: 'Reset second factor of dean@college.test' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Reset the second factor/ })).getByRole('button', {
        name: 'Reset',
      }),
    );
    const fresh = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(await within(fresh).findByRole('button', { name: 'Use an authenticator code instead' }));
    const code = within(fresh).getByLabelText('Authenticator code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '123456');
    await user.click(within(fresh).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('listitem', { name: 'Second factor reset' })).toBeVisible();
    expect(callsTo('POST /api/staff/reauth').map((r) => r.body)).toEqual([{ code: '123456' }]);
  });

  test('cancelling the fresh sign-in leaves the refusal in the dialog that asked, and focus back in it', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(resettingServer());
    const { user } = renderApp('/staff/team');

    await user.click(await screen.findByRole('button', { name: 'Reset second factor of dean@college.test' }));
    const confirm = await screen.findByRole('dialog', { name: /^Reset the second factor/ });
    // By keyboard: while one modal opens over another, the page beneath briefly takes no pointer events.
    within(confirm).getByRole('button', { name: 'Reset' }).focus();
    await user.keyboard('{Enter}');
    const fresh = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    within(fresh).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');

    expect(await within(confirm).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.REAUTH_REQUIRED);
    // The dialog closes, then focus comes back: both after the click's own render, so waited for.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument());
    await waitFor(() => expect(confirm.contains(document.activeElement)).toBe(true));
    expect(callsTo(RESET)).toHaveLength(1);
    expect(callsTo('POST /api/staff/reauth')).toEqual([]);
  });

  test('a session signed in with the campus account is sent to sign in there again, asked for the password, back to this page', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...resettingServer(),
      'GET /api/staff/mfa': () => json({ ...PASSWORD_SESSION, enrolled: false, methods: [], sign_in_method: 'oidc' }),
      'GET /public/staff-sso': () =>
        json({ label: 'Northfield account', login_url: '/auth/staff/oidc/login', protocol: 'oidc' }),
    });
    const { user } = renderApp('/staff/team');

    await user.click(await screen.findByRole('button', { name: 'Reset second factor of dean@college.test' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Reset the second factor/ })).getByRole('button', {
        name: 'Reset',
      }),
    );
    const fresh = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const again = await within(fresh).findByRole('link', { name: 'Sign in again with Northfield account' });
    expect(again).toHaveAttribute('href', '/auth/staff/oidc/login?return_to=%2Fstaff%2Fteam&prompt=login');
    expect(within(fresh).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(callsTo('POST /api/staff/reauth')).toEqual([]);
  });
});
