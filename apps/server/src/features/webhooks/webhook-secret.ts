import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../infra/sealed-secret';

/** A new signing secret in the Standard Webhooks form the `standardwebhooks` package takes: `whsec_` and base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Sealed, bound to its endpoint: read back to sign, never stored in the clear (migration 140). */
export const sealSigningSecret = (secretKey: string, endpointId: string, secret: string) =>
  sealSecret(secretKey, 'webhook-secret', endpointId, secret);

export const openSigningSecret = (secretKey: string, endpointId: string, sealed: string) =>
  openSecret(secretKey, 'webhook-secret', endpointId, sealed);
