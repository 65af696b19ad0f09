import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Writes one line of a newline-delimited JSON reply; nothing once the client has gone. */
export type NdjsonWrite<Line> = (line: Line) => void;

/**
 * A 200 reply of newline-delimited JSON, one line per write, each flushed as soon as it is written. Everything that
 * can be refused is checked before this starts (those refusals are ordinary 4xx JSON); a client that goes away aborts
 * the work (its signal), and the reply ends when the work does. `what` names the stream in the log if the work throws.
 */
export async function ndjson<Line>(
  reply: FastifyReply,
  request: FastifyRequest,
  what: string,
  work: (write: NdjsonWrite<Line>, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const body = new PassThrough();
  const write: NdjsonWrite<Line> = (line) => {
    if (!body.destroyed) body.write(`${JSON.stringify(line)}\n`);
  };
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  void reply
    .code(200)
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(body);
  void work(write, abort.signal)
    .catch((err: unknown) => request.log.error({ err }, `${what} stream failed`))
    .finally(() => body.end());
  await reply;
}
