import { richTextToPlainText } from '@evergrade/contracts';
import { findQuantities, inBaseUnits, normaliseMaths, readQuantity, sameValue, type Quantity } from './quantity';
import { NEGATIONS, isContentWord, stem, words } from './text';

export type CheckAnswerInput = {
  /** The question as stored (plain text or serialised editor state). */
  question: string;
  /** The answer key (plain text or serialised editor state). */
  answer: string;
  gradingInstructions?: string | undefined;
  marksPossible: number;
  /** The student's response (plain text or serialised editor state); null or empty when not answered. */
  response: string | null | undefined;
  /** 'short answer', 'numerical', 'long answer', 'multiple choice', 'short_answer', ... */
  questionType?: string | undefined;
  /** Choices of a multiple-choice question; read from the question text ("A) ...") when absent. */
  options?: readonly string[] | undefined;
  /** The right choice: its letter, its 0-based index or its text. */
  correctOption?: string | number | undefined;
};

export type CheckAnswerResult = {
  pointsObtained: number;
  pointsPossible: number;
  feedback: string;
  /** False when a teacher should look: the checker says why in `reason`. */
  confident: boolean;
  reason?: string;
  /** What the response got right (key terms, values, the option). */
  matched: string[];
  /** What it lacks. */
  missing: string[];
  /** How it was checked. */
  method: 'empty' | 'choice' | 'numeric' | 'terms' | 'none';
};

/** Placeholders the libraries put where no answer key exists. */
const NO_KEY = [/^answer will be provided by instructor$/i, /^no answer( provided)?$/i, /^n\/?a$/i];
/** Answers longer than this many words are judged by a teacher: term overlap says too little. */
const LONG_ANSWER_WORDS = 45;
const MAX_KEY_TERMS = 14;
/** Share of key terms that earns full marks: wording differs, and a key lists more than a good answer needs. */
const FULL_COVERAGE = 0.75;

export const toQuarter = (points: number, max: number) => Math.min(max, Math.max(0, Math.floor(points * 4 + 1e-9) / 4));
const fmt = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Checks one response against its answer key, offline and deterministically: multiple choice by option,
 * numeric answers by value (tolerance, units, fractions, expressions), the rest by the key's terms. Partial
 * credit comes in steps of 0.25; `confident` is false whenever the result should be looked at by a person.
 */
export function checkAnswer(input: CheckAnswerInput): CheckAnswerResult {
  const possible = Math.max(0, input.marksPossible);
  const response = richTextToPlainText(input.response ?? '').trim();
  const key = richTextToPlainText(input.answer ?? '').trim();
  const question = richTextToPlainText(input.question ?? '').trim();
  const type = (input.questionType ?? '').toLowerCase().replace(/[_-]/g, ' ');
  const base = { pointsPossible: possible, matched: [] as string[], missing: [] as string[] };

  if (response === '') {
    return { ...base, pointsObtained: 0, feedback: 'No answer was given.', confident: true, method: 'empty' };
  }
  if (/^\[image\]$/.test(response)) {
    return {
      ...base,
      pointsObtained: 0,
      feedback: 'This answer is a drawing or image: a teacher will check it.',
      confident: false,
      reason: 'The response is an image',
      method: 'none',
    };
  }

  const choice = choiceQuestion(input, question, key, type);
  if (choice) return checkChoice(choice, response, possible);

  if (key === '' || NO_KEY.some((p) => p.test(key))) {
    return {
      ...base,
      pointsObtained: 0,
      feedback: 'There is no answer key for this question, so it cannot be checked automatically.',
      confident: false,
      reason: 'No answer key',
      method: 'none',
    };
  }

  const expected = keyValues(key);
  if (expected && !type.includes('long')) {
    const result = checkNumeric(expected, response, possible, type);
    if (result) return result;
  }
  return checkTerms(question, key, response, possible, type);
}

// ---- multiple choice ----------------------------------------------------------------------------

type Choice = { options: string[]; correct: number };
const LETTERS = 'ABCDEFGHIJ';

function choiceQuestion(input: CheckAnswerInput, question: string, key: string, type: string): Choice | null {
  const options = input.options?.length ? [...input.options] : optionsIn(question);
  if (options.length < 2) return null;
  const isChoice = type.includes('choice') || type === 'mcq' || input.correctOption !== undefined || (input.options?.length ?? 0) > 0;
  if (!isChoice) return null;
  const correct = optionIndex(input.correctOption ?? key, options);
  return correct === null ? null : { options, correct };
}

/** "A) RAM\nB) CPU cache" or "(a) ... (b) ..." in the question text. */
function optionsIn(question: string): string[] {
  const found: string[] = [];
  for (const line of question.split('\n')) {
    const m = /^\s*\(?([A-Ja-j])[).:]\s+(.+)$/.exec(line);
    if (m && m[1]!.toUpperCase() === LETTERS[found.length]) found.push(m[2]!.trim());
  }
  return found;
}

/** A chosen option: a letter ("b", "B)", "(b)", "Option B"), a 0-based index, or the option's text. */
function optionIndex(value: string | number, options: readonly string[]): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < options.length ? value : null;
  const text = value.trim();
  const letter = /^(?:option\s+|answer\s*:?\s*)?\(?([A-Ja-j])\)?(?:[).:]|\s|$)/i.exec(text);
  if (letter) {
    const index = LETTERS.indexOf(letter[1]!.toUpperCase());
    if (index < options.length) return index;
  }
  const norm = (s: string) => words(s).join(' ');
  const t = norm(text);
  const exact = options.findIndex((o) => norm(o) === t);
  if (exact >= 0) return exact;
  const contained = options.map((o, i) => ({ i, hit: norm(o) !== '' && t.includes(norm(o)) })).filter((x) => x.hit);
  return contained.length === 1 ? contained[0]!.i : null;
}

function checkChoice(choice: Choice, response: string, possible: number): CheckAnswerResult {
  const label = (i: number) => `${LETTERS[i]}) ${choice.options[i]}`;
  const chosen = optionIndex(response, choice.options);
  const right = label(choice.correct);
  if (chosen === null) {
    return {
      pointsObtained: 0,
      pointsPossible: possible,
      matched: [],
      missing: [right],
      method: 'choice',
      confident: false,
      reason: 'No single option could be read from the answer',
      feedback: `The answer does not name one of the options clearly. The correct option is ${right}.`,
    };
  }
  if (chosen === choice.correct) {
    return {
      pointsObtained: possible,
      pointsPossible: possible,
      matched: [right],
      missing: [],
      method: 'choice',
      confident: true,
      feedback: `Correct: ${right}.`,
    };
  }
  return {
    pointsObtained: 0,
    pointsPossible: possible,
    matched: [],
    missing: [right],
    method: 'choice',
    confident: true,
    feedback: `Not correct: you chose ${label(chosen)}. The correct option is ${right}.`,
  };
}

// ---- numeric ------------------------------------------------------------------------------------

/**
 * The values a key ends with: the last clause's result(s). "F = ma = 2 × 3 = 6 N" → [6 N];
 * "(x − 2)(x − 3) = 0, so x = 2 or x = 3" → [2, 3]. Null when the key does not end in a value.
 */
export function keyValues(key: string): Quantity[] | null {
  const plain = normaliseMaths(key).replace(/\s+/g, ' ').trim();
  const clauses = plain
    .split(/;|, so |\bso\b|\btherefore\b|\bhence\b|\bgives\b|:\s/i)
    .map((c) => c.trim())
    .filter(Boolean);
  const last = clauses[clauses.length - 1] ?? '';
  const parts = last
    .split(/\s+or\s+|\s+and\s+|,\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  const values: Quantity[] = [];
  for (const part of parts) {
    const afterEquals = part.split(/=|≈/).pop()!.trim();
    const q = readQuantity(afterEquals);
    if (!q) return null;
    values.push(q);
  }
  return values.length > 0 && values.length <= 4 ? values : null;
}

function describe(q: Quantity): string {
  return q.text.replace(/\s+/g, ' ');
}

function checkNumeric(expected: Quantity[], response: string, possible: number, type: string): CheckAnswerResult | null {
  const given = findQuantities(response);
  const base = { pointsPossible: possible, method: 'numeric' as const };
  if (given.length === 0) {
    if (!type.includes('numer')) return null;
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: expected.map(describe),
      confident: false,
      reason: 'No number found in the answer',
      feedback: `No numerical answer was found. Expected ${expected.map(describe).join(' and ')}.`,
    };
  }
  // Final answers count: with one expected value, the response's last value (after its last '=') is the answer.
  const finals = expected.length === 1 ? [finalQuantity(response) ?? given[given.length - 1]!] : given;
  let credit = 0;
  const matched: string[] = [];
  const missing: string[] = [];
  const notes: string[] = [];
  let unsure: string | undefined;
  for (const want of expected) {
    const verdicts = finals.map((q) => compare(want, q));
    const best = verdicts.sort((a, b) => b.score - a.score)[0]!;
    credit += best.score / expected.length;
    if (best.score === 1) matched.push(describe(want));
    else missing.push(describe(want));
    if (best.note) notes.push(best.note);
    if (best.score === 0 && expected.length === 1 && given.some((q) => compare(want, q).score === 1)) {
      unsure = 'The expected value appears in the working but not as the final answer';
    }
  }
  const points = toQuarter(credit * possible, possible);
  const allRight = points === possible;
  const feedback = allRight
    ? `Correct: ${matched.join(' and ')}.`
    : [
        points > 0 ? `Partly correct (${fmt(points)} of ${fmt(possible)}).` : 'Not correct.',
        ...notes,
        missing.length ? `Expected ${missing.join(' and ')}.` : '',
      ]
        .filter(Boolean)
        .join(' ');
  return { ...base, pointsObtained: points, matched, missing, feedback, confident: !unsure, ...(unsure ? { reason: unsure } : {}) };
}

/** The value after the response's last '=' (or the whole response when that is one value). */
function finalQuantity(response: string): Quantity | null {
  const plain = normaliseMaths(response).trim();
  const tail = plain
    .split(/=|≈|\bis\b|:/)
    .pop()!
    .trim();
  return (
    readQuantity(tail) ??
    readQuantity(plain) ??
    (() => {
      const inTail = findQuantities(tail);
      return inTail.length === 1 ? inTail[0]! : null;
    })()
  );
}

function compare(want: Quantity, got: Quantity): { score: number; note?: string } {
  if (want.unit && got.unit && want.unit.dim === got.unit.dim) {
    return sameValue(inBaseUnits(want), inBaseUnits(got), decimalsInBase(want)) ? { score: 1 } : { score: 0 };
  }
  if (!sameValue(want.value, got.value, want.decimals)) return { score: 0 };
  if (!want.unit || (want.unit.dim === 'percent' && !got.unit)) return { score: 1 };
  if (!got.unit) return { score: 0.75, note: `The value is right but the unit is missing (${want.unit.label}).` };
  return { score: 0.5, note: `The value is right but the unit is wrong: ${got.unit.label} instead of ${want.unit.label}.` };
}

const decimalsInBase = (q: Quantity) => (q.unit ? Math.max(0, q.decimals - Math.round(Math.log10(q.unit.factor))) : q.decimals);

// ---- key terms ----------------------------------------------------------------------------------

type Term = { word: string; stem: string };

/** The key's content words, stemmed, without those the question already says (echoing it earns nothing). */
export function keyTerms(key: string, question: string): Term[] {
  const questionStems = new Set(words(normaliseMaths(question)).filter(isContentWord).map(stem));
  const all: Term[] = [];
  const seen = new Set<string>();
  for (const word of words(key).filter(isContentWord)) {
    const s = stem(word);
    if (seen.has(s)) continue;
    seen.add(s);
    all.push({ word, stem: s });
  }
  const fresh = all.filter((t) => !questionStems.has(t.stem));
  return fresh.length > 0 ? fresh : all;
}

function checkTerms(question: string, key: string, response: string, possible: number, type: string): CheckAnswerResult {
  const terms = keyTerms(key, question);
  const tokens = words(normaliseMaths(response));
  const stems = tokens.map(stem);
  const base = { pointsPossible: possible, method: 'terms' as const };
  if (terms.length === 0) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [],
      confident: false,
      reason: 'The answer key has no key terms to look for',
      feedback: 'This answer could not be checked automatically: a teacher will look at it.',
    };
  }
  const matched = terms.filter((t) => stems.some((s) => sameStem(s, t.stem)) || numberIn(t.word, response));
  const missing = terms.filter((t) => !matched.includes(t));
  const coverage = matched.length / terms.length;
  const points = toQuarter(possible * Math.min(1, coverage / FULL_COVERAGE), possible);

  const keyWords = words(key).length;
  const reasons: string[] = [];
  if (type.includes('long') || keyWords > LONG_ANSWER_WORDS || terms.length > MAX_KEY_TERMS)
    reasons.push("Long answers need a teacher's judgement");
  if (tokens.length > LONG_ANSWER_WORDS * 2) reasons.push('The response is long');
  if (coverage > 0.25 && coverage < FULL_COVERAGE) reasons.push('Only some key terms matched: the wording may differ from the key');
  if (negated(tokens, stems, matched) && !words(key).some((w) => NEGATIONS.has(w))) reasons.push('The response negates a key term');
  if (terms.length === 1 && matched.length === 1 && tokens.length > 12) reasons.push('One key term in a long response');

  const feedback =
    points === possible
      ? `Correct. Key points covered: ${matched.map((t) => t.word).join(', ')}.`
      : points > 0
        ? `Partly correct (${fmt(points)} of ${fmt(possible)}). Covered: ${matched.map((t) => t.word).join(', ')}. Missing: ${missing.map((t) => t.word).join(', ')}.`
        : `Not correct. The answer should mention: ${missing.map((t) => t.word).join(', ')}.`;
  return {
    ...base,
    pointsObtained: points,
    matched: matched.map((t) => t.word),
    missing: missing.map((t) => t.word),
    feedback,
    confident: reasons.length === 0,
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

/** Equal stems, or one a prefix of the other when both keep 4 letters ('gravity' → grav, 'gravitational' → gravitat). */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4 || /^[0-9]/.test(a) || /^[0-9]/.test(b)) return false;
  return a.startsWith(b) || b.startsWith(a);
}

/** A number key term counts when the response holds that value. */
function numberIn(word: string, response: string): boolean {
  if (!/^[0-9]/.test(word)) return false;
  const value = Number(word);
  return Number.isFinite(value) && findQuantities(response).some((q) => q.value === value);
}

/** A negation within three words before a matched term. */
function negated(tokens: string[], stems: string[], matched: Term[]): boolean {
  return stems.some(
    (s, i) => matched.some((t) => sameStem(s, t.stem)) && tokens.slice(Math.max(0, i - 3), i).some((w) => NEGATIONS.has(w)),
  );
}
