import type { MfaStatus, PasskeySummary } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../test-support/test-app';
import { otherChallenge, SoftwareAuthenticator, type Tamper } from './software-authenticator.test-helpers';
import { auditOf, expectError, passwordSession, totpCode } from './staff-mfa.test-helpers';

/** Issue 44: a passkey as the second factor of a password sign-in, through @simplewebauthn/server. */
const FIRST = 'passkey-first@college.test';
const REFUSED = 'passkey-refused@college.test';
const SECOND = 'passkey-second@college.test';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ STAFF_MFA: 'required', STAFF_EMAILS: [FIRST, REFUSED, SECOND].join(', ') });
});
afterAll(async () => {
  await t?.close();
});

const authenticator = () => new SoftwareAuthenticator('portal.test', TEST_PUBLIC_URL);
/** FIRST's only passkey. */
const firstKey = authenticator();

async function registerPasskey(client: TestClient, key: SoftwareAuthenticator, name: string, tamper?: Tamper) {
  const options = (await expectOk(await client.post('/api/staff/mfa/passkeys/options'))).json<{ challenge: string }>();
  return client.post('/api/staff/mfa/passkeys', { response: key.register(options, tamper), name });
}

async function signInWithPasskey(client: TestClient, key: SoftwareAuthenticator, tamper?: Tamper) {
  const options = (await expectOk(await client.post('/api/staff/mfa/passkey/options'))).json<{ challenge: string }>();
  return client.post('/api/staff/mfa/passkey/verify', { response: key.authenticate(options, tamper) });
}

describe('a passkey as the first second factor', () => {
  it('is registered at the first sign-in, gives the recovery codes, and signs the member in next time', async () => {
    const key = firstKey;
    const staff = await passwordSession(t, FIRST);
    expectError(await staff.get('/api/staff/applications'), 401, 'MFA_REQUIRED');
    const options = (await expectOk(await staff.post('/api/staff/mfa/passkeys/options'))).json();
    expect(options).toMatchObject({
      rp: { id: 'portal.test', name: 'Brightwater College' },
      user: { name: FIRST },
      attestation: 'none',
      excludeCredentials: [],
    });
    const registered = await staff.post('/api/staff/mfa/passkeys', {
      response: key.register(options),
      name: 'Work laptop',
    });
    const answer = (await expectOk(registered)).json<{ passkey: PasskeySummary; recovery_codes: string[] }>();
    expect(answer.passkey).toEqual({
      id: key.id,
      name: 'Work laptop',
      created_at: t.clock.now().toISOString(),
      last_used_at: null,
    });
    expect(answer.recovery_codes).toHaveLength(10);
    await expectOk(await staff.get('/api/staff/applications'));
    expect((await expectOk(await staff.get('/api/staff/mfa'))).json<MfaStatus>()).toMatchObject({
      enrolled: true,
      methods: ['passkey'],
      second_factor_passed: true,
      passkeys: [answer.passkey],
      recovery_codes_left: 10,
    });
    const { rows } = await t.db.query(
      'SELECT transports, counter::int AS counter FROM staff_passkeys WHERE credential_id = $1',
      [key.id],
    );
    expect(rows).toEqual([{ transports: ['internal'], counter: 0 }]);

    // The next sign-in: the password, then the passkey.
    t.clock.advance(60_000);
    const next = await passwordSession(t, FIRST);
    expectError(await next.get('/api/staff/applications'), 401, 'MFA_REQUIRED');
    const signIn = (await expectOk(await next.post('/api/staff/mfa/passkey/options'))).json();
    expect(signIn).toMatchObject({ rpId: 'portal.test', allowCredentials: [{ id: key.id, type: 'public-key' }] });
    await expectOk(await next.post('/api/staff/mfa/passkey/verify', { response: key.authenticate(signIn) }));
    await expectOk(await next.get('/api/staff/applications'));
    const used = await t.db.query(
      'SELECT counter::int AS counter, last_used_at FROM staff_passkeys WHERE credential_id = $1',
      [key.id],
    );
    expect(used.rows).toEqual([{ counter: 1, last_used_at: t.clock.now() }]);

    expect((await auditOf(t, FIRST)).filter((r) => r.action !== 'list').map((r) => [r.action, r.detail])).toEqual([
      ['sign-in', { method: 'password', second_factor: 'pending' }],
      ['mfa-enrol', { factor: 'passkey', name: 'Work laptop' }],
      ['sign-in', { method: 'password', factor: 'passkey' }],
      ['sign-in', { method: 'password', second_factor: 'pending' }],
      ['sign-in', { method: 'password', factor: 'passkey' }],
    ]);
  });
});

describe('a passkey answer is refused (400 PASSKEY_INVALID)', () => {
  let key: SoftwareAuthenticator;
  beforeAll(async () => {
    key = authenticator();
    const staff = await passwordSession(t, REFUSED);
    // A registration signed for another challenge, origin or site is refused; the challenge is then used up.
    expectError(await registerPasskey(staff, key, 'k', { challenge: otherChallenge() }), 400, 'PASSKEY_INVALID');
    expectError(await registerPasskey(staff, key, 'k', { origin: 'https://evil.test' }), 400, 'PASSKEY_INVALID');
    expectError(await registerPasskey(staff, key, 'k', { rpId: 'evil.test' }), 400, 'PASSKEY_INVALID');
    expectError(await registerPasskey(staff, key, 'k', { type: 'webauthn.get' }), 400, 'PASSKEY_INVALID');
    await expectOk(await registerPasskey(staff, key, 'Security key'));
  });

  it.each<[string, Tamper]>([
    ['for another challenge', { challenge: otherChallenge() }],
    ['from another origin', { origin: 'https://evil.test' }],
    ['for another site', { rpId: 'evil.test' }],
    ['signed by another key', { otherKey: true }],
    ['of another ceremony', { type: 'webauthn.create' }],
  ])('an answer %s', async (_name, tamper) => {
    const staff = await passwordSession(t, REFUSED);
    expectError(await signInWithPasskey(staff, key, tamper), 400, 'PASSKEY_INVALID');
    expectError(await staff.get('/api/staff/applications'), 401, 'MFA_REQUIRED');
  });

  it('a challenge used once: after a refusal, and after a success', async () => {
    const staff = await passwordSession(t, REFUSED);
    const options = (await expectOk(await staff.post('/api/staff/mfa/passkey/options'))).json<{ challenge: string }>();
    expectError(
      await staff.post('/api/staff/mfa/passkey/verify', { response: key.authenticate(options, { otherKey: true }) }),
      400,
      'PASSKEY_INVALID',
    );
    expectError(
      await staff.post('/api/staff/mfa/passkey/verify', { response: key.authenticate(options) }),
      400,
      'PASSKEY_INVALID',
    );
    const again = (await expectOk(await staff.post('/api/staff/mfa/passkey/options'))).json<{ challenge: string }>();
    const response = key.authenticate(again);
    await expectOk(await staff.post('/api/staff/mfa/passkey/verify', { response }));
    // The same answer replayed in another session: no challenge of its own matches.
    const other = await passwordSession(t, REFUSED);
    expectError(await other.post('/api/staff/mfa/passkey/verify', { response }), 400, 'PASSKEY_INVALID');
    await expectOk(await other.post('/api/staff/mfa/passkey/options'));
    expectError(await other.post('/api/staff/mfa/passkey/verify', { response }), 400, 'PASSKEY_INVALID');
  });

  it('a passkey of someone else, and a sign-in challenge used to register', async () => {
    const stranger = authenticator();
    const staff = await passwordSession(t, REFUSED);
    expectError(await signInWithPasskey(staff, stranger), 400, 'PASSKEY_INVALID');
    const audit = await auditOf(t, REFUSED);
    expect(audit.filter((r) => r.action === 'sign-in-failed').at(-1)?.detail).toEqual({
      method: 'password',
      reason: 'passkey-invalid',
    });
  });
});

describe('more factors, and removing one', () => {
  it('needs a session past its second factor: the password alone adds or removes none', async () => {
    const key = authenticator();
    const first = await passwordSession(t, SECOND);
    await expectOk(await registerPasskey(first, key, 'Phone'));

    const passwordOnly = await passwordSession(t, SECOND);
    expectError(await passwordOnly.post('/api/staff/mfa/passkeys/options'), 401, 'MFA_REQUIRED');
    expectError(await passwordOnly.post('/api/staff/mfa/totp'), 401, 'MFA_REQUIRED');
    expectError(await passwordOnly.delete(`/api/staff/mfa/passkeys/${key.id}`), 401, 'MFA_REQUIRED');

    // Past its factor, the session adds a second passkey (no new recovery codes: the member has them) and TOTP.
    await expectOk(await signInWithPasskey(passwordOnly, key));
    const spare = authenticator();
    const added = (await expectOk(await registerPasskey(passwordOnly, spare, 'Spare key'))).json();
    expect(added).toEqual({ passkey: expect.objectContaining({ id: spare.id, name: 'Spare key' }) });
    const { secret } = (await expectOk(await passwordOnly.post('/api/staff/mfa/totp'))).json<{ secret: string }>();
    const confirmed = await passwordOnly.post('/api/staff/mfa/totp/confirm', { code: await totpCode(t, secret) });
    expect((await expectOk(confirmed)).json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
    // The same passkey twice is refused.
    expectError(await registerPasskey(passwordOnly, spare, 'Again'), 400, 'PASSKEY_INVALID');

    await expectOk(await passwordOnly.delete(`/api/staff/mfa/passkeys/${spare.id}`));
    expectError(await passwordOnly.delete(`/api/staff/mfa/passkeys/${spare.id}`), 404, 'NOT_FOUND');
    expectError(
      await passwordOnly.delete(`/api/staff/mfa/passkeys/${new SoftwareAuthenticator('x', 'y').id}`),
      404,
      'NOT_FOUND',
    );
    const status = (await expectOk(await passwordOnly.get('/api/staff/mfa'))).json<MfaStatus>();
    expect(status.methods).toEqual(['totp', 'passkey']);
    expect(status.passkeys.map((p) => p.name)).toEqual(['Phone']);
    // Their own passkey removed, not an administrator's reset of their factors.
    const audit = await auditOf(t, SECOND);
    expect(audit.filter((r) => r.action === 'mfa-remove').map((r) => r.detail)).toEqual([{ passkey: 'Spare key' }]);
    expect(audit.filter((r) => r.action === 'mfa-reset')).toEqual([]);
  });

  it('keeps the last factor while one is required (409 MFA_LAST_FACTOR)', async () => {
    const staff = await passwordSession(t, FIRST);
    await expectOk(await signInWithPasskey(staff, firstKey));
    expectError(await staff.delete(`/api/staff/mfa/passkeys/${firstKey.id}`), 409, 'MFA_LAST_FACTOR');
    expect((await expectOk(await staff.get('/api/staff/mfa'))).json<MfaStatus>().methods).toEqual(['passkey']);
  });
});
