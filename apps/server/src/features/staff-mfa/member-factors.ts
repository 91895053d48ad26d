import type { MfaStatus, SecondFactorMethod } from '@admissions/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../infra/db/db';
import { staffProofOf } from '../../session/require-staff';
import { findTotp, listPasskeys, passkeySummary, recoveryCodesLeft, type PasskeyRow } from './mfa-repository';

/** What second factors a member has set up. */
export interface MemberFactors {
  totpConfirmed: boolean;
  passkeys: PasskeyRow[];
  enrolled: boolean;
  methods: SecondFactorMethod[];
}

export async function factorsOf(db: Queryable, userId: string): Promise<MemberFactors> {
  const [totp, passkeys] = await Promise.all([findTotp(db, userId), listPasskeys(db, userId)]);
  const totpConfirmed = Boolean(totp?.confirmed_at);
  const methods: SecondFactorMethod[] = [
    ...(totpConfirmed ? (['totp'] as const) : []),
    ...(passkeys.length ? (['passkey'] as const) : []),
  ];
  return { totpConfirmed, passkeys, enrolled: methods.length > 0, methods };
}

/**
 * Someone who has only the password must not add a factor of their own to an account that has one: a member with a
 * factor adds another only from a session that passed it (401 MFA_REQUIRED otherwise). The first one is the
 * enrolment at the first sign-in (issue 44), which needs no more than the password.
 */
export function assertMayAddFactor(request: FastifyRequest, factors: MemberFactors): void {
  if (factors.enrolled && !staffProofOf(request).secondFactorPassed) throw new AppError('MFA_REQUIRED');
}

export async function mfaStatus(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: FastifyRequest,
  userId: string,
): Promise<MfaStatus> {
  const [factors, left] = await Promise.all([factorsOf(deps.db, userId), recoveryCodesLeft(deps.db, userId)]);
  const proof = staffProofOf(request);
  return {
    enrolled: factors.enrolled,
    methods: factors.methods,
    sign_in_method: proof.method,
    second_factor_passed: proof.secondFactorPassed,
    required: deps.config.staffAuth.mfaRequired,
    passkeys: factors.passkeys.map(passkeySummary),
    recovery_codes_left: left,
  };
}
