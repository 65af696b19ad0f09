import { afterAll, describe, expect, it } from 'vitest';
import { createEspeakSynthesizer } from './espeak';
import { SpeechBusyError, SpeechError } from './types';
import { readWavInfo } from './wav';

describe('the offline synthesizer (eSpeak-NG in a worker)', () => {
  const speech = createEspeakSynthesizer();
  afterAll(() => speech.close());

  it('speaks a text as a mono 16-bit WAV whose length grows with the text', async () => {
    const short = await speech.synthesize('The cell is the unit of life.');
    const long = await speech.synthesize('The cell is the unit of life. '.repeat(6));
    const a = readWavInfo(short.wav)!;
    const b = readWavInfo(long.wav)!;
    expect(short.provider).toBe('espeak-ng');
    expect(a).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(a.durationMs).toBeGreaterThan(800);
    expect(a.durationMs).toBeLessThan(5000);
    expect(b.durationMs).toBeGreaterThan(a.durationMs * 4);
    // Not silence: some samples are loud.
    const pcm = short.wav.subarray(short.wav.length - a.dataBytes);
    const loudest = Math.max(...Array.from({ length: pcm.length >> 1 }, (_, i) => Math.abs(pcm.readInt16LE(i * 2))));
    expect(loudest).toBeGreaterThan(2000);
  });

  it('reads text that looks like an option as text, and non-ASCII letters', async () => {
    const result = await speech.synthesize('-v de --help naïve café');
    expect(readWavInfo(result.wav)!.durationMs).toBeGreaterThan(500);
  });

  it('keeps the event loop free while it speaks', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await speech.synthesize('Mitochondria are the powerhouse of the cell. '.repeat(10));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });

  it('refuses texts past its queue', async () => {
    const small = createEspeakSynthesizer({ maxQueue: 1 });
    try {
      const first = small.synthesize('One.');
      const second = small.synthesize('Two.');
      await expect(small.synthesize('Three.')).rejects.toBeInstanceOf(SpeechBusyError);
      await Promise.all([first, second]);
    } finally {
      await small.close();
    }
  });

  it('ends a text that takes too long, and speaks the next one in a new worker', async () => {
    const bounded = createEspeakSynthesizer({ timeoutMs: 4000 });
    try {
      const started = Date.now();
      const long = bounded.synthesize('One two three four five. '.repeat(5000));
      const next = bounded.synthesize('Six.');
      await expect(long).rejects.toThrow(/longer than 4000 ms/);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(readWavInfo((await next).wav)!.durationMs).toBeGreaterThan(200);
    } finally {
      await bounded.close();
    }
    await expect(bounded.synthesize('Seven.')).rejects.toBeInstanceOf(SpeechError);
  });
});
