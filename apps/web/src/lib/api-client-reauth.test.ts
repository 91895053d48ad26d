import { ERROR_MESSAGES } from '@admissions/domain';
import { describe, expect, onTestFinished, test } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { api, onReauthRequired } from './api-client';
import { ServerError, UnauthorizedError } from './api-errors';

const refusal = (code: 'MFA_REQUIRED' | 'REAUTH_REQUIRED' | 'LOGIN_LOCKED', status: number, headers = {}) =>
  new Response(JSON.stringify({ code, message: ERROR_MESSAGES[code] }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('the API client and a staff sign-in’s own refusals (issue 44)', () => {
  test('401 MFA_REQUIRED keeps the session: a server error with its code, not the way to /login', async () => {
    stubFetch({ 'GET /api/staff/me': () => refusal('MFA_REQUIRED', 401) });
    const error = await api.get('/api/staff/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).not.toBeInstanceOf(UnauthorizedError);
    expect((error as ServerError).code).toBe('MFA_REQUIRED');
  });

  test('any other 401 is still the session gone', async () => {
    stubFetch({ 'GET /api/staff/me': () => json({ code: 'UNAUTHORIZED', message: 'x' }, 401) });
    await expect(api.get('/api/staff/me')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  test('a refusal carries its Retry-After (how long LOGIN_LOCKED lasts)', async () => {
    stubFetch({ 'POST /api/staff/mfa/verify': () => refusal('LOGIN_LOCKED', 429, { 'Retry-After': '120' }) });
    const error = await api.post('/api/staff/mfa/verify', { code: '1' }).catch((e: unknown) => e);
    expect((error as ServerError).retryAfterSeconds).toBe(120);
  });

  test('401 REAUTH_REQUIRED asks the fresh sign-in, then makes the same call again', async () => {
    let fresh = false;
    const { callsTo } = stubFetch({
      'POST /api/staff/decisions/release': () => (fresh ? json({ released: 3 }) : refusal('REAUTH_REQUIRED', 401)),
    });
    let asked = 0;
    onTestFinished(
      onReauthRequired(async () => {
        asked += 1;
        fresh = true;
        return true;
      }),
    );
    await expect(api.post('/api/staff/decisions/release', { ids: ['a'] })).resolves.toEqual({ released: 3 });
    expect(asked).toBe(1);
    expect(callsTo('POST /api/staff/decisions/release').map((r) => r.body)).toEqual([{ ids: ['a'] }, { ids: ['a'] }]);
  });

  test('cancelled, the call ends with its refusal; without a fresh sign-in set, too', async () => {
    const { callsTo } = stubFetch({ 'POST /api/staff/refund': () => refusal('REAUTH_REQUIRED', 401) });
    const off = onReauthRequired(async () => false);
    const cancelled = await api.post('/api/staff/refund').catch((e: unknown) => e);
    expect((cancelled as ServerError).code).toBe('REAUTH_REQUIRED');
    off();
    const unasked = await api.post('/api/staff/refund').catch((e: unknown) => e);
    expect((unasked as ServerError).code).toBe('REAUTH_REQUIRED');
    expect(callsTo('POST /api/staff/refund')).toHaveLength(2);
  });
});
