import { HOST_COOKIE_PREFIX, LOGIN_COOKIE_PREFIX } from '../constants';

/**
 * The calls the web app makes as soon as its code runs, before any screen
 * asks (apps/web/src/app/main.tsx): the institution's text on every page,
 * and the applicant's data while the login cookie is there. The server names
 * them in each page's Link header, so the browser asks for them together with
 * the page's code rather than a round trip after it
 * (docs/decisions/025-declarative-routes-and-page-data.md).
 */
export const PAGE_START_CALLS = {
  everyPage: ['/public/tenant'],
  loggedIn: ['/api/profile', '/api/add-another', '/api/tabs'],
} as const;

/**
 * SPEC section 4: someone is logged in while a cookie whose name starts with
 * LOGIN_COOKIE_PREFIX exists. One rule for the web app, which reads
 * document.cookie, and the server, which must predict what the app will ask for.
 */
export function isLoginCookieName(name: string): boolean {
  const base = name.startsWith(HOST_COOKIE_PREFIX) ? name.slice(HOST_COOKIE_PREFIX.length) : name;
  return base.startsWith(LOGIN_COOKIE_PREFIX);
}
