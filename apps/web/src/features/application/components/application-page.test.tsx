import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// The banner for applicants, saving and validation: see ../tests.
describe('application page shell', { timeout: 30_000 }, () => {
  test('lists the three steps, marks the current one and replaces history when moving', async () => {
    stubFetch();
    const { user, router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About You' });

    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    const links = within(steps).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Step 1 About You',
      'Step 2 Education',
      'Step 3 Final Steps',
    ]);
    expect(within(steps).getByRole('link', { name: 'Step 1 About You' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(steps).getByRole('link', { name: 'Step 2 Education' }));

    await screen.findByRole('heading', { level: 1, name: 'Education' });
    const stepsNow = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(stepsNow).getByRole('link', { name: 'Step 2 Education' })).toHaveAttribute('aria-current', 'page');
    expect(within(stepsNow).getByRole('link', { name: 'Step 1 About You' })).not.toHaveAttribute('aria-current');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('welcomes visitors with the promises and a way back in for returning applicants', async () => {
    stubFetch();
    renderApp('/about', { state: { answers: { first_name: 'Ada' } } });
    const banner = await screen.findByRole('region', { name: 'Welcome' });

    expect(banner).toHaveTextContent(tenantFixture.partnerName);
    expect(banner).toHaveTextContent('quick admission decision');
    expect(banner).toHaveTextContent('No test scores required');
    expect(banner).toHaveTextContent('No application fee');
    expect(within(banner).getByRole('link', { name: 'Log in to continue' })).toHaveAttribute('href', '/login');
  });

  test('for a service user (print view) shows neither steps, account menu nor footer', async () => {
    stubFetch({
      'GET /service/tmp-pdf': () =>
        json({ answer: { first_name: 'Ada' }, add_another: {}, document_answer: {}, tabs: {} }),
    });
    renderApp('/about?service_token=t0k3n');

    await screen.findByRole('heading', { level: 1, name: 'Application of Ada' });
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
  });
});
