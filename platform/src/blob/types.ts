/**
 * The blob port: files (images in editors, PDFs of documents and submissions) live outside the event
 * store; events refer to them by key. Keys always start with the tenant (`demo/images/…`), so a
 * tenant check is a prefix check. Adapters: local disk (standalone) and S3-compatible (distributed).
 */
export type BlobKey = string;

export type StoredBlob = { body: Buffer; contentType: string; size: number };

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
  delete(key: BlobKey): Promise<void>;
  /** A short-lived URL a browser PUTs the file to, with the given content type and no auth header. */
  signUpload(key: BlobKey, options: SignUploadOptions): Promise<string>;
  /** A short-lived URL a browser GETs the file from. */
  signDownload(key: BlobKey, options: { expiresInSeconds: number }): Promise<string>;
  close?(): Promise<void>;
}
