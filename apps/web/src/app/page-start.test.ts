import { LOGIN_MARKER_COOKIE, PAGE_START_CALLS } from '@admissions/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, test } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { prefetchPageStart } from './page-start';

// The server names PAGE_START_CALLS in every page's Link header (rel=preload; as=fetch; crossorigin).
// The browser hands a preloaded answer only to a request for the same URL with the same credentials
// mode, so the app must ask for exactly these, and with credentials 'same-origin' (crossorigin's).
describe('the calls a page makes as soon as its code runs', () => {
  afterEach(() => {
    document.cookie = `${LOGIN_MARKER_COOKIE}=; Max-Age=0; Path=/`;
  });

  test('logged in: the institution’s text and the applicant’s data, which the server preloads', () => {
    document.cookie = `${LOGIN_MARKER_COOKIE}=1; Path=/`;
    const { requests } = stubFetch();

    prefetchPageStart(new QueryClient());

    expect(requests.map((r) => r.path).sort()).toEqual(
      [...PAGE_START_CALLS.everyPage, ...PAGE_START_CALLS.loggedIn].sort(),
    );
    expect(requests.every((r) => r.method === 'GET' && r.credentials === 'same-origin')).toBe(true);
  });

  test('logged out: only the institution’s text', () => {
    const { requests } = stubFetch();

    prefetchPageStart(new QueryClient());

    expect(requests.map((r) => r.path)).toEqual([...PAGE_START_CALLS.everyPage]);
    expect(requests[0]!.credentials).toBe('same-origin');
  });
});
