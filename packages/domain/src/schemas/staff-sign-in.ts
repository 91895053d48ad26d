import { z } from 'zod';

/**
 * The bodies of a staff member's second-factor calls (issue 44; the contracts are api/staff-sign-in.ts). A code
 * of the wrong shape is parsed here as any short string: the server answers it as a wrong code (counted against
 * the member's tries), so its shape tells a guesser nothing more.
 */
const code = z.string().max(32);
const recoveryCode = z.string().max(64);
const password = z.string().max(256);

export const mfaCodeBody = z.strictObject({ code });
/** POST /api/staff/mfa/verify: a code from the authenticator app, or one of the recovery codes. */
export const mfaVerifyBody = z.union([z.strictObject({ code }), z.strictObject({ recovery_code: recoveryCode })]);
/** POST /api/staff/reauth: the account's password, or a code. */
export const reauthBody = z.union([z.strictObject({ password }), z.strictObject({ code })]);

/** A WebAuthn credential as @simplewebauthn/browser hands it over: base64url fields, checked by the server's library. */
const b64url = (max: number) => z.string().max(max);
const credential = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults: z.record(z.string().max(100), z.unknown()).default({}),
};

export const passkeyRegistrationBody = z.strictObject({
  response: z.object({
    ...credential,
    response: z.object({
      clientDataJSON: b64url(20_000),
      attestationObject: b64url(100_000),
      authenticatorData: b64url(100_000).optional(),
      transports: z.array(z.string().max(40)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(20_000).optional(),
    }),
  }),
  /** The member's name for it ("Work laptop"). */
  name: z.string().trim().min(1).max(60),
});

export const passkeyVerifyBody = z.strictObject({
  response: z.object({
    ...credential,
    response: z.object({
      clientDataJSON: b64url(20_000),
      authenticatorData: b64url(100_000),
      signature: b64url(20_000),
      userHandle: b64url(1000).optional(),
    }),
  }),
});

export type MfaCodeBody = z.infer<typeof mfaCodeBody>;
export type MfaVerifyBody = z.infer<typeof mfaVerifyBody>;
export type ReauthBody = z.infer<typeof reauthBody>;
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBody>;
export type PasskeyVerifyBody = z.infer<typeof passkeyVerifyBody>;
