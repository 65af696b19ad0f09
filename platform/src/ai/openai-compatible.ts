import { AiProviderError } from './errors';
import type { AiCompletionRequest, AiProvider } from './types';

export type OpenAiCompatibleOptions = {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama); `/chat/completions` is appended. */
  baseUrl: string;
  /** Sent as a Bearer token when set (local servers often need none). */
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number | undefined;
  /** For tests and proxies; defaults to the global fetch. */
  fetch?: typeof fetch;
};

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

const DEFAULT_TIMEOUT_MS = 120_000;
const ERROR_SNIPPET = 300;

/** The request body of one chat completion: a system and a user message, images as data URLs. */
export function chatCompletionBody(model: string, request: AiCompletionRequest): Record<string, unknown> {
  const images = request.images ?? [];
  const userContent: string | ContentPart[] =
    images.length === 0
      ? request.user
      : [
          { type: 'text', text: request.user },
          ...images.map((i): ContentPart => ({ type: 'image_url', image_url: { url: `data:${i.mimeType};base64,${i.base64}` } })),
        ];
  return {
    model,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: userContent },
    ],
    ...(request.json ? { response_format: { type: 'json_object' } } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
}

/** Any endpoint that speaks OpenAI's chat-completions protocol: hosted APIs, Ollama, vLLM, LM Studio. */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  return {
    name: options.model,
    offline: false,
    async complete(request) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify(chatCompletionBody(options.model, request)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const name = (err as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError')
          throw new AiProviderError(`AI provider did not answer within ${timeoutMs} ms`);
        throw new AiProviderError(`AI provider unreachable at ${url}: ${(err as Error).message}`);
      }
      const text = await readBody(response, timeoutMs);
      if (!response.ok) {
        throw new AiProviderError(`AI provider answered ${response.status}: ${errorText(text)}`, response.status);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new AiProviderError('AI provider answered with something that is not JSON', response.status);
      }
      const content = (parsed as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new AiProviderError('AI provider reply has no choices[0].message.content', response.status);
      return content;
    },
    async *stream(request, streamOptions = {}) {
      const signals = [AbortSignal.timeout(timeoutMs), ...(streamOptions.signal ? [streamOptions.signal] : [])];
      const signal = AbortSignal.any(signals);
      const stopped = () => (streamOptions.signal?.aborted ? new AiProviderError('The reply was cancelled') : null);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ ...chatCompletionBody(options.model, request), stream: true }),
          signal,
        });
      } catch (err) {
        throw stopped() ?? fetchError(err, url, timeoutMs);
      }
      if (!response.ok || !response.body) {
        const text = await readBody(response, timeoutMs);
        throw new AiProviderError(`AI provider answered ${response.status}: ${errorText(text)}`, response.status);
      }
      // Server-sent events: `data: {chunk}` lines, blank lines between events, `data: [DONE]` at the end.
      const decoder = new TextDecoder();
      let buffered = '';
      let done = false;
      try {
        for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(bytes, { stream: true });
          let newline: number;
          while ((newline = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, newline).replace(/\r$/, '');
            buffered = buffered.slice(newline + 1);
            const piece = sseData(line, response.status);
            if (piece === DONE) {
              done = true;
              break;
            }
            if (piece) yield piece;
          }
          if (done) break;
        }
      } catch (err) {
        if (err instanceof AiProviderError) throw err;
        throw stopped() ?? fetchError(err, url, timeoutMs);
      } finally {
        // Stop reading (and the request) when the caller stops early or the reply ended.
        if (!signal.aborted) await response.body.cancel().catch(() => {});
      }
      if (!done) {
        const piece = sseData(buffered.trim(), response.status);
        if (piece && piece !== DONE) yield piece;
      }
    },
  };
}

const DONE = Symbol('done');

/** One line of the event stream: its content delta, DONE at `[DONE]`, or null (comments, other fields, empty deltas). */
function sseData(line: string, status: number): string | typeof DONE | null {
  if (!line.startsWith('data:')) return null;
  const data = line.slice(5).trim();
  if (data === '[DONE]') return DONE;
  if (data === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new AiProviderError('AI provider streamed something that is not JSON', status);
  }
  const error = (parsed as { error?: { message?: unknown } | string }).error;
  if (error) throw new AiProviderError(`AI provider failed while answering: ${errorText(JSON.stringify({ error }))}`, status);
  const content = (parsed as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0]?.delta?.content;
  return typeof content === 'string' && content !== '' ? content : null;
}

function fetchError(err: unknown, url: string, timeoutMs: number): AiProviderError {
  const name = (err as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return new AiProviderError(`AI provider did not answer within ${timeoutMs} ms`);
  return new AiProviderError(`AI provider unreachable at ${url}: ${(err as Error).message}`);
}

async function readBody(response: Response, timeoutMs: number): Promise<string> {
  try {
    return await response.text();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new AiProviderError(`AI provider did not answer within ${timeoutMs} ms`);
    throw new AiProviderError(`AI provider reply could not be read: ${(err as Error).message}`, response.status);
  }
}

/** The provider's own error message when it sent one (`{ error: { message } }`), else the start of the body. */
function errorText(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } | string }).error;
    if (typeof message === 'string') return message.slice(0, ERROR_SNIPPET);
    if (typeof message?.message === 'string') return message.message.slice(0, ERROR_SNIPPET);
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.slice(0, ERROR_SNIPPET) || '(empty body)';
}
