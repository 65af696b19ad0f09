/**
 * Generated book text for the benches that need textbooks (retrieval, assistant): deterministic pages of made-up words
 * with a Zipf-like spread (a few common, most rare), function words between them, a numbered heading every third
 * page, lines wrapped at about 70 characters as a PDF's text layer gives them, and the page number at the foot.
 */

/** A small deterministic generator (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghiklmnoprstuvw';
const FUNCTION_WORDS = 'the of and a to in is that for it as with on by this are from which be an or at when their its can'.split(' ');

export function vocabulary(size: number, rnd: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 4 + Math.floor(rnd() * 6);
    let w = '';
    for (let i = 0; i < n; i++) w += LETTERS[Math.floor(rnd() * LETTERS.length)];
    words.add(w);
  }
  return [...words];
}

/** Zipf-like: a few words are common, most are rare. */
export const pick = (words: readonly string[], rnd: () => number) => words[Math.floor(words.length * rnd() ** 2.5)]!;

export function makePage(words: readonly string[], rnd: () => number, pageNo: number): { text: string; words: number; content: string[] } {
  const lines: string[] = [];
  const content: string[] = [];
  let count = 0;
  if (pageNo % 3 === 1)
    lines.push(`${Math.ceil(pageNo / 30)}.${Math.ceil(pageNo / 3) % 10} ${cap(pick(words, rnd))} and ${cap(pick(words, rnd))}`);
  const paragraphs = 3 + Math.floor(rnd() * 3);
  for (let p = 0; p < paragraphs; p++) {
    const sentences: string[] = [];
    for (let s = 3 + Math.floor(rnd() * 4); s > 0; s--) {
      const ws: string[] = [];
      for (let i = 8 + Math.floor(rnd() * 14); i > 0; i--) {
        if (rnd() < 0.45) ws.push(FUNCTION_WORDS[Math.floor(rnd() * FUNCTION_WORDS.length)]!);
        else {
          const w = pick(words, rnd);
          ws.push(w);
          content.push(w);
        }
      }
      count += ws.length;
      sentences.push(`${cap(ws.join(' '))}.`);
    }
    // Wrapped at about 70 characters, as a PDF's text layer gives it.
    const wrapped = sentences
      .join(' ')
      .replace(/(.{1,70})(\s|$)/g, '$1\n')
      .trim();
    lines.push(wrapped);
  }
  lines.push(String(pageNo));
  return { text: lines.join('\n'), words: count, content };
}

export const cap = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;
