/** Replies for tests that stand in for fetch: JSON, and a newline-delimited JSON stream sent line by line. */

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A reply whose NDJSON lines the test sends one by one. */
export function ndjson<L = unknown>() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    send: (line: L) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    end: () => controller.close(),
  };
}
