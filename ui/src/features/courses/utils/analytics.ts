import { INSIGHT_CONSTANTS, scoreString, type StudentGradeRecord } from '@evergrade/contracts';
import type { CourseAssignment } from './analytics-filters';

/**
 * The course page's figures (spec document 3, course page). Only graded work counts. A class figure pools the
 * students' marks (sum of scores over sum of possible), so the Class Average row, the stats card and the radar
 * agree; with every student graded on the same work that is the mean of their percentages.
 */

export type Score = { score: number; possible: number };
export type Cell = Score & { percent: number };

type Records = readonly StudentGradeRecord[];
type Ids = readonly number[];

export const percentOf = (s: Score): number | null => (s.possible > 0 ? (s.score / s.possible) * 100 : null);
const cell = (s: Score | null): Cell | null => {
  const percent = s && percentOf(s);
  return s && percent != null ? { ...s, percent } : null;
};

const add = (into: Score | null, s: Score): Score => ({
  score: (into?.score ?? 0) + s.score,
  possible: (into?.possible ?? 0) + s.possible,
});

/** The student's total over the graded ones of these assignments; null with none graded. */
export function studentTotal(r: StudentGradeRecord, ids: Ids): Cell | null {
  let sum: Score | null = null;
  for (const id of ids) {
    const e = r.grades_by_assignment[String(id)];
    if (e?.graded) sum = add(sum, { score: e.total_score, possible: e.total_possible });
  }
  return cell(sum);
}

/** The student's score in one rubric category over the graded ones of these assignments; null without any. */
export function studentRubric(r: StudentGradeRecord, ids: Ids, rubric: string): Cell | null {
  let sum: Score | null = null;
  for (const id of ids) {
    const e = r.grades_by_assignment[String(id)];
    const s = e?.graded ? e.rubrics?.[rubric] : undefined;
    if (s) sum = add(sum, s);
  }
  return cell(sum);
}

/** The rubric categories of the graded work of these assignments, by name (General last). */
export function rubricNames(records: Records, ids: Ids): string[] {
  const names = new Set<string>();
  for (const r of records)
    for (const id of ids) {
      const e = r.grades_by_assignment[String(id)];
      if (e?.graded) for (const k of Object.keys(e.rubrics ?? {})) names.add(k);
    }
  const general = INSIGHT_CONSTANTS.generalRubric;
  return [...names].sort((a, b) => (a === general ? 1 : b === general ? -1 : a.localeCompare(b)));
}

/** True when any student has graded work in any of these assignments. */
export const hasGradedWork = (records: Records, ids: Ids) =>
  records.some((r) => ids.some((id) => r.grades_by_assignment[String(id)]?.graded));

/** Pools each student's figure (those that have one) into the class's. */
function pooled(records: Records, figure: (r: StudentGradeRecord) => Cell | null): Cell | null {
  let sum: Score | null = null;
  let n = 0;
  for (const r of records) {
    const c = figure(r);
    if (c) {
      sum = add(sum, c);
      n += 1;
    }
  }
  return sum && n ? cell({ score: sum.score / n, possible: sum.possible / n }) : null;
}

export type CourseStats = { assignments: number; average: number | null; highest: number | null; lowest: number | null };

/** The stats card: number of assignments, class average %, highest and lowest student %. */
export function courseStats(records: Records, ids: Ids): CourseStats {
  const percents = records.flatMap((r) => studentTotal(r, ids)?.percent ?? []);
  return {
    assignments: ids.length,
    average: pooled(records, (r) => studentTotal(r, ids))?.percent ?? null,
    highest: percents.length ? Math.max(...percents) : null,
    lowest: percents.length ? Math.min(...percents) : null,
  };
}

export type BucketLabel = (typeof INSIGHT_CONSTANTS.gradeBuckets)[number]['label'];

/** Spec section 4: below 30 Novice, below 50 Apprentice, below 80 Competent, otherwise Proficient. */
export function gradeBucket(percent: number): BucketLabel {
  return INSIGHT_CONSTANTS.gradeBuckets.find((b) => percent < b.below)!.label;
}

export type Bucket = { label: BucketLabel; range: string; count: number };

/** How many students fall in each level, by their total or (rubric given) by that rubric category. */
export function gradeDistribution(records: Records, ids: Ids, rubric: string | null): Bucket[] {
  const buckets = INSIGHT_CONSTANTS.gradeBuckets.map((b) => ({ label: b.label, range: b.range, count: 0 }));
  for (const r of records) {
    const c = rubric ? studentRubric(r, ids, rubric) : studentTotal(r, ids);
    if (c) buckets.find((b) => b.label === gradeBucket(c.percent))!.count += 1;
  }
  return buckets;
}

export type TrendPoint = { assignment_id: number; title: string; due_date: string; average: number; graded: number };

/** One point per assignment with graded work, in the order given (by due date): the class average % on it. */
export function performanceTrend(records: Records, assignments: readonly CourseAssignment[]): TrendPoint[] {
  return assignments.flatMap((a) => {
    const ids = [a.assignment_id];
    const graded = records.filter((r) => r.grades_by_assignment[String(a.assignment_id)]?.graded).length;
    const avg = pooled(records, (r) => studentTotal(r, ids));
    return avg ? [{ assignment_id: a.assignment_id, title: a.title, due_date: a.due_date, average: avg.percent, graded }] : [];
  });
}

export type Difficulty = (typeof INSIGHT_CONSTANTS.difficulty)[number]['label'];

/** Spec section 9: 85 or more Easy, 70 or more Medium, otherwise Hard. */
export function difficultyOf(percent: number): Difficulty {
  return INSIGHT_CONSTANTS.difficulty.find((d) => percent >= d.atLeast)!.label;
}

export type DifficultyRow = CourseAssignment & { average: Cell | null; difficulty: Difficulty | null };

/** The Assignment Difficulty table: the first 5 assignments by due date (given in that order), average and difficulty. */
export function difficultyRows(records: Records, assignments: readonly CourseAssignment[]): DifficultyRow[] {
  return assignments.slice(0, INSIGHT_CONSTANTS.difficultyTableSize).map((a) => {
    const average = pooled(records, (r) => studentTotal(r, [a.assignment_id]));
    return { ...a, average, difficulty: average ? difficultyOf(average.percent) : null };
  });
}

/** Spec: the table is shown only when some assignment has an average above 0. */
export const showDifficulty = (rows: readonly DifficultyRow[]) => rows.some((r) => (r.average?.percent ?? 0) > 0);

export type RadarData = {
  rubrics: string[];
  classAverage: number[];
  /** The selected student, else the top student of those shown; null when none has graded work. */
  student: { name: string; values: number[]; selected: boolean } | null;
};

/** The radar: the class average per rubric category against the selected or the top student (0 where they have none). */
export function radarData(classRecords: Records, shown: Records, ids: Ids, selectedId: number | null): RadarData {
  const rubrics = rubricNames(classRecords, ids);
  const classAverage = rubrics.map((k) => pooled(classRecords, (r) => studentRubric(r, ids, k))?.percent ?? 0);
  const selected = selectedId == null ? undefined : shown.find((r) => r.student_id === selectedId);
  let pick = selected;
  if (!pick) {
    let best = -1;
    for (const r of shown) {
      const p = studentTotal(r, ids)?.percent;
      if (p != null && p > best) [best, pick] = [p, r];
    }
  }
  const values = pick && rubrics.map((k) => studentRubric(pick, ids, k)?.percent ?? 0);
  const graded = pick && studentTotal(pick, ids) != null;
  return { rubrics, classAverage, student: pick && values && graded ? { name: pick.name, values, selected: pick === selected } : null };
}

export type BreakdownRow = { student_id: number; name: string; rubrics: (Cell | null)[]; total: Cell | null };

/** The Breakdown table's student rows: one cell per rubric category given, and the total. */
export function breakdownRows(shown: Records, ids: Ids, rubrics: readonly string[]): BreakdownRow[] {
  return shown.map((r) => ({
    student_id: r.student_id,
    name: r.name,
    rubrics: rubrics.map((k) => studentRubric(r, ids, k)),
    total: studentTotal(r, ids),
  }));
}

/** The Class Average row: the whole class's average score per rubric category and in total. */
export function classAverageRow(classRecords: Records, ids: Ids, rubrics: readonly string[]): Omit<BreakdownRow, 'student_id' | 'name'> {
  return {
    rubrics: rubrics.map((k) => pooled(classRecords, (r) => studentRubric(r, ids, k))),
    total: pooled(classRecords, (r) => studentTotal(r, ids)),
  };
}

export type Band = (typeof INSIGHT_CONSTANTS.scoreBands)[number]['colour'];

/** A cell's colour: below 30 red, below 50 orange, below 80 yellow, otherwise green. */
export const scoreBand = (percent: number): Band => INSIGHT_CONSTANTS.scoreBands.find((b) => percent < b.below)!.colour;

/** Spec section 9: the class average to one decimal. */
export const percent1 = (p: number) => `${p.toFixed(1)}%`;

/** A class average's percent to one decimal (spec section 9), a student's to a whole percent. */
export const percentLabel = (p: number, average = false) => (average ? percent1(p) : `${Math.round(p)}%`);

/** Spec section 9: 'score/possible (percent)'. */
export function scoreLabel(c: Cell, average = false): string {
  return `${scoreString(c.score, c.possible)} (${percentLabel(c.percent, average)})`;
}
