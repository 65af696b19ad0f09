import { INSIGHT_CONSTANTS, type AssignmentStats, type ItemAnalysis, type StudentGradeRecord } from '@evergrade/contracts';
import type { AssignmentScores, CourseGradeEntry, ScoreQuestion, StudentScores } from '@evergrade/projectors/queries';

/**
 * Pure computations of the insights routes (issue 12): an assignment's overview stats (spec document 2, "Overview
 * stats"), item analysis (Moodle's facility and discrimination indices) and the course's student grade records
 * (document 3). Only fully graded submissions count in the statistics.
 */

const SCALE = 1e9;
/** Sums of marks as decimals add (0.1 + 0.2 = 0.3), not as binary floats do. */
const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + Math.round(x * SCALE), 0) / SCALE;

export const mean = (xs: readonly number[]): number | null => (xs.length === 0 ? null : sum(xs) / xs.length);

/** The middle value; with an even count the mean of the two middle ones. null for none. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : sum([s[mid - 1]!, s[mid]!]) / 2;
}

/** Pearson's correlation; null with fewer than 2 pairs or when either side has no spread. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // Spread below float noise is no spread.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

export function discriminationFlag(discrimination: number | null): ItemAnalysis['flag'] {
  if (discrimination === null) return null;
  if (discrimination < 0) return 'negative';
  if (discrimination < INSIGHT_CONSTANTS.discriminationFlagBelow) return 'near-zero';
  return null;
}

/** Item analysis of each question (in question-number order) over the graded submissions. */
export function itemAnalysis(
  questions: readonly ScoreQuestion[],
  graded: readonly Pick<StudentScores, 'total_score' | 'points'>[],
): ItemAnalysis[] {
  const totals = graded.map((s) => s.total_score);
  return questions.map((q) => {
    const xs = graded.map((s) => s.points[q.question_id] ?? 0);
    const rest = xs.map((x, i) => totals[i]! - x);
    const meanScore = mean(xs);
    const discrimination = pearson(xs, rest);
    return {
      question_id: q.question_id,
      question_number: q.question_number,
      marks_possible: q.marks_possible,
      attempts: xs.length,
      mean_score: meanScore,
      facility: meanScore === null || !(q.marks_possible > 0) ? null : meanScore / q.marks_possible,
      discrimination,
      full_marks: xs.filter((x) => x >= q.marks_possible).length,
      flag: discriminationFlag(discrimination),
    };
  });
}

/** The names of the students with this score, by name. */
const namesWith = (graded: readonly StudentScores[], score: number | null, names: ReadonlyMap<number, string>): string[] =>
  score === null
    ? []
    : graded
        .filter((s) => s.total_score === score)
        .map((s) => names.get(s.student_id) ?? `Student ${s.student_id}`)
        .sort((a, b) => a.localeCompare(b));

/**
 * The overview stats of an assignment. `names` maps student id to the name shown in maxScoreStudents and
 * minScoreStudents (every student with the highest or lowest total, ties included).
 */
export function assignmentStats(scores: AssignmentScores, names: ReadonlyMap<number, string>): AssignmentStats {
  const { questions } = scores;
  const graded = scores.students.filter((s) => s.graded);
  const totals = graded.map((s) => s.total_score);
  const maxScore = totals.length ? Math.max(...totals) : null;
  const minScore = totals.length ? Math.min(...totals) : null;
  const items = itemAnalysis(questions, graded);
  const questionCorrectFrequency: Record<string, number> = {};
  for (const item of items) {
    const key = String(item.question_number);
    questionCorrectFrequency[key] = (questionCorrectFrequency[key] ?? 0) + item.full_marks;
  }
  return {
    assignment_id: scores.assignment_id,
    submissions: scores.students.filter((s) => s.submitted).length,
    graded: graded.length,
    total_possible: sum(questions.map((q) => q.marks_possible)),
    mean: mean(totals),
    median: median(totals),
    max: { maxScore, maxScoreStudents: namesWith(graded, maxScore, names) },
    min: { minScore, minScoreStudents: namesWith(graded, minScore, names) },
    scores: [...totals].sort((a, b) => a - b),
    questionCorrectFrequency,
    item_analysis: items,
    item_analysis_unreliable: graded.length < INSIGHT_CONSTANTS.itemAnalysisMinStudents,
  };
}

type GradeEntry = StudentGradeRecord['grades_by_assignment'][string];

/**
 * The course's student grade records (document 3): every student given, every assignment given an entry. A graded
 * submission has its total and rubric scores; any other entry counts 0 with empty rubrics ({}).
 */
export function courseGradeRecords(
  students: readonly { student_id: number; name: string }[],
  assignments: readonly { assignment_id: number; total_possible: number; students: readonly CourseGradeEntry[] }[],
): StudentGradeRecord[] {
  const byAssignment = assignments.map((a) => ({
    key: String(a.assignment_id),
    total_possible: a.total_possible,
    students: new Map(a.students.map((s) => [s.student_id, s])),
  }));
  return students.map(({ student_id, name }) => {
    const grades_by_assignment: Record<string, GradeEntry> = {};
    for (const { key, total_possible, students: rows } of byAssignment) {
      const s = rows.get(student_id);
      grades_by_assignment[key] =
        s && s.graded
          ? { submitted: s.submitted, graded: true, total_score: s.total_score, total_possible, rubrics: s.rubrics }
          : { submitted: s?.submitted ?? false, graded: false, total_score: 0, total_possible, rubrics: {} };
    }
    return { student_id, name, grades_by_assignment };
  });
}
