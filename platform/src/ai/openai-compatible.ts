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
  };
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
