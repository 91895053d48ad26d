import { LOGIN_MARKER_COOKIE } from '@admissions/domain';
import { describe, expect, test, vi } from 'vitest';
import { expireLoginCookies } from './login-cookie';
import { isLoggedInNow, refreshSession } from './session-store';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('isLoggedInNow', () => {
  test('sees a login made between tasks, such as a cookie the server set, at the next look', async () => {
    expect(isLoggedInNow()).toBe(false);
    await nextTask();
    document.cookie = `${LOGIN_MARKER_COOKIE}=1; Path=/`;
    expect(isLoggedInNow()).toBe(true);
  });

  test('asks the browser for its cookies once however often a render looks, and again in the next task', async () => {
    const cookieReads = vi.spyOn(document, 'cookie', 'get');
    for (let i = 0; i < 50; i++) isLoggedInNow();
    expect(cookieReads).toHaveBeenCalledTimes(1);
    await nextTask();
    isLoggedInNow();
    expect(cookieReads).toHaveBeenCalledTimes(2);
    cookieReads.mockRestore();
  });

  test('a logout made here counts at once, in the same task', () => {
    document.cookie = `${LOGIN_MARKER_COOKIE}=1; Path=/`;
    expect(isLoggedInNow()).toBe(true);
    expireLoginCookies();
    refreshSession();
    expect(isLoggedInNow()).toBe(false);
  });
});
