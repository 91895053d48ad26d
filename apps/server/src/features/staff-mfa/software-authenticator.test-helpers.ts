import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software, for the server tests: an EC P-256 key (ES256) made with node:crypto, which answers a
 * registration with 'none' attestation and an authentication with a signature, byte for byte as WebAuthn lays them
 * out. `tamper` makes the refusals a browser could send: another challenge, another origin, another type, a
 * signature by another key.
 */
export interface Tamper {
  challenge?: string;
  origin?: string;
  type?: string;
  rpId?: string;
  otherKey?: boolean;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer of navigator.credentials.create() to these options, as @simplewebauthn/browser sends it. */
  register(options: { challenge: string }, tamper: Tamper = {}) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, tamper);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.header(0x45, tamper), // user present, user verified, attested credential data
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(this.coseKey())),
    ]);
    type Cbor = Parameters<typeof isoCBOR.encode>[0];
    const attestation = new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, Cbor>()],
      ['authData', new Uint8Array(authData)],
    ]);
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer of navigator.credentials.get() to these options. */
  authenticate(options: { challenge: string }, tamper: Tamper = {}) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tamper);
    const authData = this.header(0x05, tamper); // user present, user verified
    const key = tamper.otherKey ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.keys.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, tamper: Tamper): string {
    return JSON.stringify({
      type: tamper.type ?? type,
      challenge: tamper.challenge ?? challenge,
      origin: tamper.origin ?? this.origin,
      crossOrigin: false,
    });
  }

  /** rpIdHash, flags and the signature counter: the first 37 bytes of any authenticator data. */
  private header(flags: number, tamper: Tamper): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(tamper.rpId ?? this.rpId), Buffer.from([flags]), counter]);
  }

  /** The public key as COSE: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2) and y (-3). */
  private coseKey(): Map<number, number | Uint8Array> {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
  }
}

/** A challenge that is not the server's: what a response to another ceremony carries. */
export const otherChallenge = () => b64url(randomBytes(32));
