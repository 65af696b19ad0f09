import { describe, expect, it } from 'vitest';
import { baseContentType, contentMatches, sniffContentType } from './sniff';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const SAMPLES = {
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR'),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0]),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  'application/pdf': bytes('%PDF-1.7\n'),
} as const;

describe('sniffContentType', () => {
  it.each(Object.entries(SAMPLES))('recognises %s by its first bytes', (type, sample) => {
    expect(sniffContentType(sample)).toBe(type);
  });

  it('knows GIF87a too', () => expect(sniffContentType(bytes('GIF87a', [0]))).toBe('image/gif'));

  it('recognises nothing else: text, HTML, SVG, a RIFF that is not WebP, truncated signatures, empty files', () => {
    for (const sample of [
      bytes('hello, I am a PNG'),
      bytes('<html><script>alert(1)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
      bytes([0x89, 0x50, 0x4e, 0x47]),
      bytes([0xff, 0xd8]),
      bytes('%PD'),
      Buffer.alloc(0),
    ])
      expect(sniffContentType(sample)).toBeNull();
  });
});

describe('contentMatches', () => {
  it('wants the magic bytes of a type it can sniff, ignoring case and parameters of the declared type', () => {
    expect(contentMatches('image/png', SAMPLES['image/png'])).toBe(true);
    expect(contentMatches('IMAGE/PNG; charset=binary', SAMPLES['image/png'])).toBe(true);
    expect(contentMatches('image/png', SAMPLES['image/jpeg'])).toBe(false);
    expect(contentMatches('image/png', bytes('not a png at all'))).toBe(false);
    expect(contentMatches('application/pdf', SAMPLES['application/pdf'])).toBe(true);
  });

  it('takes a type it cannot sniff as declared', () => {
    expect(contentMatches('text/csv', bytes('a,b\n1,2'))).toBe(true);
  });

  it('baseContentType strips parameters and case; a missing header is empty', () => {
    expect(baseContentType(' Image/WebP ; q=1')).toBe('image/webp');
    expect(baseContentType(undefined)).toBe('');
  });
});
