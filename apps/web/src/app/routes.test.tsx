import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

describe('routes', () => {
  test("'/' opens the default page, About You", async () => {
    stubFetch();
    const { router } = renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(router.state.location.pathname).toBe('/about');
    expect(document.title).toBe('About You - Application for Admission');
  });

  test('an unknown path redirects to the default page, keeping the query string', async () => {
    stubFetch();
    const { router } = renderApp('/no/such/page?token=abc');

    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.search).toBe('?token=abc');
  });

  // /completion shows only once the application is submitted (see features/application/tests).
  test.each([
    ['/education-alr', 'Education'],
    ['/final-steps', 'Final Steps'],
  ])('%s shows the page shell titled %s', async (path, title) => {
    stubFetch();
    renderApp(path);

    await screen.findByRole('heading', { level: 1, name: title });
    expect(document.title).toBe(`${title} - Application for Admission`);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  test('a screen that fails shows the root error screen, and the error is logged', async () => {
    // This test expects errors to be logged; it checks them itself instead of failing on them.
    vi.mocked(console.error).mockImplementation(() => {});
    const net = stubFetch({
      'GET /public/tenant': () => json({ code: 'INTERNAL', message: 'Boom' }, 500),
      'POST /public/client-error': () => json({ request_id: '6f1c2f0e-0000-4000-8000-000000000001' }, 202),
    });
    renderApp('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'The page failed to render:',
        expect.objectContaining({ message: 'Boom' }),
      ),
    );
    // Logged on the server, once, with the route; its reference is shown.
    expect(await screen.findByText('6f1c2f0e-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(net.callsTo('POST /public/client-error').map((r) => r.body)).toEqual([
      expect.objectContaining({ message: 'Boom', route: '/about' }),
    ]);
    // Still inside the site: the header, and a way back.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my application' })).toHaveAttribute('href', '/');
  });

  test("the root error screen keeps the footer and offers the help address when the institution's text is there", async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    stubFetch({
      'GET /api/profile': () => json({ code: 'INTERNAL', message: 'Profile exploded' }, 500),
      'POST /public/client-error': () => json({ code: 'RATE_LIMITED', message: 'Too many.' }, 429),
    });
    document.cookie = 'ap_idp_signed_in=1; Path=/';
    renderApp('/about');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@northfield.example' })).toHaveAttribute(
      'href',
      'mailto:help@northfield.example',
    );
    // A refused report shows no reference, and nothing breaks.
    await waitFor(() => expect(screen.getByText(/If this keeps happening, write to/)).toHaveTextContent(/\.$|safe\.$/));
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument();
  });
});
