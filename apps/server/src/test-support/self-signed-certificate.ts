import { generateKeyPairSync, sign, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * A self-signed X.509 certificate with exactly the validity a test asks for, made in memory. Node has no API
 * to make a certificate, and `openssl req -x509 -days` counts from the real now, while the tests' clock is
 * elsewhere; so the few DER structures of a certificate are written here (RFC 5280, RSA with SHA-256).
 */
export interface TestKeyPair {
  privateKeyPem: string;
  certificatePem: string;
  /** The certificate's DER in base64 (what SAML metadata carries). */
  certificateBase64: string;
  notAfter: Date;
}

export function selfSignedCertificate(options: { commonName: string; notBefore: Date; notAfter: Date }): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const algorithm = sequence(oid('1.2.840.113549.1.1.11'), NULL);
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(options.commonName))));
  const tbs = sequence(
    tagged(0, integer(Buffer.from([2]))),
    integer(Buffer.from([0x01, ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 256))])),
    algorithm,
    name,
    sequence(time(options.notBefore), time(options.notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, algorithm, bitString(signature));
  new X509Certificate(der); // fails here, not in the test, if a structure above is wrong
  const base64 = der.toString('base64');
  return {
    privateKeyPem: pemOfKey(privateKey),
    certificatePem: `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`,
    certificateBase64: base64,
    notAfter: options.notAfter,
  };
}

function pemOfKey(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }) as string;
}

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const tagged = (n: number, content: Buffer) => tlv(0xa0 + n, content);
const integer = (bytes: Buffer) => tlv(0x02, bytes);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
const NULL = Buffer.from([0x05, 0x00]);

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime until 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}
