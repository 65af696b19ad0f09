import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidBlobKey, type BlobInfo, type BlobKey, type BlobStore, type SignUploadOptions, type StoredBlob } from './types';

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO); unset means AWS. */
  endpoint?: string | undefined;
  /**
   * The endpoint browsers reach, when it differs from the one this process uses (`http://minio:9000` inside
   * compose, `http://localhost:9000` outside). Signed URLs are made for it: the host is part of the signature.
   */
  publicEndpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `bucket` in the path rather than the host name: MinIO and most S3-compatible servers want it. */
  forcePathStyle?: boolean;
};

export type S3BlobStore = BlobStore & { readonly kind: 's3'; readonly bucket: string };

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

function clientConfig(s: S3Settings, endpoint: string | undefined): S3ClientConfig {
  return {
    region: s.region,
    forcePathStyle: s.forcePathStyle ?? false,
    ...(endpoint ? { endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer headers,
    // and a browser PUT to a presigned URL could not send them anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * Presigned PUT and GET URLs. A presigned PUT fixes the key and the content type (a signed header) but
 * cannot limit the size or look at the bytes: whoever serves the object checks both (see ARCHITECTURE.md, Blobs).
 */
export function createS3BlobStore(s: S3Settings): S3BlobStore {
  const client = new S3Client(clientConfig(s, s.endpoint));
  const signer = s.publicEndpoint && s.publicEndpoint !== s.endpoint ? new S3Client(clientConfig(s, s.publicEndpoint)) : client;
  const Bucket = s.bucket;
  const checked = (key: string) => {
    assertValidBlobKey(key);
    return key;
  };

  return {
    kind: 's3',
    bucket: Bucket,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key: BlobKey): Promise<StoredBlob | null> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        const body = Buffer.from(await out.Body!.transformToByteArray());
        return { body, contentType: out.ContentType ?? 'application/octet-stream', size: body.length };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async head(key: BlobKey): Promise<BlobInfo | null> {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return { contentType: out.ContentType ?? 'application/octet-stream', size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    signUpload(key, o: SignUploadOptions) {
      return getSignedUrl(signer, new PutObjectCommand({ Bucket, Key: checked(key), ContentType: o.contentType }), {
        expiresIn: o.expiresInSeconds,
        signableHeaders: new Set(['content-type']),
      });
    },
    signDownload(key, o) {
      return getSignedUrl(signer, new GetObjectCommand({ Bucket, Key: checked(key) }), { expiresIn: o.expiresInSeconds });
    },
    async close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}
