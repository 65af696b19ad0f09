/** What a prompt such as "5 numerical questions on forces for grade 9, 20 marks" asks for, when it says. */
export type PromptHints = {
  count?: number;
  totalMarks?: number;
  marksEach?: number;
  grade?: number;
  questionTypes: string[];
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  'a couple of': 2,
  'a few': 3,
};
const NUMBER = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const toNumber = (s: string) => NUMBER_WORDS[s.toLowerCase()] ?? Number(s);

const TYPE_WORDS: [RegExp, string][] = [
  [/\b(multiple[- ]choice|mcqs?)\b/i, 'multiple choice'],
  [/\b(numerical|calculations?|computational)\b/i, 'numerical'],
  [/\bshort[- ]answers?\b/i, 'short answer'],
  [/\b(long[- ]answers?|essays?|extended[- ](response|answer)s?)\b/i, 'long answer'],
];

/** The largest number of questions a prompt may ask for. */
export const MAX_GENERATED_QUESTIONS = 30;

export function readPromptHints(prompt: string): PromptHints {
  const hints: PromptHints = { questionTypes: [] };
  const count = new RegExp(`\\b${NUMBER}\\s+(?:[a-z-]+\\s+){0,3}?(?:questions?|problems?|items?|exercises?|qs)\\b`, 'i').exec(prompt);
  if (count) hints.count = Math.min(MAX_GENERATED_QUESTIONS, Math.max(1, toNumber(count[1]!)));
  const each = /\b(\d{1,3}(?:\.\d+)?)\s*(?:marks?|points?|pts)\s+(?:each|per question|apiece)\b/i.exec(prompt);
  if (each) hints.marksEach = Number(each[1]);
  const total =
    /\b(?:out of|total(?: of)?|worth|totalling|totaling)\s+(\d{1,4}(?:\.\d+)?)\s*(?:marks?|points?|pts)?\b/i.exec(prompt) ??
    /\b(\d{1,4}(?:\.\d+)?)\s*(?:marks?|points?|pts)\b(?!\s+(?:each|per question|apiece))/i.exec(prompt);
  if (total && !(each && total[1] === each[1])) hints.totalMarks = Number(total[1]);
  const grade = /\b(?:grade|year|class)\s*(\d{1,2})\b/i.exec(prompt) ?? /\b(\d{1,2})(?:st|nd|rd|th)\s+grade\b/i.exec(prompt);
  if (grade && Number(grade[1]) >= 6 && Number(grade[1]) <= 12) hints.grade = Number(grade[1]);
  for (const [pattern, type] of TYPE_WORDS) if (pattern.test(prompt)) hints.questionTypes.push(type);
  return hints;
}
