import type { ApiToken, CreatedApiToken } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '../../infra/time-units';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { submittedApplicant } from '../../test-support/staff-helpers';
import { createApiToken, recordApiCall } from '.';

/**
 * The console's API tokens (issue 45): an administrator makes one and reads its secret once; the product keeps
 * only its keyed hash, lists tokens newest first with revoked ones marked, and refuses bad input with a clear 4xx.
 * A token opens nothing of the console's or the applicant's calls.
 */
let t: TestApp;
let admin: TestClient;
const logs: string[] = [];

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV, { onLog: (entry) => logs.push(JSON.stringify(entry)) });
  admin = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

const inADay = () => new Date(t.clock.now().getTime() + DAY).toISOString();

async function create(body: object, client = admin): Promise<CreatedApiToken> {
  const res = await client.post('/api/staff/api-tokens', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiToken>();
}

const list = async () => (await expectOk(await admin.get('/api/staff/api-tokens'))).json<{ tokens: ApiToken[] }>();

const tokenCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens')).rows[0]!.n;

describe('making a token', () => {
  it('answers the token with its secret, which no list, row, audit entry or log line holds', async () => {
    const expiresAt = inADay();
    const token = await create({
      name: '  Banner sync ',
      scopes: ['decisions:read', 'applications:read', 'decisions:read'],
      programs: ['MAPP', 'MAE'],
      expires_at: expiresAt,
    });
    expect(token).toMatchObject({
      name: 'Banner sync',
      scopes: ['applications:read', 'decisions:read'],
      programs: ['MAE', 'MAPP'],
      created_by: STAFF_EMAIL,
      created_at: t.clock.now().toISOString(),
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    });
    expect(token.secret).toMatch(/^ap_[A-Za-z0-9_-]{43}$/);
    expect(token.prefix).toBe(token.secret.slice(0, 10));

    const { tokens } = await list();
    const listed = tokens.find((x) => x.id === token.id);
    const { secret, ...withoutSecret } = token;
    expect(listed).toEqual(withoutSecret);
    expect(JSON.stringify(tokens)).not.toContain(secret);

    const { rows } = await t.db.query<{ secret_hash: string }>('SELECT * FROM api_tokens WHERE id = $1', [token.id]);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(10));

    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM staff_audit_log WHERE staff_email = $1 AND action = 'api-token-create'`,
      [STAFF_EMAIL],
    );
    expect(audit.rows).toContainEqual(
      expect.objectContaining({ detail: expect.objectContaining({ token_id: token.id, name: 'Banner sync' }) }),
    );
    expect(JSON.stringify(audit.rows)).not.toContain(secret.slice(10));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(secret.slice(10));
  });

  it('makes a token of every program, without expiry, when the body leaves them out', async () => {
    const token = await create({ name: 'Colleague', scopes: ['external-ids:write'] });
    expect(token).toMatchObject({ programs: null, expires_at: null, scopes: ['external-ids:write'] });
  });

  it('refuses an unknown scope, naming it', async () => {
    const before = await tokenCount();
    const res = await admin.post('/api/staff/api-tokens', { name: 'X', scopes: ['applications:read', 'grades:write'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'API_SCOPE_UNKNOWN', errors: { scopes: ['grades:write'] } });
    expect(res.json<{ message: string }>().message).toContain('grades:write');
    expect(await tokenCount()).toBe(before);
  });

  it('refuses an empty name, no scope, and an unknown field', async () => {
    const before = await tokenCount();
    for (const body of [
      { name: '   ', scopes: ['applications:read'] },
      { name: 'X', scopes: [] },
      { name: 'X', scopes: ['applications:read'], secret: 'mine' },
    ]) {
      const res = await admin.post('/api/staff/api-tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await tokenCount()).toBe(before);
  });

  it('refuses an expiry now or in the past, and one that is no time', async () => {
    const before = await tokenCount();
    for (const expires_at of [t.clock.now().toISOString(), new Date(t.clock.now().getTime() - MINUTE).toISOString()]) {
      const res = await admin.post('/api/staff/api-tokens', { name: 'X', scopes: ['applications:read'], expires_at });
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([400, 'API_TOKEN_EXPIRY_INVALID']);
    }
    const bad = await admin.post('/api/staff/api-tokens', {
      name: 'X',
      scopes: ['applications:read'],
      expires_at: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a program the tenant does not have, naming it', async () => {
    const res = await admin.post('/api/staff/api-tokens', {
      name: 'X',
      scopes: ['applications:read'],
      programs: ['MAE', 'NOPE'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PROGRAM_UNKNOWN', errors: { programs: ['NOPE'] } });
  });

  it('lets a member limited to programs make tokens only within them', async () => {
    const limited = await staffWithRoles(t, 'limited-admin@college.test', ['admin'], ['MAE', 'MAAS']);
    expect(
      (await create({ name: 'MAE only', scopes: ['applications:read'], programs: ['MAE'] }, limited)).programs,
    ).toEqual(['MAE']);
    const wider = await limited.post('/api/staff/api-tokens', {
      name: 'Wider',
      scopes: ['applications:read'],
      programs: ['MAE', 'MAPP'],
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toMatchObject({ code: 'API_TOKEN_PROGRAMS_NOT_ALLOWED', errors: { programs: ['MAPP'] } });
    const every = await limited.post('/api/staff/api-tokens', { name: 'Every', scopes: ['applications:read'] });
    expect([every.statusCode, every.json<{ code: string }>().code]).toEqual([403, 'API_TOKEN_PROGRAMS_NOT_ALLOWED']);
  });
});

describe('the list and revoking', () => {
  it('lists the newest first, and keeps a revoked token listed, marked', async () => {
    const older = await create({ name: 'Older', scopes: ['applications:read'] });
    t.clock.advance(MINUTE);
    const newer = await create({ name: 'Newer', scopes: ['documents:read'] });
    t.clock.advance(MINUTE);
    const revokedAt = t.clock.now().toISOString();
    const res = await admin.delete(`/api/staff/api-tokens/${older.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    const { tokens } = await list();
    const ids = tokens.map((x) => x.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(tokens.find((x) => x.id === older.id)).toMatchObject({ revoked_at: revokedAt });
    expect(tokens.find((x) => x.id === newer.id)).toMatchObject({ revoked_at: null });
    const audit = await t.db.query(
      `SELECT 1 FROM staff_audit_log WHERE action = 'api-token-revoke' AND detail->>'token_id' = $1 AND detail->>'name' = 'Older'`,
      [older.id],
    );
    expect(audit.rows).toHaveLength(1);

    // Revoking again changes nothing: the first time stays.
    t.clock.advance(MINUTE);
    expect((await admin.delete(`/api/staff/api-tokens/${older.id}`)).statusCode).toBe(204);
    expect((await list()).tokens.find((x) => x.id === older.id)).toMatchObject({ revoked_at: revokedAt });
  });

  it('answers 404 for a token that does not exist, or an id that is no id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await admin.delete(`/api/staff/api-tokens/${id}`);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('audits each read of the list', async () => {
    await list();
    const { rows } = await t.db.query(`SELECT detail FROM staff_audit_log WHERE action = 'view-api-tokens'`);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('a token on the console’s or the applicant’s calls', () => {
  it('is no session: 401, as without one', async () => {
    const token = await create({ name: 'Everything', scopes: ['applications:read', 'documents:read'] });
    const bearer = { authorization: `Bearer ${token.secret}` };
    for (const url of [
      '/api/staff/api-tokens',
      '/api/staff/me',
      '/api/staff/applications',
      '/api/profile',
      '/api/tabs',
    ]) {
      const res = await t.client().get(url, bearer);
      expect([url, res.statusCode, res.json<{ code: string }>().code]).toEqual([url, 401, 'UNAUTHORIZED']);
    }
    const write = await t.client().post('/api/staff/api-tokens', { name: 'Y', scopes: ['applications:read'] }, bearer);
    expect(write.statusCode).toBe(401);
  });
});

describe('a stale sign-in', () => {
  it('must be confirmed before making or revoking a token', async () => {
    const token = await create({ name: 'Kept', scopes: ['applications:read'] });
    t.clock.advance(t.deps.config.staffAuth.reauthMs + MINUTE);
    const made = await admin.post('/api/staff/api-tokens', { name: 'Late', scopes: ['applications:read'] });
    expect([made.statusCode, made.json<{ code: string }>().code]).toEqual([401, 'REAUTH_REQUIRED']);
    const revoked = await admin.delete(`/api/staff/api-tokens/${token.id}`);
    expect([revoked.statusCode, revoked.json<{ code: string }>().code]).toEqual([401, 'REAUTH_REQUIRED']);
    // Reading the list asks for no fresh sign-in.
    expect((await list()).tokens.find((x) => x.id === token.id)).toMatchObject({ revoked_at: null });
  });
});

describe('an API call in the console’s audit log', () => {
  it('is an entry of the token, by its name, on the application it was about', async () => {
    const applicant = await submittedApplicant(t, 'api-audit@example.edu');
    const token = await createApiToken(
      t.db,
      t.deps.secretKey,
      { name: 'Banner sync', scopes: ['applications:read'], programs: null, expiresAt: null },
      STAFF_EMAIL,
      t.clock.now(),
    );
    const caller = { tokenId: token.id, name: token.name, scopes: token.scopes, programs: token.programs };
    await recordApiCall(t.db, caller, 'get-application', applicant.userId, {}, t.clock.now());
    await recordApiCall(t.db, caller, 'list-applications', null, { limit: 1 }, t.clock.now());
    const res = await expectOk(await admin.get('/api/staff/audit?action=api-call'));
    const entries = res.json<{ entries: Record<string, unknown>[] }>().entries;
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        staff_email: 'api-token:Banner sync',
        staff_name: null,
        application_user_id: null,
        summary: 'called the API: list-applications',
        detail: { limit: 1, call: 'list-applications', token_id: token.id },
        count: 1,
      }),
      expect.objectContaining({
        staff_email: 'api-token:Banner sync',
        application_user_id: applicant.userId,
        summary: 'called the API: get-application',
      }),
    ]);
    const onApplication = await expectOk(await admin.get(`/api/staff/audit?application=${applicant.userId}`));
    expect(onApplication.json<{ entries: { action: string }[] }>().entries.map((e) => e.action)).toContain('api-call');
  });
});
