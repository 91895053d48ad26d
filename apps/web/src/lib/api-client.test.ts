import { APPLICATION_ID_HEADER, GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from '@admissions/domain';
import { describe, expect, test, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { api } from './api-client';
import { ServerError, UnauthorizedError } from './api-errors';
import { pinnedApplication } from './application-id';

describe('api client', () => {
  test('sends JSON with a content-type only when there is a payload, with same-origin credentials', async () => {
    const net = stubFetch({
      'POST /public/login': () => json({ message: 'ok' }),
      'GET /api/profile': () => json({ username: 'a@b.co' }),
    });

    await expect(api.post('/public/login', { username: 'a@b.co', password: 'x' })).resolves.toEqual({ message: 'ok' });
    await api.get('/api/profile');

    const [post, get] = net.requests;
    expect(post?.body).toEqual({ username: 'a@b.co', password: 'x' });
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(post?.credentials).toBe('same-origin');
    expect(get?.body).toBeUndefined();
    expect(get?.headers.get('content-type')).toBeNull();
    expect(get?.credentials).toBe('same-origin');
  });

  test('a non-JSON answer is a server error with the generic message', async () => {
    stubFetch({
      'GET /api/profile': () => new Response('<html>Bad gateway</html>', { headers: { 'Content-Type': 'text/html' } }),
    });

    const error = await api.get('/api/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  test('204 No Content is a success with nothing to read', async () => {
    stubFetch({ 'DELETE /api/staff/api-tokens/tok-1': () => new Response(null, { status: 204 }) });

    await expect(api.delete('/api/staff/api-tokens/tok-1')).resolves.toBeUndefined();
  });

  test('a body that claims to be JSON but is not is a server error too', async () => {
    stubFetch({ 'GET /api/profile': () => new Response('{oops', { headers: { 'Content-Type': 'application/json' } }) });

    await expect(api.get('/api/profile')).rejects.toThrow(GENERIC_ERROR_MESSAGE);
  });

  test('401 is an unauthorized error, whatever the body', async () => {
    stubFetch({ 'GET /api/profile': () => new Response('nope', { status: 401 }) });

    const error = await api.get('/api/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).message).toBe(SESSION_INVALID_MESSAGE);
  });

  test("another failure is a server error carrying the body's message, code and field errors", async () => {
    stubFetch({
      'POST /public/signup': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some of what you entered needs to be corrected.',
            errors: { username: ['Your email address must be valid.'] },
          },
          400,
        ),
    });

    const error = (await api.post('/public/signup', {}).catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Some of what you entered needs to be corrected.');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual({ username: ['Your email address must be valid.'] });
  });

  test('a failure whose body has no message string gets the generic message', async () => {
    stubFetch({ 'POST /public/login': () => json({ message: 42 }, 500) });

    await expect(api.post('/public/login', {})).rejects.toThrow(GENERIC_ERROR_MESSAGE);
  });

  test('no answer at all (offline) is a server error with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = (await api.get('/api/profile').catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(0);
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
  });

  test('form calls name the application the first answer named; the applications calls name none', async () => {
    const named = (id: string) => (body: unknown) => {
      const response = json(body);
      response.headers.set(APPLICATION_ID_HEADER, id);
      return response;
    };
    const net = stubFetch({
      'GET /api/profile': () => named('app-1')({ username: 'a@b.co' }),
      'PUT /api/answer': () => named('app-1')({ message: 'Saved.' }),
      'GET /api/applications': () => named('app-2')({ applications: [] }),
      'PUT /api/applications/current': () => named('app-2')({}),
    });

    await api.get('/api/profile');
    await api.put('/api/answer', { first_name: 'Ada' });
    await api.get('/api/applications');
    await api.put('/api/applications/current', { id: 'app-2' });
    await api.put('/api/answer', { first_name: 'Ada' }, { applicationId: 'app-2' });

    expect(net.requests.map((r) => [r.method, r.path, r.headers.get(APPLICATION_ID_HEADER)])).toEqual([
      ['GET', '/api/profile', null],
      ['PUT', '/api/answer', 'app-1'],
      ['GET', '/api/applications', null],
      ['PUT', '/api/applications/current', null],
      ['PUT', '/api/answer', 'app-2'],
    ]);
    // Only this page's own opening changes the application it shows.
    expect(pinnedApplication()).toBe('app-1');
  });
});
