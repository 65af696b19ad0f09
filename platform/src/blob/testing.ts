import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './s3';

/** The credentials s3rver checks signatures with. */
const S3RVER_KEY = 'S3RVER';

/**
 * A real S3-compatible server over HTTP in this process (s3rver, files in a temporary directory), so the
 * S3 adapter is tested through the same SDK calls and signatures it uses against MinIO or AWS.
 */
export async function startTestS3(bucket = 'evergrade-test'): Promise<{ settings: S3Settings; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
