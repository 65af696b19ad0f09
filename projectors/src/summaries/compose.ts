import { markText, scoreString } from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import { offlineClassSummary, offlineStudentSummary, type ClassFacts, type StudentFacts } from './offline';

/** A summary as written, and by whom: the model's text, or the offline one (no provider, or its call failed). */
export type Written = { summary: string; generator: 'ai' | 'offline'; provider: string; fallbackReason?: string };

const STUDENT_SYSTEM = [
  "You write a short summary of one student's graded assignment for their teacher.",
  'Use only the marks, feedback and rubric scores given; do not invent marks or facts.',
  'One paragraph of 3 to 5 sentences, about "the student": the overall result, the strongest and weakest rubric',
  'categories, the most common mistake in the feedback, and the trend against the earlier results when there are any.',
  'No headings, no lists, no markdown.',
].join(' ');

const CLASS_SYSTEM = [
  "You write a short summary of a class's results on one graded assignment for their teacher.",
  'Use only the marks, feedback and rubric scores given; do not invent marks or facts.',
  'One paragraph of 3 to 6 sentences: the class average, the strongest and weakest rubric categories, the questions',
  'most students lost marks on, and the common mistakes in the feedback. No headings, no lists, no markdown.',
].join(' ');

const MAX_CHARS = 2000;
const round = (n: number) => Math.round(n * 100) / 100;

/** What the model is given for a student: marks, feedback and rubric scores only (no names, no question text). */
export function studentPrompt(f: StudentFacts): Record<string, unknown> {
  const w = f.work;
  return {
    total: `${markText(w.total)}/${markText(w.possible)}`,
    percent: w.possible > 0 ? round((w.total / w.possible) * 100) : 0,
    rubric_scores: Object.fromEntries(Object.entries(w.rubrics).map(([c, r]) => [c, scoreString(r.score, r.possible)])),
    questions: f.questions.map((q) => ({
      number: q.question_number,
      points: w.points[q.question_id] ?? 0,
      out_of: q.marks_possible,
      feedback: w.feedback[q.question_id] ?? '',
    })),
    earlier_results_percent: f.earlier.map((e) => round(e.percent)),
  };
}

/** What the model is given for the class: averages, per-question figures and the feedback given, no names. */
export function classPrompt(f: ClassFacts): Record<string, unknown> {
  const n = f.students.length;
  const possible = f.students[0]?.possible ?? 0;
  const cats = new Map<string, { score: number; possible: number }>();
  for (const w of f.students)
    for (const [c, r] of Object.entries(w.rubrics)) {
      const s = cats.get(c) ?? { score: 0, possible: 0 };
      s.score += r.score / n;
      s.possible += r.possible / n;
      cats.set(c, s);
    }
  return {
    graded_students: n,
    class_average: `${markText(n ? f.students.reduce((s, w) => s + w.total, 0) / n : 0)}/${markText(possible)}`,
    rubric_averages: Object.fromEntries([...cats].map(([c, r]) => [c, scoreString(r.score, r.possible)])),
    questions: f.questions.map((q) => {
      const pts = f.students.map((w) => w.points[q.question_id] ?? 0);
      const feedback = new Map<string, number>();
      for (const w of f.students) {
        const t = (w.feedback[q.question_id] ?? '').trim();
        if (t && (w.points[q.question_id] ?? 0) < q.marks_possible) feedback.set(t, (feedback.get(t) ?? 0) + 1);
      }
      return {
        number: q.question_number,
        out_of: q.marks_possible,
        average: n ? round(pts.reduce((s, p) => s + p, 0) / n) : 0,
        students_below_full_marks: pts.filter((p) => p < q.marks_possible).length,
        feedback_on_lost_marks: [...feedback]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([text, times]) => ({ text, times })),
      };
    }),
  };
}

async function byModel(
  ai: AiProvider | undefined,
  system: string,
  facts: Record<string, unknown>,
  offline: () => string,
): Promise<Written> {
  if (!ai || ai.offline) return { summary: offline(), generator: 'offline', provider: 'offline' };
  try {
    const text = (await ai.complete({ system, user: JSON.stringify(facts), maxTokens: 500, temperature: 0.3 })).trim();
    if (text.length < 20) throw new Error('The AI reply was empty');
    return { summary: text.slice(0, MAX_CHARS), generator: 'ai', provider: ai.name };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { summary: offline(), generator: 'offline', provider: 'offline', fallbackReason: reason.slice(0, 500) };
  }
}

/** The student's summary: the model's when one is configured and answers, else built from the data. */
export const composeStudentSummary = (ai: AiProvider | undefined, f: StudentFacts): Promise<Written> =>
  byModel(ai, STUDENT_SYSTEM, studentPrompt(f), () => offlineStudentSummary(f));

/** The class summary: the model's when one is configured and answers, else built from the data. */
export const composeClassSummary = (ai: AiProvider | undefined, f: ClassFacts): Promise<Written> =>
  byModel(ai, CLASS_SYSTEM, classPrompt(f), () => offlineClassSummary(f));
