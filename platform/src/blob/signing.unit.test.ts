import { describe, expect, it } from 'vitest';
import { downloadSignature, signatureMatches, uploadSignature, type UploadGrant } from './signing';
import { isValidBlobKey, tenantOfKey } from './types';

const secret = 's'.repeat(32);
const grant: UploadGrant = { key: 'demo/images/a.png', contentType: 'image/png', maxBytes: 1000, expires: 1_900_000_000 };

describe('URL signatures', () => {
  it('are stable for the same grant and secret', () => {
    expect(uploadSignature(secret, grant)).toBe(uploadSignature(secret, { ...grant }));
    expect(uploadSignature(secret, grant)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('change with every part of the grant, with the secret and with the method', () => {
    const sig = uploadSignature(secret, grant);
    const variants: UploadGrant[] = [
      { ...grant, key: 'other/images/a.png' },
      { ...grant, contentType: 'image/gif' },
      { ...grant, maxBytes: 1001 },
      { ...grant, expires: grant.expires + 1 },
    ];
    for (const v of variants) expect(uploadSignature(secret, v)).not.toBe(sig);
    expect(uploadSignature('t'.repeat(32), grant)).not.toBe(sig);
    expect(downloadSignature(secret, { key: grant.key, expires: grant.expires })).not.toBe(sig);
  });

  it('signatureMatches compares whole strings only', () => {
    const sig = uploadSignature(secret, grant);
    expect(signatureMatches(sig, sig)).toBe(true);
    expect(signatureMatches(sig, sig.slice(0, -1))).toBe(false);
    expect(signatureMatches(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(signatureMatches(sig, '')).toBe(false);
  });
});

describe('blob keys', () => {
  it('start with the tenant and cannot climb out of their directory', () => {
    expect(isValidBlobKey('demo/images/0b7e.png')).toBe(true);
    expect(tenantOfKey('demo/images/0b7e.png')).toBe('demo');
    for (const bad of [
      'a.png',
      '../demo/x.png',
      'demo/../../etc/passwd',
      'demo/.meta/x',
      'demo//x',
      '/demo/x',
      'demo/x y.png',
      'demo/x\\..\\y',
      '',
    ]) {
      expect(isValidBlobKey(bad)).toBe(false);
    }
  });
});
