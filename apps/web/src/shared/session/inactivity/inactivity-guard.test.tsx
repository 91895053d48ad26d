import { LOGIN_MARKER_COOKIE, SESSION_INVALID_MESSAGE } from '@admissions/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { useEndSessionOnLogin } from '../leave-for-login';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { App } from '../../../app/app';
import { createAppQueryClient } from '../../../app/app-query-client';
import { json, stubFetch } from '../../../test/fetch-stub';
import { memoryRouter, renderApp, setLoggedInCookie } from '../../../test/render-app';
import { LoginScreen } from '../../../features/auth/screens/login-screen';
import { registerBeforeLogout } from '../before-logout';
import { InactivityGuard } from './inactivity-guard';
import { INACTIVITY_LOGOUT_MESSAGE } from './use-inactivity-logout';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const profile = {
  username: 'ada@example.com',
  answer: {},
  document_answer: {},
  last_page: null,
  successful_login: [],
  web_status: [],
};

const TITLE = 'Still working?';
const YES = 'Yes - Take me back to my application';
const NO = 'No - Please log me out';

/*
 * Fake Date and timers, advancing with real time too: Testing Library's
 * findBy waits on real-looking timers, and the app's screens load as real
 * modules. Boundaries are therefore checked to the second here; the clock's
 * own tests check them to the millisecond.
 */
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2025-03-01T09:00:00Z'),
    shouldAdvanceTime: true,
  });
  localStorage.clear();
});

const unregister: Array<() => void> = [];

afterEach(() => {
  for (const fn of unregister.splice(0)) fn();
  vi.useRealTimers();
  localStorage.clear();
});

/** Lets `ms` of fake time pass, running the timers due. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The user does something; the inactivity clock counts from here. */
const beActive = () => fireEvent.keyDown(document.body, { key: 'a' });

function stubServer(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/profile': () => json(profile),
    'GET /api/keep-alive': () => json({ idle_expires_at: new Date(Date.now() + 15 * MINUTE).toISOString() }),
    'GET /api/logout': () => {
      // As the server does.
      document.cookie = `${LOGIN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
      return json({ message: 'You have been logged out.' });
    },
    ...overrides,
  });
}

/**
 * The guard as the site layout mounts it, with the app's providers and query
 * client, over a stand-in form page (so these tests do not depend on what the
 * application pages load) and the real /login screen.
 */
/** What the site layout mounts for the session: the guard, and the end of a logout once /login shows. */
function StandInLayout() {
  useEndSessionOnLogin();
  return (
    <>
      <InactivityGuard />
      <Outlet />
    </>
  );
}

function renderGuarded() {
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: StandInLayout,
      children: [
        {
          path: 'about',
          Component: () => (
            <>
              <h1>About You</h1>
              <label>
                Essay <textarea />
              </label>
            </>
          ),
        },
        { path: 'login', Component: LoginScreen },
      ],
    },
  ];
  const { history, router } = memoryRouter(['/about']);
  const queryClient = createAppQueryClient(history);
  // The profile, as the account menu would have loaded it: a logout must forget it.
  queryClient.setQueryData(['profile'], profile);
  const user = userEvent.setup({ delay: null });
  render(<App history={history} queryClient={queryClient} routes={routes} />);
  expect(screen.getByRole('heading', { level: 1, name: 'About You' })).toBeInTheDocument();
  return { router, queryClient, user };
}

function openLoggedIn(overrides: Parameters<typeof stubFetch>[0] = {}) {
  setLoggedInCookie();
  const net = stubServer(overrides);
  return { ...renderGuarded(), net };
}

const warning = () => screen.queryByRole('dialog', { name: TITLE });

/** Resolves when `release` is called; for before-logout work that takes a while. */
function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('inactivity warning', () => {
  test('appears after 14 minutes without activity, not at 13:59, and is accessible', async () => {
    openLoggedIn();
    beActive();

    await advance(14 * MINUTE - SECOND);
    expect(warning()).not.toBeInTheDocument();

    await advance(SECOND);
    const dialog = screen.getByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent('You have been inactive for a little while. Would you like to stay logged in?');
    const yes = within(dialog).getByRole('button', { name: YES });
    expect(within(dialog).getByRole('button', { name: NO })).toBeInTheDocument();
    // Focus starts on 'Yes', which says how long is left (WCAG 2.2.1).
    expect(yes).toHaveFocus();
    expect(yes).toHaveAccessibleDescription(
      'You have been inactive for a little while. Would you like to stay logged in? For your security, you will be logged out automatically in about one minute.',
    );
  });

  test('activity pushes it back', async () => {
    openLoggedIn();
    beActive();
    await advance(10 * MINUTE);
    fireEvent.scroll(document);
    await advance(10 * MINUTE);
    fireEvent.pointerDown(document.body);
    await advance(10 * MINUTE);
    fireEvent.input(document.body);

    await advance(14 * MINUTE - SECOND);
    expect(warning()).not.toBeInTheDocument();
    await advance(SECOND);
    expect(warning()).toBeInTheDocument();
  });

  test("'Yes' closes it, sends a keep-alive and starts the 14 minutes again", async () => {
    const { user, net } = openLoggedIn();
    const essay = screen.getByRole('textbox', { name: 'Essay' });
    await user.click(essay);
    await advance(14 * MINUTE);
    const before = net.callsTo('GET /api/keep-alive').length;

    await user.click(screen.getByRole('button', { name: YES }));

    expect(warning()).not.toBeInTheDocument();
    // Back where the user was (Radix moves focus back on the next tick).
    await advance(0);
    expect(essay).toHaveFocus();
    expect(net.callsTo('GET /api/keep-alive')).toHaveLength(before + 1);
    await advance(2 * MINUTE);
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);
    await advance(12 * MINUTE - SECOND);
    expect(warning()).not.toBeInTheDocument();
    await advance(SECOND);
    expect(warning()).toBeInTheDocument();
  });

  test("Escape counts as 'Yes': the time limit never runs on unseen", async () => {
    const { user, net } = openLoggedIn();
    beActive();
    await advance(14 * MINUTE);
    expect(warning()).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(warning()).not.toBeInTheDocument();
    await advance(5 * MINUTE);
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);
    expect(document.cookie).toContain(LOGIN_MARKER_COOKIE);
  });

  test('activity while it is open does not close it', async () => {
    openLoggedIn();
    beActive();
    await advance(14 * MINUTE);

    fireEvent.keyDown(document.body, { key: 'Tab' });
    fireEvent.pointerDown(document.body);
    await advance(SECOND);

    expect(warning()).toBeInTheDocument();
  });
});

describe('automatic logout', () => {
  test('at 15 minutes: before-logout work first, then /api/logout, then /login with the message', async () => {
    const order: string[] = [];
    const save = deferred();
    unregister.push(
      registerBeforeLogout(async () => {
        order.push('save started');
        await save.promise;
        order.push('save done');
      }),
    );
    const { net, router, queryClient } = openLoggedIn({
      'GET /api/logout': () => {
        order.push('logout');
        document.cookie = `${LOGIN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
        return json({ message: 'You have been logged out.' });
      },
    });
    beActive();
    expect(queryClient.getQueryData(['profile'])).toBeDefined();

    await advance(15 * MINUTE - SECOND);
    expect(order).toEqual([]);
    await advance(SECOND);
    expect(order).toEqual(['save started']);
    expect(warning()).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);

    await act(async () => save.release());

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(order).toEqual(['save started', 'save done', 'logout']);
    expect(router.state.location.state).toEqual({ errorMessage: INACTIVITY_LOGOUT_MESSAGE });
    expect(screen.getByRole('alert')).toHaveTextContent(INACTIVITY_LOGOUT_MESSAGE);
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    // Logged out: the clock is off.
    await advance(60 * MINUTE);
    expect(net.callsTo('GET /api/logout')).toHaveLength(1);
    expect(warning()).not.toBeInTheDocument();
  });

  test('before-logout work that never ends holds the logout 5 seconds at most', async () => {
    unregister.push(registerBeforeLogout(() => new Promise<void>(() => {})));
    const { net } = openLoggedIn();
    beActive();

    await advance(15 * MINUTE + 4 * SECOND);
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);
    await advance(SECOND);

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo('GET /api/logout')).toHaveLength(1);
  });

  test('a 401 from /api/logout (session already gone) still logs out here', async () => {
    const { router } = openLoggedIn({
      'GET /api/logout': () => json({ code: 'UNAUTHORIZED', message: SESSION_INVALID_MESSAGE }, 401),
    });
    beActive();

    await advance(15 * MINUTE);

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(router.state.location.state).toEqual({ errorMessage: INACTIVITY_LOGOUT_MESSAGE });
    expect(document.cookie).not.toContain(LOGIN_MARKER_COOKIE);
  });

  test('coming back to the tab after more than 15 minutes logs out at once, whatever the timers did', async () => {
    const { router, net } = openLoggedIn();
    beActive();
    await advance(3 * MINUTE);

    // A background tab: its timers did not run, the wall clock moved on.
    vi.setSystemTime(Date.now() + 13 * MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(net.callsTo('GET /api/logout')).toHaveLength(1);
    expect(router.state.location.state).toEqual({ errorMessage: INACTIVITY_LOGOUT_MESSAGE });
  });

  test('coming back within 14 minutes changes nothing', async () => {
    const { net } = openLoggedIn();
    beActive();
    vi.setSystemTime(Date.now() + 13 * MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(SECOND);

    expect(warning()).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);
  });

  test("'No' saves, then logs out to /login with the server's message", async () => {
    const save = vi.fn(() => Promise.resolve());
    unregister.push(registerBeforeLogout(save));
    const { user, router, net } = openLoggedIn();
    beActive();
    await advance(14 * MINUTE);

    await user.click(screen.getByRole('button', { name: NO }));

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(save).toHaveBeenCalledTimes(1);
    expect(net.callsTo('GET /api/logout')).toHaveLength(1);
    expect(router.state.location.state).toEqual({ message: 'You have been logged out.' });
    expect(warning()).not.toBeInTheDocument();
  });
});

describe('keep-alive', () => {
  test('while the user is active: at most one every 5 minutes, and no logout however long the typing', async () => {
    const sentAt: number[] = [];
    const { net } = openLoggedIn({
      'GET /api/keep-alive': () => {
        sentAt.push(Date.now());
        return json({ idle_expires_at: new Date(Date.now() + 15 * MINUTE).toISOString() });
      },
    });
    expect(sentAt).toHaveLength(0);

    beActive();
    const start = Date.now();
    expect(sentAt).toHaveLength(1);

    // Typing an essay for 30 minutes, a key every 10 seconds.
    while (Date.now() - start < 30 * MINUTE) {
      await advance(10 * SECOND);
      beActive();
    }

    // At the start, then one each 5 minutes for the typing since (the last one at 30:00).
    expect(sentAt).toHaveLength(7);
    const gaps = sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(warning()).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);

    // Idle again: the last activity is covered by one more keep-alive at most, then silence until the warning.
    await advance(13 * MINUTE);
    expect(sentAt.length).toBeLessThanOrEqual(8);
  });

  test('none while the user is idle, until the warning', async () => {
    const { net } = openLoggedIn();
    await advance(14 * MINUTE - SECOND);
    expect(net.callsTo('GET /api/keep-alive')).toHaveLength(0);
  });

  test('a 401 answer (the server forgot the session) takes the usual path to /login', async () => {
    const { router } = openLoggedIn({
      'GET /api/keep-alive': () => json({ code: 'UNAUTHORIZED', message: SESSION_INVALID_MESSAGE }, 401),
    });

    beActive();

    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(router.state.location.state).toEqual({ errorMessage: SESSION_INVALID_MESSAGE });
  });
});

describe('while logged out', () => {
  test('nothing happens', async () => {
    const net = stubServer();
    const { router } = renderGuarded();

    beActive();
    await advance(20 * MINUTE);
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    beActive();
    await advance(SECOND);

    expect(warning()).not.toBeInTheDocument();
    expect(net.callsTo('GET /api/keep-alive')).toHaveLength(0);
    expect(net.callsTo('GET /api/logout')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/about');
  });
});

describe('in the app', () => {
  test('the site layout mounts the guard', async () => {
    setLoggedInCookie();
    stubServer();
    // Any screen of the site, here one a logged-in user may open (/login would send them to their application).
    renderApp('/forgot');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    // Effects run after the first paint: the guard starts listening then.
    await advance(100);
    beActive();

    await advance(14 * MINUTE);

    expect(warning()).toBeInTheDocument();
  });
});
