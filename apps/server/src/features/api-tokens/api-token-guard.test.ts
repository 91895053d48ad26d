import type { ApiTokenScope } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND } from '../../infra/time-units';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { createApiToken } from '.';

/**
 * The read API's guard (issue 45), against GET /api/v1/applications: a live token with the scope answers; no
 * token, an unknown, revoked or expired one is 401 at its next call; a session is never accepted; a token outside
 * its scopes is 403; over its rate a token gets 429 with Retry-After; every call is audited with the token's name.
 */
const RATE = 5;
const URL = '/api/v1/applications?limit=1';
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ ...STAFF_ENV, API_TOKEN_RATE_PER_MINUTE: String(RATE) });
  admin = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

/** A token made as the console makes it (the same function), without a console call. */
async function token(name: string, scopes: ApiTokenScope[] = ['applications:read'], expiresAt: Date | null = null) {
  const created = await createApiToken(
    t.db,
    t.deps.secretKey,
    { name, scopes, programs: null, expiresAt },
    STAFF_EMAIL,
    t.clock.now(),
  );
  return { ...created, headers: { authorization: `Bearer ${created.secret}` } };
}

const call = (headers: Record<string, string> = {}, client = t.client()) => client.get(URL, headers);

const auditRows = async (tokenId: string) =>
  (
    await t.db.query<{ staff_email: string; staff_user_id: string | null; detail: Record<string, unknown> }>(
      `SELECT staff_email, staff_user_id, detail FROM staff_audit_log
       WHERE action = 'api-call' AND detail->>'token_id' = $1 ORDER BY id`,
      [tokenId],
    )
  ).rows;

const lastUsed = async (id: string) =>
  (await t.db.query<{ at: Date | null }>('SELECT last_used_at AS at FROM api_tokens WHERE id = $1', [id])).rows[0]!.at;

describe('a live token', () => {
  it('answers, audits each call with the token’s name, and records its last use once a minute', async () => {
    const banner = await token('Banner sync');
    const first = await call(banner.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toHaveProperty('data');
    const usedAt = t.clock.now().getTime();
    expect((await lastUsed(banner.id))?.getTime()).toBe(usedAt);

    t.clock.advance(30 * SECOND);
    expect((await call(banner.headers)).statusCode).toBe(200);
    expect((await lastUsed(banner.id))?.getTime()).toBe(usedAt);
    t.clock.advance(30 * SECOND);
    expect((await call(banner.headers)).statusCode).toBe(200);
    expect((await lastUsed(banner.id))?.getTime()).toBe(t.clock.now().getTime());

    const rows = await auditRows(banner.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ staff_email: 'api-token:Banner sync', staff_user_id: null });
  });

  it('is taken with a session cookie beside it: the token decides', async () => {
    const both = await token('With a cookie');
    expect((await call(both.headers, admin)).statusCode).toBe(200);
  });
});

describe('a refused call', () => {
  it('without a token is 401 API_TOKEN_INVALID, asking for a bearer token', async () => {
    const res = await call();
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it('with a token that is not ours, or another scheme, is 401 API_TOKEN_INVALID', async () => {
    const known = await token('Known');
    for (const authorization of [
      `Bearer ap_${'A'.repeat(43)}`,
      `Bearer ${known.secret.slice(0, -1)}x`,
      'Bearer nonsense',
      `Basic ${Buffer.from(`x:${known.secret}`).toString('base64')}`,
      `Bearer ${known.secret} extra`,
    ]) {
      const res = await call({ authorization });
      expect([authorization, res.statusCode, res.json<{ code: string }>().code]).toEqual([
        authorization,
        401,
        'API_TOKEN_INVALID',
      ]);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
    }
  });

  it('with a session cookie and no token is 401 API_SESSION_NOT_ACCEPTED, for the office and an applicant', async () => {
    const applicant = await loggedInClient(t, 'api-guard@example.edu');
    for (const client of [admin, applicant]) {
      const res = await call({}, client);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, 'API_SESSION_NOT_ACCEPTED']);
    }
  });

  it('with a token revoked in the console is 401 at its next call', async () => {
    const revoked = await token('Revoked');
    expect((await call(revoked.headers)).statusCode).toBe(200);
    expect((await admin.delete(`/api/staff/api-tokens/${revoked.id}`)).statusCode).toBe(204);
    const res = await call(revoked.headers);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
  });

  it('with an expired token is 401 from the moment it expires', async () => {
    const expiring = await token('Expiring', ['applications:read'], new Date(t.clock.now().getTime() + HOUR));
    t.clock.advance(HOUR - SECOND);
    expect((await call(expiring.headers)).statusCode).toBe(200);
    t.clock.advance(SECOND);
    const res = await call(expiring.headers);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
  });

  it('outside the token’s scopes is 403 API_SCOPE_MISSING, audited under the token’s name', async () => {
    const decisions = await token('Decisions only', ['decisions:read']);
    const res = await call(decisions.headers);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([403, 'API_SCOPE_MISSING']);
    expect(await auditRows(decisions.id)).toEqual([
      expect.objectContaining({
        staff_email: 'api-token:Decisions only',
        detail: expect.objectContaining({ call: 'denied', scope: 'applications:read' }),
      }),
    ]);
  });

  it('for its input is 400, audited once under the token’s name with the code it was answered', async () => {
    const careless = await token('Careless');
    const res = await t.client().get('/api/v1/applications?limit=999', careless.headers);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([400, 'API_LIMIT_INVALID']);
    const cursor = await t.client().get('/api/v1/applications?cursor=not-ours', careless.headers);
    expect([cursor.statusCode, cursor.json<{ code: string }>().code]).toEqual([400, 'API_CURSOR_INVALID']);
    expect(await auditRows(careless.id)).toEqual(
      ['API_LIMIT_INVALID', 'API_CURSOR_INVALID'].map((code) =>
        expect.objectContaining({
          staff_email: 'api-token:Careless',
          detail: expect.objectContaining({ call: 'refused', code, method: 'GET', route: '/api/v1/applications' }),
        }),
      ),
    );
  });

  it('for a body that is not JSON is audited with the code it was answered, not the framework’s', async () => {
    const writer = await token('Writer', ['external-ids:write']);
    const id = '00000000-0000-4000-8000-000000000001';
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/applications/${id}/external-ids/banner`,
      headers: { ...writer.headers, 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([400, 'BAD_REQUEST']);
    expect(await auditRows(writer.id)).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ call: 'refused', code: 'BAD_REQUEST', status: 400, method: 'PUT' }),
      }),
    ]);
  });

  it('over the token’s rate is 429 with Retry-After, and waiting that long is enough', async () => {
    t.clock.advance(MINUTE);
    const busy = await token('Busy');
    const other = await token('Other');
    for (let i = 0; i < RATE; i++) expect((await call(busy.headers)).statusCode).toBe(200);
    const res = await call(busy.headers);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([429, 'RATE_LIMITED']);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The limit is the token's own: another token is not held back.
    expect((await call(other.headers)).statusCode).toBe(200);
    // A refused call is not audited as made; those let through are.
    expect(await auditRows(busy.id)).toHaveLength(RATE);
    t.clock.advance(retryAfter * SECOND);
    expect((await call(busy.headers)).statusCode).toBe(200);
  });
});

/**
 * The list checks its token live in its page's own statement (one round trip for the token, the page and the audit
 * row): a token this process has seen live is taken from memory, and a token revoked since, by any process, is
 * still 401 at its next call, with nothing read, audited or told about its input.
 */
describe('a token the process has seen live, on the list', () => {
  /** The statements the app runs during `fn`. */
  async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const query = t.deps.db.query;
    t.deps.db.query = ((text: string, ...rest: unknown[]) => {
      seen.push(text);
      return (query as (text: string, ...rest: unknown[]) => Promise<unknown>).call(t.deps.db, text, ...rest);
    }) as typeof query;
    try {
      await fn();
    } finally {
      t.deps.db.query = query;
    }
    return seen;
  }
  /** Revoked as another process would revoke it: its row alone changes, this process is told nothing. */
  const revokeElsewhere = (id: string) =>
    t.db.query('UPDATE api_tokens SET revoked_at = $2 WHERE id = $1', [id, t.clock.now()]);

  it('is not read by its hash again: the page checks it in the same statement', async () => {
    const sync = await token('Remembered');
    const first = await statementsOf(async () => expect((await call(sync.headers)).statusCode).toBe(200));
    expect(first.filter((s) => s.includes('secret_hash'))).toHaveLength(1);
    const next = await statementsOf(async () => expect((await call(sync.headers)).statusCode).toBe(200));
    expect(next.filter((s) => s.includes('secret_hash'))).toEqual([]);
    expect(next.filter((s) => s.includes('FROM api_tokens t WHERE t.id'))).toHaveLength(1);
    expect(await auditRows(sync.id)).toHaveLength(2);
  });

  it('revoked by another process is 401 at its next call, and that call is not audited', async () => {
    const sync = await token('Revoked elsewhere');
    expect((await call(sync.headers)).statusCode).toBe(200);
    await revokeElsewhere(sync.id);
    for (let i = 0; i < 2; i++) {
      const res = await call(sync.headers);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
    }
    expect(await auditRows(sync.id)).toHaveLength(1);
  });

  it('revoked, is 401 rather than told about its input, its cycle, its scope or its rate', async () => {
    // Each refusal with a token of its own, remembered live and then revoked: a 401 makes the process forget it.
    const bad = [
      '/api/v1/applications?limit=0',
      '/api/v1/applications?cursor=not-ours',
      '/api/v1/applications?cycle=no-such-cycle',
      '/api/v1/applications?program=NOPE',
      '/api/v1/applications?cycle=%00',
    ];
    for (const url of bad) {
      const sync = await token(`Revoked, asking ${url}`);
      expect((await call(sync.headers)).statusCode).toBe(200);
      // Before it is revoked, it is refused for what it asks.
      const before = await t.client().get(url, sync.headers);
      expect([url, before.statusCode]).toEqual([url, 400]);
      await revokeElsewhere(sync.id);
      const res = await t.client().get(url, sync.headers);
      expect([url, res.statusCode, res.json<{ code: string }>().code]).toEqual([url, 401, 'API_TOKEN_INVALID']);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
    }

    const narrow = await token('Revoked, decisions only', ['decisions:read']);
    expect((await call(narrow.headers)).statusCode).toBe(403);
    await revokeElsewhere(narrow.id);
    const denied = await call(narrow.headers);
    expect([denied.statusCode, denied.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
    expect(await auditRows(narrow.id)).toHaveLength(1);

    t.clock.advance(MINUTE);
    const busy = await token('Revoked, over its rate');
    for (let i = 0; i < RATE; i++) expect((await call(busy.headers)).statusCode).toBe(200);
    expect((await call(busy.headers)).statusCode).toBe(429);
    await revokeElsewhere(busy.id);
    const limited = await call(busy.headers);
    expect([limited.statusCode, limited.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
  });

  it('revoked, has no use recorded after its revocation', async () => {
    const sync = await token('Revoked, then used');
    expect((await call(sync.headers)).statusCode).toBe(200);
    const usedAt = (await lastUsed(sync.id))?.getTime();
    t.clock.advance(2 * MINUTE);
    await revokeElsewhere(sync.id);
    expect((await call(sync.headers)).statusCode).toBe(401);
    expect((await lastUsed(sync.id))?.getTime()).toBe(usedAt);
  });

  it('expired, is 401 from the moment it expires, though remembered', async () => {
    const expiring = await token(
      'Remembered, expiring',
      ['applications:read'],
      new Date(t.clock.now().getTime() + HOUR),
    );
    expect((await call(expiring.headers)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    const res = await call(expiring.headers);
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, 'API_TOKEN_INVALID']);
  });
});
