/**
 * The blob port: files (images in editors, PDFs of documents and submissions) live outside the event
 * store; events refer to them by key. Keys always start with the tenant (`demo/images/…`), so a
 * tenant check is a prefix check. Adapters: local disk (standalone) and S3-compatible (distributed).
 */
export type BlobKey = string;

export type StoredBlob = { body: Buffer; contentType: string; size: number };

export type BlobInfo = { contentType: string; size: number };

export type SignUploadOptions = {
  contentType: string;
  /** Largest body the upload URL accepts. */
  maxBytes: number;
  expiresInSeconds: number;
};

export interface BlobStore {
  /** `local` or `s3`: shown in logs and docs. */
  readonly kind: string;
  put(key: BlobKey, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such blob. */
  get(key: BlobKey): Promise<StoredBlob | null>;
  /** Size and type without the body (to refuse an oversized object before reading it); null when absent. */
  head(key: BlobKey): Promise<BlobInfo | null>;
  delete(key: BlobKey): Promise<void>;
  /** A short-lived URL a browser PUTs the file to, with the given content type and no auth header. */
  signUpload(key: BlobKey, options: SignUploadOptions): Promise<string>;
  /** A short-lived URL a browser GETs the file from. */
  signDownload(key: BlobKey, options: { expiresInSeconds: number }): Promise<string>;
  close?(): Promise<void>;
}

/**
 * `demo/images/0b7e….png`: path segments of letters, digits, `.`, `_`, `-`, none starting with a dot, the
 * first one the tenant. Checked by every adapter, so a key can never climb out of its directory or bucket prefix.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidBlobKey(key: string): boolean {
  const parts = key.split('/');
  return key.length <= 512 && parts.length >= 2 && parts.every((p) => SEGMENT.test(p));
}

export function assertValidBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
}

/** Keys start with their tenant: this is the whole tenant check. */
export const tenantOfKey = (key: BlobKey): string => key.split('/')[0]!;
