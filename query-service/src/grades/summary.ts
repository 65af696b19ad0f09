import {
  excerptOf as excerpt,
  firstSentence,
  markText as mark,
  questionList as list,
  type StudentAssignment,
  type StudentSummary,
} from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';

export type SummaryQuestion = {
  question_id: number;
  question_number: number;
  question_content: string;
  marks_possible: number;
  grade: number | null;
  feedback: string | null;
};

/** At or above this share of a question's marks it counts as a strength; below WEAK it is to work on. */
const STRONG = 0.8;
const WEAK = 0.6;

export const SUMMARY_NOTICE = 'The AI summary was not available, so this summary was put together from your grades and feedback.';

const fmt = (n: number) => n.toFixed(2);

function line(q: SummaryQuestion, fallback: string): string {
  const about = excerpt(q.question_content);
  const head = `Question ${q.question_number}${about ? ` (“${about}”)` : ''}: ${mark(q.grade ?? 0)}/${mark(q.marks_possible)}`;
  return `${head} - ${firstSentence(q.feedback) ?? fallback}`;
}

/** Pure and deterministic: the summary built from the grades and feedback alone. */
export function offlineSummary(a: StudentAssignment, questions: SummaryQuestion[]): StudentSummary {
  const sorted = [...questions].sort((x, y) => x.question_number - y.question_number);
  const graded = sorted.filter((q) => q.grade !== null && q.marks_possible > 0);
  const ratio = (q: SummaryQuestion) => (q.grade ?? 0) / q.marks_possible;
  const strong = graded.filter((q) => ratio(q) >= STRONG);
  const weak = graded.filter((q) => ratio(q) < WEAK).sort((x, y) => ratio(x) - ratio(y) || x.question_number - y.question_number);
  const obtained = a.marks_obtained ?? graded.reduce((s, q) => s + (q.grade ?? 0), 0);
  const percent = a.marks_total > 0 ? (obtained / a.marks_total) * 100 : null;

  const sentences = [
    `You scored ${fmt(obtained)} out of ${fmt(a.marks_total)}${percent === null ? '' : ` (${fmt(percent)}%)`} on ${a.title}.`,
  ];
  if (strong.length === graded.length && graded.length > 0) sentences.push('Every question earned most or all of its marks: well done.');
  else if (strong.length > 0) sentences.push(`Your strongest answers were ${list(strong.map((q) => q.question_number))}.`);
  if (weak.length > 0) {
    const worst = weak[0]!;
    const advice = firstSentence(worst.feedback);
    const quote = advice ? `; on Question ${worst.question_number} your instructor wrote: “${advice}”` : '';
    sentences.push(`Go back over ${list(weak.map((q) => q.question_number))}${quote}${/[.!?]$/.test(advice ?? '') ? '' : '.'}`);
  } else if (strong.length < graded.length) {
    sentences.push('The rest earned partial credit: read the feedback on each question to pick up the missing marks.');
  }

  return {
    assignment_id: a.assignment_id,
    title: a.title,
    course: a.course,
    marks_obtained: obtained,
    marks_total: a.marks_total,
    percent,
    questions: sorted.map((q) => ({
      question_id: q.question_id,
      question_number: q.question_number,
      marks_possible: q.marks_possible,
      grade: q.grade,
      feedback: q.feedback,
    })),
    strengths: strong.map((q) => line(q, 'full marks or close to them.')),
    to_work_on: weak.map((q) => line(q, 'review this topic and try it again.')),
    summary: sentences.join(' '),
    generator: 'offline',
  };
}

const SYSTEM = [
  "You are a supportive teacher writing a short summary of a student's graded assignment, addressed to the student as 'you'.",
  'Use only the grades and feedback given. One paragraph of 3 to 5 sentences: the overall result, what went well, and',
  'what to work on next with one concrete suggestion. No headings, no lists, no markdown. Do not invent marks.',
].join(' ');

/** The summary paragraph written by the AI when one is configured; the offline one when not, or when it fails. */
export async function buildSummary(
  ai: AiProvider | undefined,
  a: StudentAssignment,
  questions: SummaryQuestion[],
): Promise<StudentSummary> {
  const base = offlineSummary(a, questions);
  if (!ai || ai.offline) return base;
  const facts = {
    title: a.title,
    course: a.course,
    marks_obtained: base.marks_obtained,
    marks_total: base.marks_total,
    questions: base.questions.map((q, i) => ({
      number: q.question_number,
      question: excerpt(questions.find((x) => x.question_id === q.question_id)?.question_content ?? '', 40),
      points: q.grade,
      out_of: q.marks_possible,
      feedback: q.feedback ?? '',
      index: i,
    })),
  };
  try {
    const text = (await ai.complete({ system: SYSTEM, user: JSON.stringify(facts), maxTokens: 400, temperature: 0.3 })).trim();
    if (text.length < 20) throw new Error('The AI reply was empty');
    return { ...base, summary: text.slice(0, 2000), generator: 'ai' };
  } catch {
    return { ...base, notice: SUMMARY_NOTICE };
  }
}
