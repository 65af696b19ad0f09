/**
 * The AI provider port. Every AI use (document structuring, assignment generation, grading, chat)
 * goes through it. `offline` is the provider used when no AI_BASE_URL is configured: callers then run
 * their own deterministic algorithm and say so (name 'offline' in events and UI). An OpenAI-compatible
 * adapter implements `complete` against `${AI_BASE_URL}/chat/completions`.
 */
export type AiImage = { mimeType: string; base64: string };

export type AiCompletionRequest = {
  system: string;
  user: string;
  /** For vision-capable models (handwriting, scanned pages). */
  images?: AiImage[];
  /** Ask for a JSON object reply (response_format json_object). */
  json?: boolean;
  maxTokens?: number;
  temperature?: number;
};

export interface AiProvider {
  /** Model name, or 'offline'. Recorded in events' metadata. */
  readonly name: string;
  readonly offline: boolean;
  /** The model's reply text. The offline provider throws: callers check `offline` first. */
  complete(request: AiCompletionRequest): Promise<string>;
  /**
   * The model's reply as it is written, piece by piece (`stream: true`). Absent where a provider cannot stream (the
   * offline one). Aborting `signal` stops the request; a failure before or during the reply throws AiProviderError.
   */
  stream?(request: AiCompletionRequest, options?: { signal?: AbortSignal }): AsyncIterable<string>;
}
