import { STAFF_ROLES, type CreatedApiToken } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * The API tokens' console calls in the role matrix (issue 45): only administrators (`manage_team`) make, list and
 * revoke tokens; every other role gets 403 STAFF_RIGHT_MISSING (audited), an applicant 403 and no session 401.
 */
let t: TestApp;
let admin: TestClient;
let applicant: TestClient;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  applicant = await loggedInClient(t, 'token-roles@example.edu');
});
afterAll(async () => {
  await t?.close();
});

/** A token the administrator made, for a call that revokes it. */
async function token(): Promise<CreatedApiToken> {
  const res = await admin.post('/api/staff/api-tokens', { name: 'Matrix', scopes: ['applications:read'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiToken>();
}

const calls: MatrixCall[] = [
  {
    name: 'POST /api-tokens',
    status: 201,
    run: (c) => c.post('/api/staff/api-tokens', { name: 'Banner', scopes: ['applications:read'] }),
  },
  { name: 'GET /api-tokens', status: 200, run: (c) => c.get('/api/staff/api-tokens') },
  {
    name: 'DELETE /api-tokens/:id',
    status: 204,
    run: async (c) => c.delete(`/api/staff/api-tokens/${(await token()).id}`),
  },
];

describe('who may manage API tokens', () => {
  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: role === 'admin', right: 'manage_team' }),
    );

  it.each(calls)('an applicant gets 403 and no session 401 for $name', (call) =>
    expectStaffOnly(t, admin, applicant, call),
  );
});
