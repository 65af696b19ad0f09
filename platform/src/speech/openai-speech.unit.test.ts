import { describe, expect, it } from 'vitest';
import { withFallback } from './index';
import { createOpenAiSpeech } from './openai-speech';
import type { SpeechSynthesizer } from './types';
import { readWavInfo } from './wav';

/** A WAV header and `ms` of 16-bit mono silence at 16 kHz. */
function wav(ms: number): Buffer {
  const data = Buffer.alloc(Math.round(16 * ms) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe('speech from an OpenAI-compatible endpoint', () => {
  it('posts the model, voice and text asking for WAV, and returns the audio', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const speech = createOpenAiSpeech({
      baseUrl: 'http://ai.local/v1/',
      apiKey: 'k',
      model: 'tts-1',
      voice: 'nova',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init! });
        return new Response(wav(500), { headers: { 'content-type': 'audio/wav' } });
      },
    });
    const result = await speech.synthesize('Hello.');
    expect(calls[0]!.url).toBe('http://ai.local/v1/audio/speech');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ model: 'tts-1', voice: 'nova', input: 'Hello.', response_format: 'wav' });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer k');
    expect(result.provider).toBe('tts-1');
    expect(readWavInfo(result.wav)).toMatchObject({ sampleRate: 16_000, channels: 1, durationMs: 500 });
  });

  it('refuses an error status or audio that is not WAV; the fallback then speaks', async () => {
    const failing = createOpenAiSpeech({
      baseUrl: 'http://ai.local',
      model: 'm',
      voice: 'v',
      fetch: async () => new Response('no', { status: 500 }),
    });
    await expect(failing.synthesize('Hi.')).rejects.toThrow(/answered 500/);
    const mp3 = createOpenAiSpeech({ baseUrl: 'http://ai.local', model: 'm', voice: 'v', fetch: async () => new Response('ID3....') });
    await expect(mp3.synthesize('Hi.')).rejects.toThrow(/not send a WAV/);
    const offline: SpeechSynthesizer = {
      name: 'espeak-ng',
      synthesize: async () => ({ wav: wav(100), provider: 'espeak-ng' }),
      close: async () => {},
    };
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect((await withFallback(failing, offline).synthesize('Hi.')).provider).toBe('espeak-ng');
    } finally {
      console.warn = warn;
    }
  });
});
