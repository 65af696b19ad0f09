import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkAnswer, findQuantities, OFFLINE_MAX_RESPONSE_CHARS, type CheckAnswerInput } from '@evergrade/grading';
import { formatTable } from './stats';

/** The subject's sentences of the essay: numbers with units, "(1)", formulas, misspellings. */
const SENTENCES = [
  'The energy from the sun is absorbed by chlorophyll in the chloroplasts of the leaf.',
  'A leaf of 40 cm² takes in carbon dioxide through its stomata, and 6 CO2 with 6 H2O make one glucose (1).',
  'Photosynthesis is an endothermic reaction, so the plant needs light energy to drive it.',
  'When the temprature rose from 20 °C to 35 °C the rate of reaction incresed by about 30 %.',
  'The car travelled 150 km in 2 hours, so its average speed was 75 km/h, which is about 20.8 m/s.',
  'Glucose is used for respiration, and some is stored as starch or made into cellulose for the cell walls.',
  'A force of 12 N acting over 3 m does 36 J of work (1), and the power is 36 J / 4 s = 9 W.',
  'The mitochondria release energy from glucose in aerobic respiraton, which also makes water and carbon dioxide.',
  'In the experiment we used 25 ml of hydrochloric acid and 2.5 g of magnesium ribbon, measured every 30 seconds.',
  'Because the light intensity was doubled, the number of bubbles went up from 12 to 23 per minute.',
  'Some students think plants get there food from the soil, but the mass comes mostly from the air.',
  'The results show that 3/4 of the leaves turned blue-black with iodine, while 1 in 4 stayed orange.',
  'A mixture of 1.2 × 10^3 kg of water at 15 degrees celsius was heated for 1 hour 30 minutes.',
  'Overall, the limiting factor was light, then carbon dioxide concentration, and finaly temperature.',
];

const FUNCTION_WORDS = (
  'the the the of of and and a a to to in in is is it that was for on are as with they be at by this from or but not ' +
  'have has which when so because more than can their there will also then its into some all these'
).split(' ');

/** About 6,000 real English words of 4–11 letters, a fixed sample of the word list the checker itself reads. */
let vocabulary: string[] | undefined;
const words = () =>
  (vocabulary ??= (createRequire(import.meta.url)('an-array-of-english-words') as string[]).filter(
    (w, i) => i % 40 === 0 && /^[a-z]{4,11}$/.test(w),
  ));

/**
 * A deterministic essay of `chars` characters, as a student writes a long answer: the subject's sentences (numbers with
 * units, "(1)", chemical formulas, misspellings) between sentences of everyday and rarer words drawn Zipf-like from a
 * vocabulary of about 6,000 (so the distinct words keep growing with the length, as in real prose), one word in thirty
 * misspelt (two letters swapped or one dropped), in paragraphs.
 */
export function essay(chars: number, seed = 1): string {
  // mulberry32: a small seeded generator, the same essay on every run.
  let x = seed >>> 0;
  const next = () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const vocab = words();
  const word = () => {
    if (next() < 0.45) return FUNCTION_WORDS[Math.floor(next() * FUNCTION_WORDS.length)]!;
    const w = vocab[Math.floor(vocab.length * next() ** 3)]!;
    if (next() >= 1 / 30) return w;
    const k = 1 + Math.floor(next() * (w.length - 2));
    return next() < 0.5 ? w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2) : w.slice(0, k) + w.slice(k + 1);
  };
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    let s: string;
    if (next() < 0.4) s = SENTENCES[Math.floor(next() * SENTENCES.length)]!;
    else {
      const n = 8 + Math.floor(next() * 13);
      const ws = Array.from({ length: n }, word);
      s = `${ws.join(' ')}.`;
      s = s.charAt(0).toUpperCase() + s.slice(1);
    }
    const gap = next() < 0.1 ? '\n\n' : ' ';
    parts.push(s, gap);
    length += s.length + gap.length;
  }
  return parts.join('').slice(0, chars).trim();
}

export const KEYS: { name: string; input: Omit<CheckAnswerInput, 'response'> }[] = [
  {
    name: 'numeric with unit',
    input: {
      question: 'Calculate the area of the leaf.',
      answer: '40 (1) cm² (1). Accept cm^2',
      marksPossible: 2,
      questionType: 'numerical',
    },
  },
  {
    name: 'explanation points',
    input: {
      question: 'Explain how plants make food.',
      answer: 'Light energy absorbed by chlorophyll (1); carbon dioxide and water made into glucose (1); glucose stored as starch (1)',
      marksPossible: 3,
      questionType: 'long answer',
    },
  },
  {
    name: 'explanation, short answer',
    input: {
      question: 'Explain how plants make food.',
      answer: 'Light energy absorbed by chlorophyll (1); carbon dioxide and water made into glucose (1)',
      marksPossible: 2,
    },
  },
  { name: 'one word', input: { question: 'Name the organelle where respiration happens.', answer: 'mitochondria', marksPossible: 1 } },
];

const LENGTHS = [1_000, 4_000, 8_000, 16_000, 20_000];
const ADVERSARIAL_LENGTHS = [5_000, 10_000, 20_000];

/** `unit` repeated to exactly `chars` characters, `tail` last. */
const fill = (chars: number, unit: string, tail = '') =>
  unit.repeat(Math.ceil(chars / unit.length)).slice(0, Math.max(0, chars - tail.length)) + tail;

/** Numbers below 1,000, pseudo-random and all different runs of them (no two windows of the scan alike). */
function randomNumbers(chars: number): string {
  let x = 7;
  const out: string[] = [];
  for (let length = 0; length < chars;) {
    x = (x * 48271) % 2147483647;
    const w = String(x % 1000);
    out.push(w);
    length += w.length + 1;
  }
  return out.join(' ').slice(0, chars);
}

/**
 * Deliberately odd answers, as a student could send to hold the server: each once had a quadratic (or worse) path in
 * the checker (bench/README.md). grading/src/adversarial-response.unit.test.ts reads the same shapes at the limit.
 */
export const ADVERSARIAL: { name: string; make: (chars: number) => string }[] = [
  { name: '1²1²…', make: (n) => fill(n, '1²') },
  { name: '1aaaa…', make: (n) => `1${'a'.repeat(n - 1)}` },
  { name: 'one and one and …', make: (n) => fill(n, 'one and ') },
  { name: 'x=1, x=1, …', make: (n) => fill(n, 'x=1, ') },
  { name: '(1) (1) …', make: (n) => fill(n, '(1) ') },
  { name: 'abc def …', make: (n) => fill(n, 'abc def ') },
  { name: '!!!…', make: (n) => '!'.repeat(n) },
  { name: '1/1/1/…', make: (n) => fill(n, '1/', '1') },
  { name: 'x^2^2^…', make: (n) => `x${fill(n - 1, '^2')}` },
  { name: 'aaaa… (one line)', make: (n) => 'a'.repeat(n) },
  { name: 'a1b2a1b2…', make: (n) => fill(n, 'a1b2') },
  { name: '((((…', make: (n) => '('.repeat(n) },
  { name: '(x+(x+…', make: (n) => fill(n, '(x+') },
  { name: 'km/h km/h …', make: (n) => fill(n, 'km/h ') },
  { name: '75 km/h 75 km/h …', make: (n) => fill(n, '75 km/h ') },
  { name: '1 000 1 000 …', make: (n) => fill(n, '1 000 ') },
  { name: '1,1,…,000', make: (n) => fill(n, '1,', '000') },
  { name: '1.1.1.…', make: (n) => fill(n, '1.', '1') },
  { name: 'x¹²³x¹²³…', make: (n) => fill(n, 'x¹²³') },
  { name: 'combining marks', make: (n) => fill(n, 'a\u0301\u0302') },
  { name: '1 1 1 …', make: (n) => fill(n, '1 ') },
  { name: '1e1e…', make: (n) => fill(n, '1e') },
  { name: '-1-1…', make: (n) => fill(n, '-1') },
  { name: 'a⏎a⏎…', make: (n) => fill(n, 'a\n') },
  { name: 'a.a.…', make: (n) => fill(n, 'a.') },
  { name: 'mitochondria …', make: (n) => fill(n, 'mitochondria ') },
  { name: '1 (1) 1 (1) …', make: (n) => fill(n, '1 (1) ') },
  { name: 'one half of …', make: (n) => fill(n, 'one half of ') },
  { name: 'random numbers', make: randomNumbers },
  { name: '1+1+…', make: (n) => fill(n, '1+', '1') },
  { name: '1 because …', make: (n) => fill(n, '1 because ') },
];

/** Each adversarial answer of one length against each key, in a fresh process (after the same warm-up as `measure`). */
function measureAdversarial(chars: number): AdversarialRow {
  const warm = essay(16_000, 99);
  for (const key of KEYS) checkAnswer({ ...key.input, response: warm });
  const row: AdversarialRow = { chars, shapes: {} };
  for (const shape of ADVERSARIAL) {
    const response = shape.make(chars);
    row.shapes[shape.name] = {};
    for (const key of KEYS) {
      const t0 = performance.now();
      const r = checkAnswer({ ...key.input, response });
      row.shapes[shape.name]![key.name] = { ms: performance.now() - t0, method: r.method, points: r.pointsObtained };
    }
  }
  return row;
}

type AdversarialRow = { chars: number; shapes: Record<string, Record<string, { ms: number; method: string; points: number }>> };

/** One length in a fresh process (the checker's word caches empty): warmed up on another essay, then each key once. */
function measure(chars: number): Row {
  // The word list, the lemmatizer, WordNet (an index and a data file per part of speech) and mathjs load on first use,
  // once per process: an essay of other words first, untimed, long enough to need them all.
  const warm = essay(16_000, 99);
  for (const key of KEYS) checkAnswer({ ...key.input, response: warm });
  findQuantities(warm);
  const response = essay(chars);
  const row: Row = { chars, keys: {}, quantitiesMs: 0 };
  for (const key of KEYS) {
    const t0 = performance.now();
    const r = checkAnswer({ ...key.input, response });
    row.keys[key.name] = { ms: performance.now() - t0, method: r.method, points: r.pointsObtained };
  }
  const t0 = performance.now();
  findQuantities(essay(chars, 2));
  row.quantitiesMs = performance.now() - t0;
  return row;
}

type Row = { chars: number; keys: Record<string, { ms: number; method: string; points: number }>; quantitiesMs: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * `npx tsx bench/src/grading-long.ts [--lengths 1000,4000,…] [--runs 3] [--json] [--adversarial]`: the offline checker on long answers
 * (not part of `npm run bench`, which needs a database). Each length runs `--runs` times, each in a process of its own,
 * and the median is printed per answer key, with the quantity scan alone (findQuantities) beside. An answer longer than
 * OFFLINE_MAX_RESPONSE_CHARS is not read (method "none"). `--adversarial`: deliberately odd answers instead of the essay
 * (5k, 10k and 20k characters, one run each unless `--runs`).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      lengths: { type: 'string' },
      runs: { type: 'string' },
      json: { type: 'boolean' },
      adversarial: { type: 'boolean' },
      child: { type: 'string' },
    },
  });
  if (values.child) {
    process.stdout.write(JSON.stringify(values.adversarial ? measureAdversarial(Number(values.child)) : measure(Number(values.child))));
    return;
  }
  if (values.adversarial) {
    adversarial(values.lengths ? values.lengths.split(',').map(Number) : ADVERSARIAL_LENGTHS, Number(values.runs ?? 1), values.json);
    return;
  }
  const lengths = values.lengths ? values.lengths.split(',').map(Number) : LENGTHS;
  const runs = Number(values.runs ?? 3);
  const rows: Row[] = [];
  for (const chars of lengths) {
    const samples: Row[] = [];
    for (let k = 0; k < runs; k++) {
      const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', String(chars)], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      samples.push(JSON.parse(out) as Row);
    }
    const row: Row = {
      chars,
      keys: Object.fromEntries(
        KEYS.map((key) => [key.name, { ...samples[0]!.keys[key.name]!, ms: median(samples.map((s) => s.keys[key.name]!.ms)) }]),
      ),
      quantitiesMs: median(samples.map((s) => s.quantitiesMs)),
    };
    rows.push(row);
    process.stderr.write(`[grading-long] ${chars.toLocaleString('en')} characters done\n`);
  }
  const head = ['characters', ...KEYS.map((k) => `${k.name} ms`), 'findQuantities ms'];
  const table = rows.map((r) => [
    r.chars.toLocaleString('en'),
    ...KEYS.map((k) => {
      const c = r.keys[k.name]!;
      return `${c.ms.toFixed(0)} (${c.method} ${c.points})`;
    }),
    r.quantitiesMs.toFixed(0),
  ]);
  console.log(
    `Offline checker on long answers, limit ${OFFLINE_MAX_RESPONSE_CHARS.toLocaleString('en')} characters; ` +
      `median of ${runs} fresh processes, ${cpus().length} CPUs\n`,
  );
  console.log(formatTable(head, table));
  if (values.json) console.log(JSON.stringify({ gradingLong: { limit: OFFLINE_MAX_RESPONSE_CHARS, runs, rows } }));
}

/** `--adversarial`: the odd answers, a row per answer and length, the median of `runs` fresh processes per key. */
function adversarial(lengths: number[], runs: number, json: boolean | undefined) {
  const rows: AdversarialRow[] = [];
  for (const chars of lengths) {
    const samples: AdversarialRow[] = [];
    for (let k = 0; k < runs; k++) {
      const out = execFileSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), '--adversarial', '--child', String(chars)],
        { encoding: 'utf8', maxBuffer: 1 << 22 },
      );
      samples.push(JSON.parse(out) as AdversarialRow);
    }
    const shapes: AdversarialRow['shapes'] = {};
    for (const shape of ADVERSARIAL) {
      shapes[shape.name] = Object.fromEntries(
        KEYS.map((key) => [
          key.name,
          { ...samples[0]!.shapes[shape.name]![key.name]!, ms: median(samples.map((s) => s.shapes[shape.name]![key.name]!.ms)) },
        ]),
      );
    }
    rows.push({ chars, shapes });
    process.stderr.write(`[grading-long] adversarial, ${chars.toLocaleString('en')} characters done\n`);
  }
  const head = ['answer', 'characters', ...KEYS.map((k) => `${k.name} ms`)];
  const table = ADVERSARIAL.flatMap((shape) =>
    rows.map((r) => [
      shape.name,
      r.chars.toLocaleString('en'),
      ...KEYS.map((k) => {
        const c = r.shapes[shape.name]![k.name]!;
        return `${c.ms.toFixed(0)} (${c.method} ${c.points})`;
      }),
    ]),
  );
  console.log(
    `Offline checker on adversarial answers, limit ${OFFLINE_MAX_RESPONSE_CHARS.toLocaleString('en')} characters; ` +
      `median of ${runs} fresh processes, ${cpus().length} CPUs\n`,
  );
  console.log(formatTable(head, table));
  if (json) console.log(JSON.stringify({ gradingAdversarial: { limit: OFFLINE_MAX_RESPONSE_CHARS, runs, rows } }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
