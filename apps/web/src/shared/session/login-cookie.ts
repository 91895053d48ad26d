import { HOST_COOKIE_PREFIX, isLoginCookieName } from '@admissions/domain';

/**
 * SPEC section 4: someone is logged in while a cookie whose name starts with
 * LOGIN_COOKIE_PREFIX exists. The server sets it next to the real, HttpOnly
 * session cookie, which scripts cannot see.
 */
export function hasLoginCookie(cookies: string): boolean {
  return loginCookieNames(cookies).length > 0;
}

function loginCookieNames(cookies: string): string[] {
  return cookies
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter(isLoginCookieName);
}

/**
 * After a 401 the server no longer knows the session, but its readable marker
 * may still be here; left alone it would make the app believe it is logged in
 * and ask for the profile again. The marker is set for the whole site (Path=/).
 */
export function expireLoginCookies(): void {
  for (const name of loginCookieNames(document.cookie)) {
    // A __Host- cookie can only be set, or expired, with Secure.
    const secure = name.startsWith(HOST_COOKIE_PREFIX) ? '; Secure' : '';
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  }
}
