import { offlineAiProvider } from './offline';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { AiProvider } from './types';

export * from './types';
export * from './errors';
export { offlineAiProvider } from './offline';
export { createOpenAiCompatibleProvider, chatCompletionBody, type OpenAiCompatibleOptions } from './openai-compatible';

export type AiConfig = {
  aiBaseUrl?: string | undefined;
  aiApiKey?: string | undefined;
  aiModel?: string | undefined;
  aiTimeoutMs?: number | undefined;
};

/** The OpenAI-compatible adapter when AI_BASE_URL is set, otherwise the offline provider. */
export function createAiProvider(config: AiConfig): AiProvider {
  if (!config.aiBaseUrl) return offlineAiProvider;
  if (!config.aiModel) throw new Error('AI_MODEL is required when AI_BASE_URL is set');
  return createOpenAiCompatibleProvider({
    baseUrl: config.aiBaseUrl,
    apiKey: config.aiApiKey,
    model: config.aiModel,
    timeoutMs: config.aiTimeoutMs,
  });
}
