import { firstSentence, markText, percentText, questionList, sentence, type RubricScore } from '@evergrade/contracts';

/**
 * The written summaries built from the data alone (no model, or its call failed): deterministic and pure. What the
 * instructor reads in the student summary modal (spec document 2): for a student, the strongest and weakest rubric
 * categories and questions, the most common mistakes in the feedback and the trend against their earlier assignments
 * of the course; for the class, the average, the strongest and weakest categories, the questions most students lost
 * marks on and the common mistakes. Each ends with the label saying it was generated offline.
 */

export const OFFLINE_LABEL = 'Generated offline from the marks and feedback.';

export type FactsQuestion = { question_id: number; question_number: number; marks_possible: number };

/** One graded submission: points and feedback by question id, totals, rubric scores. */
export type GradedWork = {
  total: number;
  possible: number;
  points: Record<number, number | null>;
  feedback: Record<number, string>;
  rubrics: Record<string, RubricScore>;
};

export type EarlierResult = { title: string; due: string; percent: number };

export type StudentFacts = {
  title: string;
  questions: FactsQuestion[];
  work: GradedWork;
  /** The student's graded assignments of the same course due earlier, earliest first. */
  earlier: EarlierResult[];
};

export type ClassFacts = { title: string; questions: FactsQuestion[]; students: GradedWork[] };

/** Below this many points of difference from the earlier results a trend is "steady". */
const TREND_STEP = 5;

const pct = (score: number, possible: number) => (possible > 0 ? (score / possible) * 100 : 0);

/** Rubric categories by share of their marks, best first (ties by name); categories worth nothing are left out. */
function rankCategories(rubrics: Record<string, RubricScore>): { name: string; score: number; possible: number; percent: number }[] {
  return Object.entries(rubrics)
    .filter(([, r]) => r.possible > 0)
    .map(([name, r]) => ({ name, score: r.score, possible: r.possible, percent: pct(r.score, r.possible) }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
}

const category = (c: { name: string; score: number; possible: number; percent: number }) =>
  `${c.name} (${markText(c.score)}/${markText(c.possible)}, ${percentText(c.percent)})`;

/** Sentences of a feedback text, for counting: whitespace collapsed, case and trailing punctuation ignored. */
function feedbackSentences(text: string): { key: string; text: string }[] {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return [];
  const parts = t.match(/[^.!?]+[.!?]*/g) ?? [t];
  return parts
    .map((p) => p.trim())
    .filter((p) => p.replace(/[^\p{L}\p{N}]/gu, '').length >= 3)
    .map((p) => ({ key: p.toLowerCase().replace(/[.!?\s]+$/u, ''), text: p }));
}

export type Mistake = { text: string; count: number; questions: number[] };

/**
 * The most common mistakes in the feedback on answers that lost marks: feedback sentences said of more than one
 * answer, most often first (then by the marks lost with them). None repeated: the feedback on the answer that lost the
 * most marks. `answers` are (question number, marks lost, feedback) of every answer considered.
 */
export function commonMistakes(answers: readonly { question_number: number; lost: number; feedback: string }[], max = 2): Mistake[] {
  const seen = new Map<string, { text: string; count: number; lost: number; questions: Set<number> }>();
  for (const a of answers) {
    if (a.lost <= 0) continue;
    const keys = new Set<string>();
    for (const s of feedbackSentences(a.feedback)) {
      if (keys.has(s.key)) continue;
      keys.add(s.key);
      const m = seen.get(s.key) ?? { text: s.text, count: 0, lost: 0, questions: new Set<number>() };
      m.count++;
      m.lost += a.lost;
      m.questions.add(a.question_number);
      seen.set(s.key, m);
    }
  }
  const repeated = [...seen.values()]
    .filter((m) => m.count > 1)
    .sort((a, b) => b.count - a.count || b.lost - a.lost || a.text.localeCompare(b.text));
  if (repeated.length > 0)
    return repeated.slice(0, max).map((m) => ({ text: m.text, count: m.count, questions: [...m.questions].sort((x, y) => x - y) }));
  const worst = [...answers]
    .filter((a) => a.lost > 0 && firstSentence(a.feedback))
    .sort((a, b) => b.lost - a.lost || a.question_number - b.question_number)[0];
  return worst ? [{ text: firstSentence(worst.feedback)!, count: 1, questions: [worst.question_number] }] : [];
}

const quote = (text: string) => `“${text.replace(/[.!?\s]+$/u, '')}”`;

/** The trend sentence: this result against the latest earlier one and the earlier average. */
export function trendSentence(percent: number, earlier: readonly EarlierResult[]): string {
  if (earlier.length === 0) return 'This is their first graded assignment in the course, so there is no trend yet.';
  const last = earlier[earlier.length - 1]!;
  const mean = earlier.reduce((s, e) => s + e.percent, 0) / earlier.length;
  const diff = percent - mean;
  const direction =
    diff >= TREND_STEP ? `up ${markText(diff)} points on` : diff <= -TREND_STEP ? `down ${markText(-diff)} points from` : 'in line with';
  const over =
    earlier.length === 1
      ? `their earlier result (${percentText(mean)})`
      : `their average of ${percentText(mean)} over ${earlier.length} earlier assignments`;
  const lastText = earlier.length === 1 ? '' : `; the latest, “${last.title}”, was ${percentText(last.percent)}`;
  return `Trend: ${percentText(percent)} is ${direction} ${over}${lastText}.`;
}

/** A student's summary of one graded assignment, from the data alone. */
export function offlineStudentSummary(f: StudentFacts): string {
  const { work } = f;
  const percent = pct(work.total, work.possible);
  const out = [`Scored ${markText(work.total)}/${markText(work.possible)} (${percentText(percent)}) on “${f.title}”.`];

  const cats = rankCategories(work.rubrics);
  if (cats.length === 1) out.push(`Rubric category: ${category(cats[0]!)}.`);
  else if (cats.length > 1) out.push(`Strongest rubric category: ${category(cats[0]!)}; weakest: ${category(cats[cats.length - 1]!)}.`);

  const answered = f.questions
    .filter((q) => q.marks_possible > 0)
    .map((q) => ({ q, p: work.points[q.question_id] ?? 0 }))
    .map(({ q, p }) => ({ q, p, share: p / q.marks_possible, lost: q.marks_possible - p }));
  const full = answered.filter((a) => a.lost <= 0).map((a) => a.q.question_number);
  const lost = answered
    .filter((a) => a.lost > 0)
    .sort((a, b) => a.share - b.share || b.lost - a.lost || a.q.question_number - b.q.question_number);
  if (answered.length > 0 && lost.length === 0) out.push('Every question earned full marks.');
  else if (lost.length > 0) {
    if (full.length > 0) out.push(`Full marks on ${questionList(full)}.`);
    const weakest = lost[0]!;
    out.push(`Weakest question: Question ${weakest.q.question_number} (${markText(weakest.p)}/${markText(weakest.q.marks_possible)}).`);
  }

  const mistakes = commonMistakes(
    answered.map((a) => ({ question_number: a.q.question_number, lost: a.lost, feedback: work.feedback[a.q.question_id] ?? '' })),
  );
  if (mistakes.length > 0) {
    const m = mistakes[0]!;
    out.push(
      m.count > 1
        ? `Most common mistake in the feedback: ${quote(m.text)} (${questionList(m.questions)}).`
        : `Main point in the feedback: ${quote(m.text)} (${questionList(m.questions)}).`,
    );
  }
  out.push(trendSentence(percent, f.earlier));
  out.push(OFFLINE_LABEL);
  return out.map(sentence).join(' ');
}

/** The class summary of an assignment over its graded submissions, from the data alone. */
export function offlineClassSummary(f: ClassFacts): string {
  const n = f.students.length;
  if (n === 0) return `No submission of “${f.title}” is fully graded yet. ${OFFLINE_LABEL}`;
  const possible = f.students[0]!.possible;
  const mean = f.students.reduce((s, w) => s + w.total, 0) / n;
  const out = [
    `${n} graded submission${n === 1 ? '' : 's'} of “${f.title}”: class average ${markText(mean)}/${markText(possible)} (${percentText(pct(mean, possible))}).`,
  ];

  const sums: Record<string, RubricScore> = {};
  for (const w of f.students)
    for (const [name, r] of Object.entries(w.rubrics)) {
      const s = (sums[name] ??= { score: 0, possible: 0 });
      s.score += r.score / n;
      s.possible += r.possible / n;
    }
  const cats = rankCategories(sums);
  if (cats.length === 1) out.push(`Rubric category: ${category(cats[0]!)} on average.`);
  else if (cats.length > 1)
    out.push(`Strongest rubric category on average: ${category(cats[0]!)}; weakest: ${category(cats[cats.length - 1]!)}.`);

  const hardest = f.questions
    .filter((q) => q.marks_possible > 0)
    .map((q) => {
      const pts = f.students.map((w) => w.points[q.question_id] ?? 0);
      return { q, lostBy: pts.filter((p) => p < q.marks_possible).length, mean: pts.reduce((s, p) => s + p, 0) / n };
    })
    .filter((x) => x.lostBy > 0)
    .sort(
      (a, b) =>
        b.lostBy - a.lostBy || a.mean / a.q.marks_possible - b.mean / b.q.marks_possible || a.q.question_number - b.q.question_number,
    )
    .slice(0, 2);
  if (hardest.length === 0) out.push('Every student earned full marks on every question.');
  else
    out.push(
      `Most students lost marks on ${hardest
        .map((h) => `Question ${h.q.question_number} (${h.lostBy} of ${n}, average ${markText(h.mean)}/${markText(h.q.marks_possible)})`)
        .join(' and ')}.`,
    );

  const mistakes = commonMistakes(
    f.students.flatMap((w) =>
      f.questions.map((q) => ({
        question_number: q.question_number,
        lost: q.marks_possible - (w.points[q.question_id] ?? 0),
        feedback: w.feedback[q.question_id] ?? '',
      })),
    ),
  );
  if (mistakes.length > 0)
    out.push(
      `Common mistakes in the feedback: ${mistakes
        .map((m) => `${quote(m.text)} (${m.count === 1 ? 'once' : `${m.count} times`}, ${questionList(m.questions)})`)
        .join('; ')}.`,
    );
  out.push(OFFLINE_LABEL);
  return out.map(sentence).join(' ');
}
