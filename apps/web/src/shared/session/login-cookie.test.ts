import { LOGIN_MARKER_COOKIE } from '@admissions/domain';
import { describe, expect, test } from 'vitest';
import { expireLoginCookies, hasLoginCookie } from './login-cookie';

describe('login cookie', () => {
  test('someone is logged in while a cookie with the login prefix exists', () => {
    expect(hasLoginCookie('')).toBe(false);
    expect(hasLoginCookie('theme=dark; other_ap_idp_x=1')).toBe(false);
    expect(hasLoginCookie(`theme=dark; ${LOGIN_MARKER_COOKIE}=1`)).toBe(true);
    expect(hasLoginCookie('ap_idp_anything=1')).toBe(true);
  });

  test('over https the marker is named __Host-<prefix>…, and it still counts', () => {
    expect(hasLoginCookie(`theme=dark; __Host-${LOGIN_MARKER_COOKIE}=1`)).toBe(true);
    expect(hasLoginCookie('__Host-theme=dark; __Host-other_ap_idp_x=1')).toBe(false);
  });

  test('expiring removes only the login cookies', () => {
    document.cookie = `${LOGIN_MARKER_COOKIE}=1; Path=/`;
    document.cookie = 'theme=dark; Path=/';

    expireLoginCookies();

    expect(hasLoginCookie(document.cookie)).toBe(false);
    expect(document.cookie).toContain('theme=dark');
  });
});
