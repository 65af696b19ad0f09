import { SpeechError, type SpeechSynthesizer } from './types';
import { readWavInfo } from './wav';

export type OpenAiSpeechOptions = {
  /** The AI provider's base URL (AI_BASE_URL); `/audio/speech` is appended. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** AI_TTS_MODEL, e.g. tts-1 or gpt-4o-mini-tts. */
  model: string;
  /** AI_TTS_VOICE, e.g. alloy. */
  voice: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** Audio bigger than this is refused (about 1,500 characters of speech is a few MB of WAV). */
const MAX_AUDIO_BYTES = 40 * 1024 * 1024;

/** Speech from an OpenAI-compatible `/audio/speech` endpoint, asked for WAV; anything that is not a WAV is refused. */
export function createOpenAiSpeech(options: OpenAiSpeechOptions): SpeechSynthesizer {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const doFetch = options.fetch ?? fetch;
  return {
    name: options.model,
    async synthesize(text) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, voice: options.voice, input: text, response_format: 'wav' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SpeechError(`the speech endpoint did not answer: ${(err as Error).message}`);
      }
      if (!response.ok) throw new SpeechError(`the speech endpoint answered ${response.status}`);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_AUDIO_BYTES) throw new SpeechError('the speech endpoint sent too much audio');
      const wav = Buffer.from(await response.arrayBuffer());
      if (wav.length > MAX_AUDIO_BYTES) throw new SpeechError('the speech endpoint sent too much audio');
      if (!readWavInfo(wav)) throw new SpeechError('the speech endpoint did not send a WAV file');
      return { wav, provider: options.model };
    },
    async close() {},
  };
}
