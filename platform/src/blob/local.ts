import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomainError, ForbiddenError, GoneError, ValidationError } from '@evergrade/contracts';
import {
  assertValidBlobKey,
  isValidBlobKey,
  type BlobInfo,
  type BlobKey,
  type BlobStore,
  type SignUploadOptions,
  type StoredBlob,
} from './types';
import { downloadSignature, epochSeconds, signatureMatches, uploadSignature, type UploadGrant } from './signing';

/** Where the local adapter's own upload and download endpoints live (the gateway sends them to the command side). */
export const LOCAL_BLOB_PREFIX = '/blobs/';

export const BLOB_MESSAGES = {
  incompleteUrl: 'The upload URL is incomplete: ask for a new one',
  badSignature: 'The URL signature is not valid',
  expired: 'The URL has expired: ask for a new one',
  notFound: 'File not found',
  empty: 'The file is empty',
  tooLarge: (max: number) => `The file is larger than the ${max} bytes this upload URL allows`,
  wrongType: (type: string) => `Content-Type must be ${type}, as requested for this upload URL`,
  notThatType: (type: string) => `The file's content is not ${type}`,
} as const;

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}

export type LocalBlobStoreOptions = {
  /** Files live under it, one per key; `.meta/` holds their content types. */
  dir: string;
  /** HMAC key for the signed URLs; at least 32 characters. */
  signingSecret: string;
  /** Prefix of the URLs handed out (`https://school.example`); unset, they are paths on the same origin. */
  publicBaseUrl?: string;
  now?: () => Date;
};

export type LocalBlobStore = BlobStore & {
  readonly kind: 'local';
  /** The grant a signed upload URL's query carries; throws 400, 403 or 410 when it is incomplete, forged or expired. */
  checkUpload(key: string, query: Record<string, unknown>): UploadGrant;
  /** Same for a download URL. */
  checkDownload(key: string, query: Record<string, unknown>): { expires: number };
  now(): Date;
};

export const isLocalBlobStore = (store: BlobStore | undefined): store is LocalBlobStore =>
  store?.kind === 'local' && typeof (store as LocalBlobStore).checkUpload === 'function';

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const integer = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : undefined);

export function createLocalBlobStore(options: LocalBlobStoreOptions): LocalBlobStore {
  if (options.signingSecret.length < 32) throw new Error('the blob signing secret must be at least 32 characters');
  const root = path.resolve(options.dir);
  const secret = options.signingSecret;
  const now = options.now ?? (() => new Date());
  const base = (options.publicBaseUrl ?? '').replace(/\/$/, '');
  const fileOf = (key: string) => {
    assertValidBlobKey(key);
    return path.join(root, key);
  };
  const metaOf = (key: string) => {
    assertValidBlobKey(key);
    return path.join(root, '.meta', `${key}.json`);
  };

  const readMeta = async (key: string): Promise<BlobInfo | null> => {
    try {
      const { contentType } = JSON.parse(await readFile(metaOf(key), 'utf8')) as { contentType: string };
      const { size } = await stat(fileOf(key));
      return { contentType, size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

  /** Write to a temporary file and rename, so a reader never sees half a file. */
  const writeAtomically = async (target: string, data: Buffer | string) => {
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const tmp = path.join(root, '.tmp', randomUUID());
    await writeFile(tmp, data);
    await rename(tmp, target);
  };

  const checkSignature = (query: Record<string, unknown>, expires: number, expected: string) => {
    const sig = text(query.sig);
    if (!sig || !signatureMatches(expected, sig)) throw new ForbiddenError(BLOB_MESSAGES.badSignature);
    if (epochSeconds(now()) >= expires) throw new GoneError(BLOB_MESSAGES.expired);
  };

  return {
    kind: 'local',
    now,
    async put(key: BlobKey, body: Buffer, contentType: string) {
      const file = fileOf(key);
      // Metadata first: a file without it reads as absent, so a crash between the two writes leaves no half blob.
      await writeAtomically(metaOf(key), JSON.stringify({ contentType }));
      await writeAtomically(file, body);
    },
    async get(key: BlobKey): Promise<StoredBlob | null> {
      const info = await readMeta(key);
      if (!info) return null;
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: info.contentType, size: body.length };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    head: (key) => readMeta(key),
    async delete(key: BlobKey) {
      await rm(fileOf(key), { force: true });
      await rm(metaOf(key), { force: true });
    },
    async signUpload(key: BlobKey, o: SignUploadOptions) {
      assertValidBlobKey(key);
      const grant = { key, contentType: o.contentType, maxBytes: o.maxBytes, expires: epochSeconds(now()) + o.expiresInSeconds };
      const query = new URLSearchParams({
        type: grant.contentType,
        max: String(grant.maxBytes),
        expires: String(grant.expires),
        sig: uploadSignature(secret, grant),
      });
      return `${base}${LOCAL_BLOB_PREFIX}${encodeKey(key)}?${query}`;
    },
    async signDownload(key: BlobKey, o: { expiresInSeconds: number }) {
      assertValidBlobKey(key);
      const expires = epochSeconds(now()) + o.expiresInSeconds;
      const query = new URLSearchParams({ expires: String(expires), sig: downloadSignature(secret, { key, expires }) });
      return `${base}${LOCAL_BLOB_PREFIX}${encodeKey(key)}?${query}`;
    },
    checkUpload(key, query) {
      const contentType = text(query.type);
      const maxBytes = integer(query.max);
      const expires = integer(query.expires);
      if (!isValidBlobKey(key) || !contentType || maxBytes === undefined || expires === undefined || !text(query.sig)) {
        throw new ValidationError(BLOB_MESSAGES.incompleteUrl);
      }
      const grant = { key, contentType, maxBytes, expires };
      checkSignature(query, expires, uploadSignature(secret, grant));
      return grant;
    },
    checkDownload(key, query) {
      const expires = integer(query.expires);
      if (!isValidBlobKey(key) || expires === undefined || !text(query.sig)) throw new ValidationError(BLOB_MESSAGES.incompleteUrl);
      checkSignature(query, expires, downloadSignature(secret, { key, expires }));
      return { expires };
    },
  };
}
