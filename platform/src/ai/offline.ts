import { AiProviderError } from './errors';
import type { AiProvider } from './types';

/** No model is configured: callers see `offline` and run their own deterministic algorithm instead. */
export const offlineAiProvider: AiProvider = {
  name: 'offline',
  offline: true,
  async complete() {
    throw new AiProviderError('No AI provider is configured (set AI_BASE_URL and AI_MODEL); use the offline algorithm instead');
  },
};
