/** A WAV file's format and length, read from its RIFF header (PCM or IEEE float). Null: not a WAV file. */
export type WavInfo = { sampleRate: number; channels: number; bitsPerSample: number; dataBytes: number; durationMs: number };

export function readWavInfo(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let format: { sampleRate: number; channels: number; bitsPerSample: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 24 <= bytes.length) {
      format = {
        channels: view.getUint16(at + 10, true),
        sampleRate: view.getUint32(at + 12, true),
        bitsPerSample: view.getUint16(at + 22, true),
      };
    } else if (id === 'data' && format) {
      // A streamed WAV may say 0 or 0xFFFFFFFF: then the data runs to the end of the file.
      const dataBytes = size === 0 || size === 0xffffffff ? bytes.length - at - 8 : Math.min(size, bytes.length - at - 8);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataBytes, durationMs: bytesPerSecond > 0 ? Math.round((dataBytes / bytesPerSecond) * 1000) : 0 };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}
