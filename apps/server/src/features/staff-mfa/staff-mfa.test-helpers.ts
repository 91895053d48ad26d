import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { RecoveryCodes, TotpEnrolment } from '@admissions/domain';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { expectOk, type TestApp, type TestClient } from '../../test-support/test-app';

/** The code an authenticator app shows for this key at the test clock's time, `steps` time steps (30 s) away. */
export async function totpCode(t: TestApp, secret: string, steps = 0): Promise<string> {
  const epoch = Math.floor(t.clock.now().getTime() / 1000) + steps * 30;
  return generate({ secret, epoch, algorithm: 'sha1', digits: 6, period: 30 });
}

/** A well-formed code that no step from -2 to +2 has: surely wrong. */
export async function wrongCode(t: TestApp, secret: string): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => totpCode(t, secret, s))));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** A staff member's password session: signed up and logged in the first time, logged in again after. */
export async function passwordSession(t: TestApp, email: string): Promise<TestClient> {
  const { rows } = await t.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  return rows.length ? anotherSession(t, email) : loggedInClient(t, email);
}

export interface TotpMember {
  client: TestClient;
  secret: string;
  recoveryCodes: string[];
}

/** Signs in with the password and sets up TOTP, as the first sign-in's screens do; the session passed its factor. */
export async function enrolTotp(t: TestApp, email: string, client?: TestClient): Promise<TotpMember> {
  const session = client ?? (await passwordSession(t, email));
  const { secret } = (await expectOk(await session.post('/api/staff/mfa/totp'))).json<TotpEnrolment>();
  const confirmed = await session.post('/api/staff/mfa/totp/confirm', { code: await totpCode(t, secret) });
  const { recovery_codes } = (await expectOk(confirmed)).json<RecoveryCodes>();
  return { client: session, secret, recoveryCodes: recovery_codes };
}

/** A new password session of an enrolled member, past its second step with a code (the clock moved one step on first, so the code is new). */
export async function signInWithCode(t: TestApp, email: string, secret: string): Promise<TestClient> {
  t.clock.advance(30_000);
  const client = await passwordSession(t, email);
  await expectOk(await client.post('/api/staff/mfa/verify', { code: await totpCode(t, secret) }));
  return client;
}

/** The answer's status and error code, as a client branches on them. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: res.statusCode, code: res.json<{ code?: string }>().code }).toEqual({ status, code });
}

/** The audit log's rows of one member, oldest first. */
export async function auditOf(t: TestApp, email: string) {
  const { rows } = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
    'SELECT action, detail FROM staff_audit_log WHERE staff_email = $1 ORDER BY id',
    [email],
  );
  return rows;
}
