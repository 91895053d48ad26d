import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { applicantServer } from '../../../test/application-server';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const banner = () => screen.queryByRole('region', { name: 'Welcome' });

describe('welcome banner', { timeout: 30_000 }, () => {
  test('visitors get the promises and a way back in for returning applicants, carrying their answers', async () => {
    stubFetch();
    const { user, router } = renderApp('/about');
    await heading('About You');
    const region = banner()!;
    expect(region).toHaveTextContent(`Welcome! Apply to the graduate programs of ${tenantFixture.partnerName}.`);
    expect(region).toHaveTextContent('Get a quick admission decision');
    expect(region).toHaveTextContent('No test scores required');
    expect(region).toHaveTextContent('No application fee');

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(within(region).getByRole('link', { name: 'Log in to continue' }));

    await heading('Log In');
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
  });

  test('the first login gets the welcome text', async () => {
    setLoggedInCookie();
    stubFetch(applicantServer({ logins: ['2026-01-10T10:00:00.000Z'] }).handlers);
    renderApp('/about');
    await heading('About You');

    expect(banner()).toHaveTextContent(`Welcome to your application to ${tenantFixture.partnerName}!`);
    expect(within(banner()!).queryByRole('link', { name: 'Log in to continue' })).not.toBeInTheDocument();
  });

  test('shows as soon as the profile is here, above the loading state, and stays the same element under the page', async () => {
    setLoggedInCookie();
    stubFetch(applicantServer({ logins: ['2026-01-10T10:00:00.000Z'] }).handlers);
    renderApp('/about');
    const early = await screen.findByRole('region', { name: 'Welcome' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    await heading('About You');
    expect(banner()).toBe(early);
    expect(early).toHaveTextContent(`Welcome to your application to ${tenantFixture.partnerName}!`);
  });

  test('a later login gets the welcome-back text', async () => {
    setLoggedInCookie();
    stubFetch(
      applicantServer({ logins: ['2026-01-10T10:00:00.000Z', '2026-01-11T10:00:00.000Z'], webStatuses: ['started'] })
        .handlers,
    );
    renderApp('/about');
    await heading('About You');

    expect(banner()).toHaveTextContent('Welcome back!');
  });

  test('from the third login on there is no banner', async () => {
    setLoggedInCookie();
    stubFetch(applicantServer({ logins: ['a', 'b', 'c'], webStatuses: ['started'] }).handlers);
    renderApp('/about');
    await heading('About You');

    expect(banner()).not.toBeInTheDocument();
  });

  test('a service user (print view) sees no banner', async () => {
    stubFetch({
      'GET /service/tmp-pdf': () =>
        json({ answer: { first_name: 'Ada' }, add_another: {}, document_answer: {}, tabs: {} }),
    });
    renderApp('/about?service_token=t0k3n');
    await heading('Application of Ada');

    expect(banner()).not.toBeInTheDocument();
  });
});
