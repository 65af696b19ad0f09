import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiProviderError, createAiProvider, createOpenAiCompatibleProvider, offlineAiProvider } from './index';

/**
 * A local stand-in for the outside service: it speaks the chat-completions protocol over real HTTP, so the
 * adapter is tested through the same interface a hosted model, Ollama or vLLM offers.
 */
type Seen = { path: string; authorization: string | undefined; body: any };
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

const readJson = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
};

/** `stream: true`: server-sent events, split at awkward places as networks do. */
const streamed: { prompt: string; closedEarly: boolean }[] = [];
function streamReply(prompt: string, body: any, req: IncomingMessage, res: any, send: (status: number, payload: unknown) => void) {
  const record = { prompt, closedEarly: false };
  streamed.push(record);
  res.on('close', () => {
    if (!res.writableFinished) record.closedEarly = true;
  });
  if (prompt === 'stream refused') return send(503, { error: { message: 'Model is overloaded' } });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const event = (content: string) =>
    `data: ${JSON.stringify({ object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta: { content } }] })}\n\n`;
  if (prompt === 'stream then fail') {
    res.write(event('Half'));
    res.end(`data: ${JSON.stringify({ error: { message: 'backend lost' } })}\n\n`);
    return;
  }
  if (prompt === 'stream forever') {
    res.write(event('Forever '));
    return; // never ends: the caller's abort must stop it
  }
  const whole = `: keep-alive\n\ndata: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n${event('The cell ')}${event('is the ')}${event('unit of life.')}data: [DONE]\n\n`;
  // Cut the bytes in three places, one inside an event.
  const cuts = [7, 60, 131];
  let from = 0;
  for (const cut of cuts) {
    res.write(whole.slice(from, cut));
    from = cut;
  }
  res.end(whole.slice(from));
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readJson(req);
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const prompt: string = typeof body.messages[1].content === 'string' ? body.messages[1].content : body.messages[1].content[0].text;
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (req.url !== '/v1/chat/completions') return send(404, { error: { message: `no route ${req.url}` } });
    if (body.stream === true) return streamReply(prompt, body, req, res, send);
    if (prompt === 'rate limit me') return send(429, { error: { message: 'Rate limit reached for requests', type: 'requests' } });
    if (prompt === 'break') return send(500, 'upstream exploded');
    if (prompt === 'no choices') return send(200, { id: 'x', choices: [] });
    if (prompt === 'slow') {
      setTimeout(() => send(200, { choices: [{ message: { role: 'assistant', content: 'late' } }] }), 1_000);
      return;
    }
    const images = Array.isArray(body.messages[1].content) ? body.messages[1].content.length - 1 : 0;
    const content =
      body.response_format?.type === 'json_object' ? JSON.stringify({ echo: prompt, model: body.model, images }) : `You said: ${prompt}`;
    send(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the OpenAI-compatible provider', () => {
  const provider = () => createOpenAiCompatibleProvider({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 300 });

  it('posts a system and a user message to /chat/completions with the key, and returns the reply text', async () => {
    const ai = provider();
    expect(ai).toMatchObject({ name: 'test-model', offline: false });
    expect(await ai.complete({ system: 'Be brief.', user: 'hello', temperature: 0.2, maxTokens: 50 })).toBe('You said: hello');
    const last = seen.at(-1)!;
    expect(last.path).toBe('/v1/chat/completions');
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hello' },
      ],
      max_tokens: 50,
      temperature: 0.2,
    });
  });

  it('asks for a JSON object in JSON mode and sends images as data URLs', async () => {
    const reply = await provider().complete({
      system: 's',
      user: 'read this page',
      json: true,
      images: [{ mimeType: 'image/png', base64: 'iVBORw0KGgo=' }],
    });
    expect(JSON.parse(reply)).toEqual({ echo: 'read this page', model: 'test-model', images: 1 });
    const user = seen.at(-1)!.body.messages[1];
    expect(user.content[1]).toEqual({ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } });
    expect(seen.at(-1)!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('sends no authorization header when no key is configured (local servers)', async () => {
    await createOpenAiCompatibleProvider({ baseUrl, model: 'm' }).complete({ system: 's', user: 'hi' });
    expect(seen.at(-1)!.authorization).toBeUndefined();
  });

  it("reports a non-2xx answer with its status and the provider's own message", async () => {
    const error = await provider()
      .complete({ system: 's', user: 'rate limit me' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error).toMatchObject({ status: 429, message: 'AI provider answered 429: Rate limit reached for requests' });
    await expect(provider().complete({ system: 's', user: 'break' })).rejects.toThrow('AI provider answered 500: upstream exploded');
  });

  it('reports a reply without a message, a time-out and an unreachable server clearly', async () => {
    await expect(provider().complete({ system: 's', user: 'no choices' })).rejects.toThrow(
      'AI provider reply has no choices[0].message.content',
    );
    await expect(provider().complete({ system: 's', user: 'slow' })).rejects.toThrow('AI provider did not answer within 300 ms');
    const nowhere = createOpenAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 });
    await expect(nowhere.complete({ system: 's', user: 'hi' })).rejects.toThrow(
      /AI provider unreachable at http:\/\/127.0.0.1:9\/v1\/chat\/completions/,
    );
  });
});

describe('the OpenAI-compatible provider, streaming', () => {
  const provider = () => createOpenAiCompatibleProvider({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2_000 });
  const collect = async (pieces: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const p of pieces) out.push(p);
    return out;
  };

  it('asks with stream: true and yields each content delta in order, whatever the network splits', async () => {
    const pieces = await collect(provider().stream!({ system: 'Answer from the passages.', user: 'what is a cell' }));
    expect(pieces).toEqual(['The cell ', 'is the ', 'unit of life.']);
    expect(seen.at(-1)!.body).toMatchObject({ model: 'test-model', stream: true });
    expect(seen.at(-1)!.authorization).toBe('Bearer sk-test');
  });

  it('reports a refusal with its status, and an error sent mid-stream after the pieces before it', async () => {
    await expect(collect(provider().stream!({ system: 's', user: 'stream refused' }))).rejects.toMatchObject({
      status: 503,
      message: 'AI provider answered 503: Model is overloaded',
    });
    const got: string[] = [];
    const failure = await (async () => {
      for await (const p of provider().stream!({ system: 's', user: 'stream then fail' })) got.push(p);
    })().catch((e: unknown) => e);
    expect(got).toEqual(['Half']);
    expect(failure).toBeInstanceOf(AiProviderError);
    expect((failure as Error).message).toContain('backend lost');
  });

  it("stops the request when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const got: string[] = [];
    const failure = await (async () => {
      for await (const p of provider().stream!({ system: 's', user: 'stream forever' }, { signal: controller.signal })) {
        got.push(p);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(got).toEqual(['Forever ']);
    expect((failure as Error).message).toBe('The reply was cancelled');
    await expect.poll(() => streamed.find((s) => s.prompt === 'stream forever')?.closedEarly).toBe(true);
  });

  it('times out a stream that stops sending', async () => {
    const ai = createOpenAiCompatibleProvider({ baseUrl, model: 'm', timeoutMs: 300 });
    await expect(collect(ai.stream!({ system: 's', user: 'stream forever' }))).rejects.toThrow('AI provider did not answer within 300 ms');
  });

  it('the offline provider cannot stream', () => {
    expect(offlineAiProvider.stream).toBeUndefined();
  });
});

describe('createAiProvider', () => {
  it('is the offline provider without a base URL, which refuses to complete', async () => {
    const ai = createAiProvider({});
    expect(ai).toBe(offlineAiProvider);
    expect(ai).toMatchObject({ name: 'offline', offline: true });
    await expect(ai.complete({ system: 's', user: 'u' })).rejects.toThrow(/No AI provider is configured/);
  });

  it('is the OpenAI-compatible adapter with a base URL and a model', async () => {
    const ai = createAiProvider({ aiBaseUrl: baseUrl, aiModel: 'llama3.1', aiTimeoutMs: 1000 });
    expect(ai).toMatchObject({ name: 'llama3.1', offline: false });
    expect(await ai.complete({ system: 's', user: 'ping' })).toBe('You said: ping');
    expect(() => createAiProvider({ aiBaseUrl: baseUrl })).toThrow('AI_MODEL is required when AI_BASE_URL is set');
  });
});
