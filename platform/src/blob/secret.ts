import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SIGNING_SECRET_FILE = 'blob-signing-secret';

/**
 * The local adapter's signing secret when BLOB_SIGNING_SECRET is unset: made once and kept in the data
 * directory (mode 600), so signed URLs survive a restart and every process on that directory agrees.
 * Created with `wx`: when two processes start together, one writes and both read the same secret.
 */
export async function loadOrCreateSigningSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, SIGNING_SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
