import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, row, ROWS } from './console-server';

/**
 * Issue 49, "Links that work" (decision 064): a staff link to an application the member may not open shows a page
 * inside the console, never the applicant's error screen; a link made before its applicant started the next cycle
 * goes where the application went, and the console's address names the application's cycle.
 */
const UNKNOWN = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
/** Where Ada's 2026-27 application went when she started 2027-28 (decision 052). */
const PAST_ADA = '44444444-4444-4444-8444-444444444444';
const NOT_FOUND = { code: 'NOT_FOUND', message: 'The page or item you asked for does not exist.' };

function open(path: string, handlers: Parameters<typeof stubFetch>[0] = {}) {
  setLoggedInCookie();
  const net = stubFetch({ ...consoleServer(me('rita@college.test', ['reader'], ['MAE'])).handlers, ...handlers });
  return { net, ...renderApp(path) };
}

describe('a staff link to an application the member may not open', { timeout: 30_000 }, () => {
  test.each([
    ['outside the member’s programs', ROWS[1]!.user_id],
    ['unknown', UNKNOWN],
    ['malformed', 'not-an-id'],
  ])('%s: a page in the console, its heading focused, with a way back to the list', async (_, id) => {
    const { user, router } = open(`/staff/applications/${id}`, {
      [`GET /api/staff/applications/${id}`]: () => json(NOT_FOUND, 404),
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Application not found' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/not found, or not in your programs/)).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to my application' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Application not found/);
    // Inside the console: its navigation is there.
    expect(screen.getByRole('navigation', { name: 'Admissions office' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the applications' }));
    expect(router.state.location.pathname).toBe('/staff');
  });

  test('any other refusal is shown in the console too, with its code', async () => {
    open(`/staff/applications/${ADA}`, {
      [`GET /api/staff/applications/${ADA}`]: () =>
        json({ code: 'OWN_APPLICATION', message: 'This is your own application.' }, 403),
    });
    await screen.findByRole('heading', { level: 1, name: 'This application could not be opened' });
    expect(screen.getByText(/code OWN_APPLICATION/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the applications' })).toHaveAttribute('href', '/staff');
  });
});

describe('a staff link made before its applicant started the next cycle', { timeout: 30_000 }, () => {
  test('goes where the application went, replacing the old address', async () => {
    const past = { ...detail(row(PAST_ADA, 'Lovelace', 'Ada')), cycle_id: '2026-27' };
    const { net, router } = open(`/staff/applications/${ADA}?cycle=2026-27`, {
      [`GET /api/staff/applications/${ADA}`]: () => json({ ...NOT_FOUND, moved_to: PAST_ADA }, 404),
      [`GET /api/staff/applications/${PAST_ADA}`]: () => json(past),
      [`GET /api/staff/applications/${PAST_ADA}/decisions`]: () =>
        json({ state: null, current: null, letter_html: null, withdrawn: null, history: [] }),
    });

    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(router.state.location.pathname).toBe(`/staff/applications/${PAST_ADA}`);
    expect(router.state.location.search).toBe('?cycle=2026-27');
    expect(router.state.historyAction).toBe('REPLACE');
    // The old address was asked with its cycle, the new one once.
    expect(net.callsTo(`GET /api/staff/applications/${ADA}`).map((r) => r.path)).toEqual([
      `/api/staff/applications/${ADA}?cycle=2026-27`,
    ]);
    expect(net.callsTo(`GET /api/staff/applications/${PAST_ADA}`)).toHaveLength(1);
  });

  test('the address of an application names its cycle, so a link copied from it survives the next cycle', async () => {
    const { net, router } = open(`/staff/applications/${ADA}`);

    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await waitFor(() => expect(router.state.location.search).toBe('?cycle=2026-27'));
    expect(router.state.location.pathname).toBe(`/staff/applications/${ADA}`);
    expect(router.state.historyAction).toBe('REPLACE');
    // Naming the cycle asks for nothing again (one view in the audit log).
    expect(net.callsTo(`GET /api/staff/applications/${ADA}`)).toHaveLength(1);
  });
});
