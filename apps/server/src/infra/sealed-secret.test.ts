import { createDecipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed-secret';

const KEY = 'test-secret-key-0123456789abcdef0123456789abcdef';
const ID = '5b0f3a8e-2d1c-4e6f-9a7b-1c2d3e4f5a6b';

describe('a sealed secret', () => {
  it('opens for its purpose and its row only, under the same secret key', () => {
    const sealed = sealSecret(KEY, 'webhook-secret', ID, 'whsec_abc');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('abc');
    expect(openSecret(KEY, 'webhook-secret', ID, sealed)).toBe('whsec_abc');
    // Two seals of one secret differ (a new nonce each time).
    expect(sealSecret(KEY, 'webhook-secret', ID, 'whsec_abc')).not.toBe(sealed);
    expect(() => openSecret(KEY, 'staff-totp', ID, sealed)).toThrow();
    expect(() => openSecret(KEY, 'webhook-secret', '00000000-0000-0000-0000-000000000000', sealed)).toThrow();
    expect(() => openSecret(`${KEY}x`, 'webhook-secret', ID, sealed)).toThrow();
    expect(() => openSecret(KEY, 'webhook-secret', ID, 'v2.AAAA')).toThrow('unknown format');
  });

  it('keeps the TOTP keys stored before it readable: the same key derivation and layout', () => {
    const sealed = sealSecret(KEY, 'staff-totp', ID, 'JBSWY3DPEHPK3PXP');
    // As features/staff-mfa sealed them since issue 44: HKDF info `staff-totp-seal`, nonce, tag, ciphertext.
    const key = Buffer.from(hkdfSync('sha256', KEY, 'admissions-portal', 'staff-totp-seal', 32));
    const bytes = Buffer.from(sealed.slice('v1.'.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(ID));
    decipher.setAuthTag(bytes.subarray(12, 28));
    expect(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString()).toBe('JBSWY3DPEHPK3PXP');
  });
});
