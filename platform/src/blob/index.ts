import path from 'node:path';
import type { Config } from '../config';
import { createLocalBlobStore } from './local';
import { createS3BlobStore } from './s3';
import { loadOrCreateSigningSecret } from './secret';
import type { BlobStore } from './types';

export * from './types';
export * from './sniff';
export {
  createLocalBlobStore,
  isLocalBlobStore,
  LOCAL_BLOB_PREFIX,
  BLOB_MESSAGES,
  PayloadTooLargeError,
  type LocalBlobStore,
  type LocalBlobStoreOptions,
} from './local';
export { localBlobRoutes, type LocalBlobRouteOptions } from './local-routes';
export { createS3BlobStore, type S3BlobStore, type S3Settings } from './s3';
export { loadOrCreateSigningSecret, SIGNING_SECRET_FILE } from './secret';

/** S3 when S3_BUCKET is set; otherwise files under BLOB_DIR (default `{DATA_DIR}/blobs`). */
export async function createBlobStoreFromConfig(
  config: Pick<Config, 'dataDir' | 'blobDir' | 'blobSigningSecret' | 's3'>,
  options: { publicBaseUrl?: string; now?: () => Date } = {},
): Promise<BlobStore> {
  if (config.s3) return createS3BlobStore(config.s3);
  return createLocalBlobStore({
    dir: config.blobDir ?? path.join(config.dataDir, 'blobs'),
    signingSecret: config.blobSigningSecret ?? (await loadOrCreateSigningSecret(config.dataDir)),
    ...options,
  });
}
