import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { NotFoundError, ValidationError } from '@evergrade/contracts';
import { BLOB_MESSAGES, LOCAL_BLOB_PREFIX, PayloadTooLargeError, type LocalBlobStore } from './local';
import { epochSeconds } from './signing';
import { baseContentType, contentMatches } from './sniff';

/**
 * The local adapter's endpoints, standing in for S3 itself: a browser PUTs to a signed upload URL (no
 * session: the signature is the permission) and GETs a signed download URL. Not in the contracts' table,
 * as S3's endpoints are not. Everything is checked before a byte is stored: signature, expiry, declared
 * type, size, magic bytes, and then `checkContent` (the command side parses PDFs with pdf.js there, so a
 * file that starts with `%PDF` but is no PDF is refused at upload, not when it is processed).
 */
export type LocalBlobRouteOptions = {
  store: LocalBlobStore;
  /** Reads a body of an accepted type more deeply: null when fine, else the 400's message. */
  checkContent?: (contentType: string, body: Buffer) => Promise<string | null>;
};

export async function localBlobRoutes(app: FastifyInstance, { store, checkContent }: LocalBlobRouteOptions): Promise<void> {
  // Bodies of any type arrive as a stream, read here under the URL's own size limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(`${LOCAL_BLOB_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const grant = store.checkUpload(key, request.query as Record<string, unknown>);
    if (baseContentType(request.headers['content-type']) !== grant.contentType) {
      throw new ValidationError(BLOB_MESSAGES.wrongType(grant.contentType), 'Content-Type');
    }
    const stream = request.body as Readable | undefined;
    const body = Number(request.headers['content-length'] ?? 0) > grant.maxBytes ? null : await readAtMost(stream, grant.maxBytes);
    if (!body) {
      // Answer now and drop the connection rather than read the rest of an oversized body.
      stream?.resume();
      reply.header('connection', 'close');
      throw new PayloadTooLargeError(BLOB_MESSAGES.tooLarge(grant.maxBytes));
    }
    if (body.length === 0) throw new ValidationError(BLOB_MESSAGES.empty);
    if (!contentMatches(grant.contentType, body)) throw new ValidationError(BLOB_MESSAGES.notThatType(grant.contentType));
    const problem = checkContent ? await checkContent(grant.contentType, body) : null;
    if (problem) throw new ValidationError(problem);
    await store.put(key, body, grant.contentType);
    return reply.code(200).send({ message: 'Stored', size: body.length });
  });

  app.get(`${LOCAL_BLOB_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { expires } = store.checkDownload(key, request.query as Record<string, unknown>);
    const blob = await store.get(key);
    if (!blob) throw new NotFoundError(BLOB_MESSAGES.notFound);
    const maxAge = Math.max(0, expires - epochSeconds(store.now()));
    return reply
      .header('content-type', blob.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `private, max-age=${maxAge}`)
      .send(blob.body);
  });
}

/**
 * The whole body, or null as soon as it passes the limit (a lying Content-Length changes nothing). Not
 * `for await`: leaving that loop early destroys the socket, and the client would never see the 413.
 */
function readAtMost(stream: Readable | undefined, max: number): Promise<Buffer | null> {
  if (!stream) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= max) return void chunks.push(chunk);
      settled = true;
      stream.off('data', onData);
      resolve(null);
    };
    stream.on('data', onData);
    stream.once('end', () => {
      if (!settled) resolve(Buffer.concat(chunks));
    });
    stream.once('error', (err) => {
      if (!settled) reject(err);
    });
  });
}
