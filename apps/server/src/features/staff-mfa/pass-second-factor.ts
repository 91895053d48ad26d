import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead } from '../../session/audit-log';
import { sessionOf } from '../../session/require-session';
import { staffOf, staffProofOf } from '../../session/require-staff';
import { recordStaffSignIn, recordStaffSignInFailure, type SecondFactor } from '../../session/staff-sign-in';
import { markSecondFactorPassed } from './mfa-repository';

/**
 * A password session passed its second factor: the session says so (and the step-up check counts from now), and the
 * audit log and the team page have the sign-in. `enrolment`: the factor was just set up, so the sign-in is recorded
 * only when it completes one (a member adding a second passkey later signed in long ago).
 */
export async function passSecondFactor(
  db: Queryable,
  request: FastifyRequest,
  factor: SecondFactor,
  now: Date,
  options: { enrolment?: boolean } = {},
): Promise<void> {
  const proof = staffProofOf(request);
  if (proof.method !== 'password') return;
  if (options.enrolment && proof.secondFactorPassed) return;
  await markSecondFactorPassed(db, sessionOf(request).idHash, now);
  await recordStaffSignIn(db, staffOf(request), 'password', now, { factor });
}

/** A second factor set up: in the audit log (never its key or codes). */
export async function recordEnrolment(
  db: Queryable,
  request: FastifyRequest,
  factor: 'totp' | 'passkey',
  now: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordStaffRead(db, staffOf(request), null, 'mfa-enrol', { factor, ...detail }, now);
}

/** A refused second step (or fresh sign-in): who and why, never what was typed. */
export async function recordFactorFailure(
  db: Queryable,
  request: FastifyRequest,
  reason: 'wrong-code' | 'wrong-password' | 'passkey-invalid',
  now: Date,
): Promise<void> {
  await recordStaffSignInFailure(db, staffOf(request), staffProofOf(request).method, reason, now);
}
