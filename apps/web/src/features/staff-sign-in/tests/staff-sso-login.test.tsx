import { ERROR_MESSAGES } from '@admissions/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { refusal } from './sign-in-server';

const OIDC = { label: 'Northfield account', login_url: '/auth/staff/oidc/login', protocol: 'oidc' };

describe('the staff button on /login', { timeout: 30_000 }, () => {
  test('with single sign-on set up, /login offers "Staff: sign in with {label}", a link to the campus sign-in', async () => {
    stubFetch({ 'GET /public/staff-sso': () => json(OIDC) });
    renderApp('/login');
    const button = await screen.findByRole('link', { name: 'Staff: sign in with Northfield account' });
    expect(button).toHaveAttribute('href', '/auth/staff/oidc/login');
    // The password form stays, for applicants.
    expect(screen.getByLabelText('Email address')).toBeVisible();
  });

  test('without it (404 SSO_NOT_CONFIGURED) there is no staff button', async () => {
    const { callsTo } = stubFetch({ 'GET /public/staff-sso': () => refusal('SSO_NOT_CONFIGURED', 404) });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await waitFor(() => expect(callsTo('GET /public/staff-sso')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /^Staff: sign in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a signed-out visitor of a console page is sent to /login, and the staff button comes back to that page', async () => {
    stubFetch({ 'GET /public/staff-sso': () => json(OIDC) });
    const { router } = renderApp('/staff/team?x=1');
    const button = await screen.findByRole('link', { name: 'Staff: sign in with Northfield account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(button).toHaveAttribute('href', `/auth/staff/oidc/login?return_to=${encodeURIComponent('/staff/team?x=1')}`);
  });

  test('a return_to that is not a console page is not carried', async () => {
    stubFetch({
      'GET /public/staff-sso': () => json({ ...OIDC, protocol: 'saml', login_url: '/auth/staff/saml/login' }),
    });
    renderApp(`/login?return_to=${encodeURIComponent('//evil.example/staff')}`);
    const button = await screen.findByRole('link', { name: 'Staff: sign in with Northfield account' });
    expect(button).toHaveAttribute('href', '/auth/staff/saml/login');
  });

  test('a campus sign-in that failed lands on /login?sso_error=CODE, and its message is said', async () => {
    stubFetch({ 'GET /public/staff-sso': () => json(OIDC) });
    renderApp('/login?sso_error=SSO_MEMBER_UNKNOWN');
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.SSO_MEMBER_UNKNOWN);
  });

  test('a staff address whose password login is refused (SSO_REQUIRED) is told so, and the staff button has the focus', async () => {
    const { callsTo } = stubFetch({
      'GET /public/staff-sso': () => json(OIDC),
      'POST /public/login': () => refusal('SSO_REQUIRED', 403),
    });
    const { user } = renderApp('/login');
    const button = await screen.findByRole('link', { name: 'Staff: sign in with Northfield account' });
    await user.type(screen.getByLabelText('Email address'), 'dean@college.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.SSO_REQUIRED);
    expect(button).toHaveFocus();
    expect(callsTo('POST /public/login')).toHaveLength(1);
  });
});
