import type { PasskeySummary } from '@admissions/domain';
import { passkeyRegistrationBody, passkeyVerifyBody } from '@admissions/domain/schemas';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { COSEALG } from '@simplewebauthn/server/helpers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { sessionOf } from '../../session/require-session';
import { staffOf, staffProofOf } from '../../session/require-staff';
import { assertMayAddFactor, factorsOf } from './member-factors';
import {
  deletePasskey,
  insertPasskey,
  listPasskeys,
  passkeySummary,
  recordPasskeyUse,
  recoveryCodesLeft,
  storeChallenge,
  takeChallenge,
} from './mfa-repository';
import { passSecondFactor, recordEnrolment, recordFactorFailure } from './pass-second-factor';
import { issueRecoveryCodes } from './totp-routes';

/**
 * Passkeys as a second factor (issue 44), through @simplewebauthn/server: the relying party is the portal's public
 * address (its host name the RP ID, its origin the only origin accepted). Each ceremony's challenge is kept on the
 * session, marked with its purpose, and taken (cleared) by the answer, accepted or not: it is used once.
 * A passkey is a second factor after the password, so user presence is enough (a security key without a PIN).
 */
/**
 * The keys accepted, named rather than the library's default, whose check of the runtime's post-quantum support
 * prints Node's experimental-feature warning at the first registration.
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
const REGISTER = 'register:';
const SIGN_IN = 'sign-in:';

function relyingParty(deps: AppDeps) {
  return {
    rpID: deps.config.publicUrl.hostname,
    origin: deps.config.publicUrl.origin,
    rpName: deps.config.tenant.partnerName,
  };
}

/** The challenge this session was given for this purpose, taken; undefined when there is none (or another's). */
async function takeChallengeFor(deps: AppDeps, req: FastifyRequest, purpose: string): Promise<string | undefined> {
  const stored = await takeChallenge(deps.db, sessionOf(req).idHash);
  return stored?.startsWith(purpose) ? stored.slice(purpose.length) : undefined;
}

export function passkeyRoutes(deps: AppDeps) {
  const rp = relyingParty(deps);

  return async (app: FastifyInstance) => {
    app.post('/mfa/passkeys/options', async (req) => {
      const member = staffOf(req);
      const factors = await factorsOf(deps.db, member.userId);
      assertMayAddFactor(req, factors);
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: member.email,
        userID: new TextEncoder().encode(member.userId),
        attestationType: 'none',
        excludeCredentials: factors.passkeys.map((p) => ({ id: p.credential_id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await storeChallenge(deps.db, sessionOf(req).idHash, REGISTER + options.challenge);
      return options;
    });

    app.post('/mfa/passkeys', async (req): Promise<{ passkey: PasskeySummary; recovery_codes?: string[] }> => {
      const body = parseBody(passkeyRegistrationBody, req.body);
      const member = staffOf(req);
      assertMayAddFactor(req, await factorsOf(deps.db, member.userId));
      const challenge = await takeChallengeFor(deps, req, REGISTER);
      const credential = await verifiedRegistration(deps, body.response as RegistrationResponseJSON, challenge);
      const now = deps.clock.now();
      const answer = await deps.db.transaction(async (tx) => {
        const row = await insertPasskey(tx, member.userId, { ...credential, name: body.name }, now);
        if (!row) return undefined;
        const recovery_codes =
          (await recoveryCodesLeft(tx, member.userId)) === 0
            ? await issueRecoveryCodes(deps, tx, member.userId, now)
            : undefined;
        await recordEnrolment(tx, req, 'passkey', now, { name: body.name });
        await passSecondFactor(tx, req, 'passkey', now, { enrolment: true });
        return { passkey: passkeySummary(row), ...(recovery_codes ? { recovery_codes } : {}) };
      });
      if (!answer) throw new AppError('PASSKEY_INVALID');
      return answer;
    });

    app.post('/mfa/passkey/options', async (req) => {
      const passkeys = await listPasskeys(deps.db, staffOf(req).userId);
      if (passkeys.length === 0) throw new AppError('MFA_NOT_ENROLLED');
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports })),
        userVerification: 'preferred',
      });
      await storeChallenge(deps.db, sessionOf(req).idHash, SIGN_IN + options.challenge);
      return options;
    });

    app.post('/mfa/passkey/verify', async (req) => {
      const body = parseBody(passkeyVerifyBody, req.body);
      const member = staffOf(req);
      const challenge = await takeChallengeFor(deps, req, SIGN_IN);
      const response = body.response as AuthenticationResponseJSON;
      const passkey = (await listPasskeys(deps.db, member.userId)).find((p) => p.credential_id === response.id);
      const now = deps.clock.now();
      const verified =
        challenge !== undefined && passkey !== undefined
          ? await verifyAuthenticationResponse({
              response,
              expectedChallenge: challenge,
              expectedOrigin: rp.origin,
              expectedRPID: rp.rpID,
              credential: {
                id: passkey.credential_id,
                publicKey: new Uint8Array(passkey.public_key),
                counter: Number(passkey.counter),
                transports: passkey.transports,
              },
              requireUserVerification: false,
            }).catch(() => undefined)
          : undefined;
      if (!verified?.verified || !passkey) {
        await recordFactorFailure(deps.db, req, 'passkey-invalid', now);
        throw new AppError('PASSKEY_INVALID');
      }
      await deps.db.transaction(async (tx) => {
        await recordPasskeyUse(tx, member.userId, passkey.credential_id, verified.authenticationInfo.newCounter, now);
        await passSecondFactor(tx, req, 'passkey', now);
      });
      return { second_factor_passed: true };
    });

    app.delete<{ Params: { id: string } }>('/mfa/passkeys/:id', async (req) => {
      const member = staffOf(req);
      // Only a session that passed its second factor removes one (someone with the password alone must not).
      if (!staffProofOf(req).secondFactorPassed) throw new AppError('MFA_REQUIRED');
      const factors = await factorsOf(deps.db, member.userId);
      const passkey = factors.passkeys.find((p) => p.credential_id === req.params.id);
      if (!passkey) throw new AppError('NOT_FOUND');
      const others = factors.passkeys.length - 1 + (factors.totpConfirmed ? 1 : 0);
      if (deps.config.staffAuth.mfaRequired && others === 0) throw new AppError('MFA_LAST_FACTOR');
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        if (!(await deletePasskey(tx, member.userId, passkey.credential_id))) throw new AppError('NOT_FOUND');
        await recordStaffRead(tx, member, null, 'mfa-remove', { passkey: passkey.name }, now);
      });
      return { message: `The passkey “${passkey.name}” was removed.` };
    });
  };
}

/** The new credential of a registration answer, or 400 PASSKEY_INVALID (its reason never leaves the server). */
async function verifiedRegistration(deps: AppDeps, response: RegistrationResponseJSON, challenge: string | undefined) {
  const rp = relyingParty(deps);
  const result = challenge
    ? await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      }).catch(() => undefined)
    : undefined;
  if (!result?.verified) throw new AppError('PASSKEY_INVALID');
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
  };
}
