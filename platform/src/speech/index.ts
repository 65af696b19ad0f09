import { createEspeakSynthesizer, type EspeakOptions } from './espeak';
import { createOpenAiSpeech } from './openai-speech';
import type { SpeechSynthesizer } from './types';

export * from './types';
export { speakableText, cutAtSentence } from './text';
export { readWavInfo, type WavInfo } from './wav';
export { createEspeakSynthesizer, type EspeakOptions } from './espeak';
export { createOpenAiSpeech, type OpenAiSpeechOptions } from './openai-speech';

export type SpeechConfig = {
  aiBaseUrl?: string | undefined;
  aiApiKey?: string | undefined;
  aiTtsModel?: string | undefined;
  aiTtsVoice?: string | undefined;
  aiTimeoutMs?: number | undefined;
};

/**
 * The AI provider's speech endpoint when AI_BASE_URL and AI_TTS_MODEL are set, falling back to the offline
 * synthesizer when it fails; otherwise the offline synthesizer (eSpeak-NG) alone.
 */
export function createSpeechSynthesizer(config: SpeechConfig = {}, offline: EspeakOptions = {}): SpeechSynthesizer {
  const espeak = createEspeakSynthesizer(offline);
  if (!config.aiBaseUrl || !config.aiTtsModel) return espeak;
  const remote = createOpenAiSpeech({
    baseUrl: config.aiBaseUrl,
    apiKey: config.aiApiKey,
    model: config.aiTtsModel,
    voice: config.aiTtsVoice ?? 'alloy',
    ...(config.aiTimeoutMs ? { timeoutMs: Math.min(config.aiTimeoutMs, 60_000) } : {}),
  });
  return withFallback(remote, espeak);
}

export function withFallback(first: SpeechSynthesizer, then: SpeechSynthesizer): SpeechSynthesizer {
  return {
    name: first.name,
    async synthesize(text) {
      try {
        return await first.synthesize(text);
      } catch (err) {
        console.warn(`speech: ${first.name} failed, the offline synthesizer speaks instead: ${(err as Error).message}`);
        return then.synthesize(text);
      }
    },
    async close() {
      await Promise.all([first.close(), then.close()]);
    },
  };
}
