import {
  ACCOUNT_SUCCESS_MESSAGES,
  CONFIRM_USERNAME_MISMATCH,
  DELETE_SUBMITTED_MESSAGE,
  LOGIN_MARKER_COOKIE,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const profile = (webStatus: 'started' | 'submitted' = 'started', extra: Record<string, unknown> = {}) => ({
  username: 'ada@example.com',
  answer: {},
  document_answer: {},
  last_page: null,
  successful_login: [],
  // The status is the count of the distinct statuses seen (SPEC section 4).
  web_status: (webStatus === 'submitted' ? ['started', 'validating', 'submitted'] : ['started']).map((w) => ({
    web_status: w,
  })),
  ...extra,
});

async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Account' }));
  return screen.findByRole('dialog', { name: 'Account' });
}

describe('the account menu: my data and deleting the account', () => {
  test('offers the data download as a link to the ZIP, whatever the application state', async () => {
    setLoggedInCookie();
    stubFetch({ ...applicantServer().handlers, 'GET /api/profile': () => json(profile('submitted')) });
    const { user } = renderApp('/about');

    const menu = await openAccountMenu(user);
    const link = await within(menu).findByRole('link', { name: 'Download My Data' });
    expect(link).toHaveAttribute('href', '/api/my-data');
    expect(link).toHaveAttribute('download');
    // A submitted application's account cannot be deleted here: the button is not offered.
    expect(within(menu).queryByRole('button', { name: 'Delete Account' })).not.toBeInTheDocument();
  });

  test('is not offered to staff', async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer().handlers,
      'GET /api/profile': () => json(profile('started', { is_staff: true })),
    });
    const { user } = renderApp('/about');
    const menu = await openAccountMenu(user);
    await within(menu).findByText('ada@example.com');
    // A staff account holds no application: neither its data nor its deletion is offered (issue 49).
    expect(within(menu).queryByRole('link', { name: 'Download My Data' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Delete Account' })).not.toBeInTheDocument();
  });

  test('deletes after the address is typed, then shows /login with the message', async () => {
    setLoggedInCookie();
    const net = stubFetch({
      ...applicantServer().handlers,
      'GET /api/profile': () => json(profile()),
      'DELETE /api/account': () => {
        document.cookie = `${LOGIN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
        return json({ message: ACCOUNT_SUCCESS_MESSAGES.deleteAccount });
      },
    });
    const { user, router } = renderApp('/about');

    const menu = await openAccountMenu(user);
    await user.click(await within(menu).findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Your Account' });
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Type your e-mail address to confirm' });
    expect(field).toHaveAccessibleDescription('The address you log in with: ada@example.com');

    // A wrong address is refused in the dialog, before any call.
    await user.type(field, 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(CONFIRM_USERNAME_MISMATCH)).toBeInTheDocument();
    expect(net.callsTo('DELETE /api/account')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Ada@Example.com{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo('DELETE /api/account').map((r) => r.body)).toEqual([{ confirm_username: 'Ada@Example.com' }]);
    expect(router.state.location.state).toEqual({ message: ACCOUNT_SUCCESS_MESSAGES.deleteAccount });
    expect(screen.queryByRole('dialog', { name: 'Delete Your Account' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.cookie).not.toContain(LOGIN_MARKER_COOKIE));
  });

  test("shows the server's refusal in the dialog, and Cancel gives focus back to the Account button", async () => {
    setLoggedInCookie();
    stubFetch({
      ...applicantServer().handlers,
      'GET /api/profile': () => json(profile()),
      'DELETE /api/account': () => json({ code: 'APPLICATION_SUBMITTED', message: DELETE_SUBMITTED_MESSAGE }, 409),
    });
    const { user } = renderApp('/about');

    const menu = await openAccountMenu(user);
    await user.click(await within(menu).findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Your Account' });
    await user.type(within(dialog).getByRole('textbox'), 'ada@example.com{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DELETE_SUBMITTED_MESSAGE);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Your Account' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus());
  });
});
