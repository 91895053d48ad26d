import { describe, expect, test, vi } from 'vitest';
import { ServerError, UnauthorizedError } from './api-errors';
import { clearUserQueries, createQueryClient, PUBLIC_QUERY_SCOPE } from './query-client';

describe('query client', () => {
  test('has the default query behaviour of SPEC section 7', () => {
    const queries = createQueryClient({ onUnauthorized: () => {} }).getDefaultOptions().queries;

    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
    });
    const throwOnError = queries?.throwOnError as (error: Error) => boolean;
    expect(throwOnError(new ServerError(500))).toBe(true);
    expect(throwOnError(new UnauthorizedError())).toBe(false);
  });

  test('a 401 from a query or a mutation takes the unauthorized path, other errors do not', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });

    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ServerError(500)) }).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();

    await client
      .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new UnauthorizedError()) })
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new UnauthorizedError()) })
      .execute(undefined)
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  test("clearing the user's data keeps the public queries", () => {
    const client = createQueryClient({ onUnauthorized: () => {} });
    client.setQueryData([PUBLIC_QUERY_SCOPE, 'tenant'], { partnerName: 'X' });
    client.setQueryData(['profile'], { username: 'a@b.co' });

    clearUserQueries(client);

    expect(client.getQueryData([PUBLIC_QUERY_SCOPE, 'tenant'])).toEqual({ partnerName: 'X' });
    expect(client.getQueryData(['profile'])).toBeUndefined();
  });
});
