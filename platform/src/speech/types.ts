/** Speech of a text as audio/wav, and which synthesizer made it ('espeak-ng' offline, or the AI provider's model). */
export type SpeechResult = { wav: Buffer; provider: string };

export interface SpeechSynthesizer {
  readonly name: string;
  /** The text as given (callers strip and cut it first: speakableText). */
  synthesize(text: string): Promise<SpeechResult>;
  close(): Promise<void>;
}

export class SpeechError extends Error {
  override name = 'SpeechError';
}

/** Too many texts waiting: the caller says so (503) rather than queueing without end. */
export class SpeechBusyError extends SpeechError {
  override name = 'SpeechBusyError';
  constructor() {
    super('The speech synthesizer is busy. Please try again in a moment.');
  }
}
