import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Link, Outlet, type RouteObject } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { memoryRouter } from '../test/render-app';
import { App } from './app';
import { lazyRoute } from './lazy-route';

/** A screen whose code arrives when the test says so (or fails to). */
function deferredScreen(title: string) {
  let arrive = () => {};
  let fail = (_error: Error) => {};
  const code = new Promise<() => React.ReactNode>((resolve, reject) => {
    arrive = () => resolve(() => <h1>{title}</h1>);
    fail = reject;
  });
  return { screen: lazyRoute(() => code), arrive: () => act(arrive), fail: (e: Error) => act(() => fail(e)) };
}

function layout() {
  return (
    <>
      <nav>
        <Link to="/slow">Slow</Link> <Link to="/other">Other</Link> <Link to="/here">Here</Link>
      </nav>
      <Outlet />
    </>
  );
}

function renderAt(path: string, children: RouteObject[]) {
  stubFetch({ 'POST /public/client-error': () => json({ request_id: '6f1c2f0e-0000-4000-8000-000000000001' }, 202) });
  const { history, router } = memoryRouter([path]);
  const routes: RouteObject[] = [{ path: '/', Component: layout, children }];
  render(<App history={history} queryClient={new QueryClient()} routes={routes} />);
  return router;
}

describe('moving between pages', () => {
  test('the current screen stays until the next page’s code has arrived, then that page shows', async () => {
    const slow = deferredScreen('Slow page');
    const router = renderAt('/here', [
      { path: 'here', Component: () => <h1>Here</h1> },
      { path: 'slow', ...slow.screen },
    ]);
    expect(screen.getByRole('heading', { name: 'Here' })).toBeInTheDocument();

    await act(() => router.navigate('/slow'));
    // Nothing blank, no loading state in its place: the old screen, whole.
    expect(screen.getByRole('heading', { name: 'Here' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    await slow.arrive();
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Here' })).not.toBeInTheDocument();
  });

  test('of two quick moves the later one wins, even when the earlier page’s code arrives last', async () => {
    const slow = deferredScreen('Slow page');
    const router = renderAt('/here', [
      { path: 'here', Component: () => <h1>Here</h1> },
      { path: 'slow', ...slow.screen },
      { path: 'other', Component: () => <h1>Other</h1> },
    ]);

    await act(() => router.navigate('/slow'));
    await act(() => router.navigate('/other'));
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeInTheDocument();
    await slow.arrive();
    expect(screen.getByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Slow page' })).not.toBeInTheDocument();
  });

  test('a page whose code cannot be fetched shows the error screen; moving on leaves it', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const broken = deferredScreen('Never');
    const router = renderAt('/here', [
      { path: 'here', Component: () => <h1>Here</h1> },
      { path: 'slow', ...broken.screen },
    ]);

    await act(() => router.navigate('/slow'));
    await broken.fail(new Error('chunk failed'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeInTheDocument();
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'The page failed to render:',
        expect.objectContaining({ message: 'chunk failed' }),
      ),
    );

    await act(() => router.navigate('/here'));
    expect(await screen.findByRole('heading', { name: 'Here' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong.' })).not.toBeInTheDocument();
  });

  test('after code that could not be fetched, asking for the same page again fetches it again and shows it', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    let attempts = 0;
    const flaky = lazyRoute(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline for a moment');
      return () => <h1>Flaky page</h1>;
    });
    const router = renderAt('/here', [
      { path: 'here', Component: () => <h1>Here</h1> },
      { path: 'flaky', ...flaky },
    ]);

    await act(() => router.navigate('/flaky'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong.' })).toBeInTheDocument();

    await act(() => router.navigate('/flaky'));
    expect(await screen.findByRole('heading', { name: 'Flaky page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong.' })).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  test('the first page waits for its code with the loading state, then shows', async () => {
    const slow = deferredScreen('Slow page');
    renderAt('/slow', [{ path: 'slow', ...slow.screen }]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    await slow.arrive();
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
