import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for the local adapter's URLs: what the URL allows (method, key, content type,
 * size limit) and until when are signed, so changing any of them voids the signature.
 */
export type UploadGrant = { key: string; contentType: string; maxBytes: number; expires: number };
export type DownloadGrant = { key: string; expires: number };

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

export const uploadSignature = (secret: string, g: UploadGrant) =>
  mac(secret, ['PUT', g.key, g.contentType, g.maxBytes, g.expires].join('\n'));

export const downloadSignature = (secret: string, g: DownloadGrant) => mac(secret, ['GET', g.key, g.expires].join('\n'));

/** Constant-time comparison, so a forger cannot find the signature byte by byte. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
