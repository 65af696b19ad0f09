import type { CheckAnswerInput, CheckAnswerResult } from './check';
import { words } from './text';

// ---- multiple choice ----------------------------------------------------------------------------

export type Choice = { options: string[]; correct: number };
const LETTERS = 'ABCDEFGHIJ';

export function choiceQuestion(input: CheckAnswerInput, question: string, key: string, type: string): Choice | null {
  const options = input.options?.length ? [...input.options] : optionsIn(question);
  if (options.length < 2) return null;
  // Options in the question and a key that is one of their letters ("B", "B) Dolphin") make it a choice too.
  const keyIsLetter = new RegExp(`^\\(?[${LETTERS.slice(0, options.length)}]\\)?(?:[).:]|\\s|$)`, 'i').test(key.trim());
  const isChoice =
    type.includes('choice') || type === 'mcq' || input.correctOption !== undefined || (input.options?.length ?? 0) > 0 || keyIsLetter;
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
  const letter =
    /^(?:(?:the\s+)?(?:correct\s+)?(?:answer|option)\s*(?:is\s*)?:?\s*|i\s+think\s+(?:it\s+is\s+)?|it\s+is\s+)?\(?([A-Ja-j])(?:\)|[.:](?:\s|$)|\s*$)/i.exec(
      text,
    );
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

export function checkChoice(choice: Choice, response: string, possible: number): CheckAnswerResult {
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
      feedback: `The answer does not name one of the options clearly: give the letter of one option. The correct option is ${right}.`,
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
