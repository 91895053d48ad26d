import type { Queryable } from '../infra/db/db';
import { recordStaffRead, type StaffMember } from './audit-log';

export type StaffSignInMethod = 'password' | 'oidc' | 'saml';
export type SecondFactor = 'totp' | 'passkey' | 'recovery-code';

/**
 * A staff member signed in (or passed the second step of a password sign-in): the audit row, which is also the
 * team page's "last sign-in" (features/team/team-repository.ts).
 */
export async function recordStaffSignIn(
  db: Queryable,
  member: StaffMember,
  method: StaffSignInMethod,
  now: Date,
  detail: { factor?: SecondFactor; second_factor?: 'pending' } = {},
): Promise<void> {
  await recordStaffRead(db, member, null, 'sign-in', { method, ...detail }, now);
}

/**
 * A refused staff sign-in: who it claimed to be (an address, or the identity provider's subject when it named no
 * address), how, and why. No secret, code or token is in the detail.
 */
export async function recordStaffSignInFailure(
  db: Queryable,
  who: { userId?: string; email: string },
  method: StaffSignInMethod,
  reason: string,
  now: Date,
): Promise<void> {
  await recordStaffRead(
    db,
    { userId: who.userId ?? '', email: who.email },
    null,
    'sign-in-failed',
    { method, reason },
    now,
  );
}
