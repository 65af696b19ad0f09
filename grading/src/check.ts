import { richTextToPlainText } from '@evergrade/contracts';
import { checkAlgebra } from './algebra';
import { noteNames, takeNoteSentences } from './note-sentences';
import { substitutionSlip } from './algebra-method';
import { checkChemistry, keyCompound } from './chemistry';
import { checkChoice, choiceQuestion } from './choice';
import { askedCount, parseKey } from './key';
import { droppedMarks, withoutMarks } from './key-notes';
import { greekNamesAsKey } from './greek';
import { checkNumeric, keyValues } from './numeric';
import { checkPointMarks } from './point-marks';
import { checkRatio } from './ratio';
import { checkTerms } from './terms';
import {
  algebraClausesAsNotes,
  partMarksAsLines,
  rejectedAnswer,
  unitInBrackets,
  valueWithClauses,
  withoutMarkingAsides,
} from './value-keys';
import { checkTransformation } from './transform';
import type { MarkingPolicy } from './policy';
import { NEGATIONS, isContentWord, marksAfterPoints, words } from './text';
import { checkAccepted, checkList, checkMarkedWords, checkOpenKey, checkSingle, checkYesNo } from './words';

export { toQuarter } from './points';

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
  /** The assignment's marking policy (see policy.ts): conventions teachers differ on, decided their way. Unset: the usual. */
  policy?: MarkingPolicy | undefined;
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

/**
 * The longest answer (plain text) the offline checker reads; a longer one is flagged for a teacher, unmarked. Its scans
 * are linear: a 20,000-character essay takes about 0.1 s, and the slowest deliberately odd text found (number words
 * against a value key, "one half of one half of …") about 1.3 s, on a shared 2-core machine; at the app's longest
 * response (MAX_RESPONSE_LENGTH, 200,000) that text took 10 s, which would hold a grading job's loop
 * (bench/src/grading-long.ts, bench/README.md). 20,000 characters is about 3,000 words.
 */
export const OFFLINE_MAX_RESPONSE_CHARS = 20_000;

/** Placeholders the libraries put where no answer key exists. */
const NO_KEY = [/^answer will be provided by instructor$/i, /^no answer( provided)?$/i, /^n\/?a$/i];

/**
 * Checks one response against its answer key, offline and deterministically: multiple choice by option,
 * numeric answers by value (tolerance, units, fractions, expressions), the rest by the key's terms. Partial
 * credit comes in steps of 0.25; `confident` is false whenever the result should be looked at by a person.
 */
export function checkAnswer(input: CheckAnswerInput): CheckAnswerResult {
  const taken = takeNoteSentences(richTextToPlainText(input.answer ?? '').trim());
  const result = checkAnswerOnce(taken.notes.length ? { ...input, answer: taken.key } : input);
  if (taken.notes.length === 0 || !result.confident) return result;
  if (result.pointsObtained >= result.pointsPossible && !noteNames(taken.notes, richTextToPlainText(input.response ?? ''))) return result;
  return {
    ...result,
    confident: false,
    reason: `The key's notes to the marker may give this answer part marks ("${taken.notes.join(' ')}")`,
  };
}

function checkAnswerOnce(input: CheckAnswerInput): CheckAnswerResult {
  const possible = Math.max(0, input.marksPossible);
  // "1: point; 1: point": the marks before each point read as the usual notes after it.
  // "40 (1) cm² (1)", "300 [1]; Pa [1]": a mark per part in brackets, as the scheme's lines ("B1 40 ⏎ B1 cm²").
  // "500 (mm²)": a number with its unit in brackets, the unit not needed ("500 mm² (units not required)").
  const rawKey = richTextToPlainText(input.answer ?? '').trim();
  const key = unitInBrackets(partMarksAsLines(marksAfterPoints(rawKey), possible), false);
  // "2 pts: …", "… Decimal only = half.": the item's total before the key and its rulings on lesser answers after it are
  // no value of it (the readers of values, formulas and expressions get the key without them; the words, as written).
  const asides = withoutMarkingAsides(rawKey, possible);
  const valueKey = asides === rawKey ? key : unitInBrackets(partMarksAsLines(marksAfterPoints(asides), possible), false);
  const written = richTextToPlainText(input.response ?? '').trim();
  const base = { pointsPossible: possible, matched: [] as string[], missing: [] as string[] };
  // Past this the checker does not promise its time (a grading job would hold the server's loop with it). Flagged with
  // its reason, never a silent 0.
  if (written.length > OFFLINE_MAX_RESPONSE_CHARS) {
    return {
      ...base,
      pointsObtained: 0,
      feedback: 'This answer is too long for the offline checker: a teacher will mark it.',
      confident: false,
      reason: `The answer is longer than the offline checker reads (${OFFLINE_MAX_RESPONSE_CHARS.toLocaleString('en')} characters): it needs a teacher's judgement`,
      method: 'none',
    };
  }
  // "omega" for "ohm (Ω)": a Greek letter by name is the letter the key writes.
  const response = greekNamesAsKey(key, written);
  const question = richTextToPlainText(input.question ?? '').trim();
  const type = (input.questionType ?? '').toLowerCase().replace(/[_-]/g, ' ');
  const policy = input.policy ?? {};

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

  // A yes / no key ("No", "True") is words, whatever a formula or expression reader would make of it.
  const spec = parseKey(key, question);
  if (spec.kind === 'yes-no' && !type.includes('long')) return checkYesNo(spec, wordsContext(question, response, possible, policy));

  // "1 : 8": a key that is a ratio of numbers is marked as a ratio.
  const ratio = type.includes('long') ? null : checkRatio(question, valueKey, response, possible);
  if (ratio) return ratio;

  const special = type.includes('long')
    ? null
    : (checkChemistry(valueKey, response, possible, question, policy) ??
      // "t = (v − u)/a; accept equivalents; reject …": the marker's clauses after ";" as the notes in brackets it reads.
      checkAlgebra(question, algebraClausesAsNotes(valueKey, possible), response, possible, policy));
  if (special) return negationGuard(special, response);
  // "48 000 [1]; accept 48 thousand; reject 48": a value, then the marker's clauses, read as the value with its notes.
  const clauses = valueWithClauses(valueKey, possible, (k) => keyValues(k) !== null);
  const plainValues = keyValues(numberAlternatives(valueKey, question));
  // "500 (mm²)": the unit in brackets, not needed.
  const numericKey = unitInBrackets(clauses && (!plainValues || clauses.reject.length) ? clauses.key : valueKey);
  const expected = numericKey === valueKey ? plainValues : keyValues(numberAlternatives(numericKey, question));
  // "… when a = −2": the negative number put in without brackets, a slip of a right substitution.
  const slip = expected && !type.includes('long') ? substitutionSlip(question, valueKey, response, possible) : null;
  if (slip)
    return {
      ...base,
      pointsObtained: slip.points,
      confident: slip.confident,
      reason: slip.reason!,
      feedback: slip.feedback,
      method: 'numeric',
    };
  if (expected && !type.includes('long')) {
    const result = checkNumeric(expected, response, possible, type, question, numericKey, policy);
    const rejected = result && result.pointsObtained > 0 && clauses ? rejectedAnswer(response, clauses.reject, expected) : null;
    if (result && rejected)
      return {
        ...result,
        pointsObtained: 0,
        confident: true,
        feedback: `The key does not accept "${rejected}".`,
        matched: [],
      };
    if (result) return result;
  }
  // "They are equal (both 27) - B1 for equal, B1 for showing 27": each point the key's marks name, on its own.
  return (
    (type.includes('long') ? null : checkPointMarks(key, response, possible)) ?? checkWords(question, key, response, possible, type, policy)
  );
}

/**
 * "6 / 9" where the question asks for one ("Give one factor of 36 …"): whole numbers set apart by a spaced "/" are
 * the answers the key takes, not a fraction, so read as "6 (accept 9)". A question about fractions or ratios keeps it.
 */
function numberAlternatives(key: string, question: string): string {
  const numbers = /^\s*\d+(?:\s+\/\s+\d+)+\s*$/.test(key) ? key.split('/').map((n) => n.trim()) : [];
  if (numbers.length < 2 || askedCount(question) !== 1 || /fraction|ratio|divid|÷|\//i.test(question)) return key;
  return `${numbers[0]!} (accept ${numbers.slice(1).join(', ')})`;
}

const wordsContext = (question: string, response: string, possible: number, policy: MarkingPolicy) => ({
  question,
  policy,
  response,
  possible,
  // A question about the word itself (its spelling, plural, tense), a dictation, or a word of another language (its
  // spelling is what is tested: "the French word for …", "Translate into Spanish: …") takes only the exact word.
  allowSlips:
    !/\b(?:mis)?spel|\bplural\b|\bsingular\b|\b(?:past|present|future)\s+(?:tense|participle)\b|\bcomparative\b|\bsuperlative\b|\bdictation\b/i.test(
      question,
    ) && !FOREIGN_WORD.test(question),
});

const LANGUAGES =
  'French|Spanish|German|Italian|Latin|Welsh|Portuguese|Dutch|Mandarin|Chinese|Japanese|Russian|Arabic|Urdu|Polish|Irish|Gaelic';
/**
 * "What is the French word for …?", "Translate into Spanish: …", "German: translate …", "Italian: write the number 17 in
 * words": the answer is a word of that language.
 */
const FOREIGN_WORD = new RegExp(
  `\\b(?:${LANGUAGES})\\s+(?:(?:word|phrase|noun|verb|adjective)\\s+)?for\\b|\\btranslate\\b[^.?!]*\\b(?:into|in)\\s+(?:${LANGUAGES})\\b|\\b(?:${LANGUAGES})\\s*:\\s*translate\\b|^\\s*(?:${LANGUAGES})\\s*:\\s*write\\b[^.?!]*\\bin words\\b`,
  'i',
);

/** Full marks from a reader of names, formulas or expressions, but a "not" in the answer: a teacher should look ("not CO2"). */
function negationGuard(result: CheckAnswerResult, response: string): CheckAnswerResult {
  if (result.pointsObtained === 0 || !result.confident || !words(response).some((w) => NEGATIONS.has(w))) return result;
  return { ...result, confident: false, reason: 'The response contains a negation ("not", "no"…) near the answer' };
}

/**
 * Answers in words, by what the key is: one answer with its alternatives, a list (all of it or "any two of"),
 * yes / no, or an explanation judged by its ideas. Spelling slips count unless the question is about spelling.
 */
function checkWords(
  question: string,
  key: string,
  response: string,
  possible: number,
  type: string,
  policy: MarkingPolicy,
): CheckAnswerResult {
  const spec = parseKey(key, question);
  const ctx = wordsContext(question, response, possible, policy);
  // "any of the 13": a key that does not list the answers it takes is the teacher's to mark.
  const openKey = checkOpenKey(key, ctx);
  if (openKey) return openKey;
  // "government (1), argument (1)" for a spelling question: each word its mark, spelt exactly.
  const markedWords = ctx.allowSlips ? null : checkMarkedWords(key, response, possible);
  if (markedWords) return markedWords;
  // "Change to the past tense: '…'": the words the key changes in the quoted sentence are the answer.
  const changedWords = ctx.allowSlips ? null : checkTransformation(question, key, response, possible);
  if (changedWords) return changedWords;
  // "their" for "Choose the correct word: … (their / there / they're)": a key of small words only is that exact wording.
  if (spec.kind === 'single' && !type.includes('long') && !words(key).some(isContentWord) && words(spec.item.text).length > 0) {
    // Apostrophes kept: "it's" is not "its".
    const exact = (s: string) =>
      s
        .toLowerCase()
        .replace(/[’‘]/g, "'")
        .replace(/[^\p{L}\p{M}0-9' ]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const said = exact(response);
    // "perchè" for "perché", "citta'" for "città": the accent the other way, or an apostrophe for it, is the word; a
    // dropped one is not where the key rejects the bare form, and is flagged where it does not say (teachers differ).
    const bare = (s: string) => withoutMarks(s.replace(/'(?=\s|$)/g, ''));
    const marked = [spec.item.text, ...spec.item.accept].find((w) => exact(w) !== said && bare(exact(w)) === bare(said));
    const dropped = marked ? droppedMarks(marked, response) : [];
    const refused = dropped.length > 0 && spec.reject.some((r) => dropped.some((d) => d.got === r.trim().toLowerCase()));
    const right = [spec.item.text, ...spec.item.accept].some((w) => exact(w) === said) || (marked !== undefined && !refused);
    const base = { pointsPossible: possible, method: 'terms' as const, confident: true };
    if (right && dropped.length > 0)
      return {
        ...base,
        confident: false,
        reason: `"${dropped[0]!.got}" drops the accent of "${dropped[0]!.key}": teachers differ on whether that is a spelling error`,
        pointsObtained: possible,
        feedback: `Correct: "${spec.item.text}" (mind the accent).`,
        matched: [spec.item.text],
        missing: [],
      };
    if (right)
      return { ...base, pointsObtained: possible, feedback: `Correct: "${spec.item.text}".`, matched: [spec.item.text], missing: [] };
    if (words(response).length <= words(spec.item.text).length)
      return {
        ...base,
        pointsObtained: 0,
        feedback: `Not correct: the answer is "${spec.item.text}".`,
        matched: [],
        missing: [spec.item.text],
      };
  }
  // "He, Ne, Ar, Kr": symbols of elements or formulas are key terms, though too short to be words.
  const symbols = key
    .split(/\s*(?:[,;/]|\bor\b)\s*/)
    .filter(Boolean)
    .every((p) => keyCompound(p, question) !== null);
  if (type.includes('long') || (spec.kind !== 'yes-no' && !words(key).some(isContentWord) && !symbols))
    return checkTerms(question, key, response, possible, type);
  switch (spec.kind) {
    case 'single':
      return checkSingle(spec, ctx);
    case 'list':
      return checkList(spec, ctx);
    case 'yes-no':
      return checkYesNo(spec, ctx);
    case 'explanation':
      return checkAccepted(spec, ctx) ?? checkTerms(question, spec.text, response, possible, type);
  }
}
