import type { ApiTokenScope } from '@admissions/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createApiToken } from '../api-tokens';
import type { TestApp } from '../../test-support/test-app';

/** A token made as the console makes one (its repository), and its secret: what IT pastes into its configuration. */
export async function apiToken(
  t: TestApp,
  scopes: ApiTokenScope[],
  programs: string[] | null = null,
  name = `token ${scopes.join(' ')}`,
): Promise<string> {
  const created = await createApiToken(
    t.db,
    t.deps.secretKey,
    { name, scopes, programs, expiresAt: null },
    'admin@college.test',
    t.clock.now(),
  );
  return created.secret;
}

/** A server-to-server call: the bearer token, no Origin, no cookie. */
export function apiCall(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'PUT',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

/** Many applications written straight into the database (signing each up would take minutes), in the open cycle. */
export async function seedApplications(
  t: TestApp,
  count: number,
  { prefix = 'seed', program = 'BMN', at = t.clock.now() } = {},
): Promise<string[]> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO users (id, email, password_hash, confirmed_at, created_at)
     SELECT gen_random_uuid(), $1 || '-' || i || '@example.edu', 'not-a-password', $2, $2
     FROM generate_series(1, $3::int) i RETURNING id`,
    [prefix, at, count],
  );
  const ids = rows.map((r) => r.id);
  await t.db.query(
    `INSERT INTO applications (user_id, answers, updated_at)
     SELECT id, jsonb_build_object('first_name', 'Seed', 'applied_major', $3::text), $2 FROM unnest($1::uuid[]) id`,
    [ids, at, program],
  );
  return ids;
}
