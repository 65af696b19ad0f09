import type { GradeStats, StudentAssignment, SubjectStat } from '@evergrade/contracts';
import type { ClassGradedRow } from '@evergrade/projectors/queries';

/** One graded row of the student-assignments read model (any student of the school). */
export type GradedRow = ClassGradedRow;

const percentOf = (d: StudentAssignment): number | null =>
  d.marks_obtained == null || !(d.marks_total > 0) ? null : (d.marks_obtained / d.marks_total) * 100;

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Pure: the charts' data for one student. `mine` are the student's rows; `classRows` every graded row of
 * the courses the student has graded work in (the student's own included), for the class averages.
 * Grades are read from the student-assignments read model's marks_obtained, whichever event sets it.
 */
export function gradeStats(mine: StudentAssignment[], classRows: GradedRow[]): GradeStats {
  const graded = mine
    .map((d) => ({ d, percent: percentOf(d) }))
    .filter((x): x is { d: StudentAssignment; percent: number } => x.percent !== null)
    .sort((a, b) => new Date(a.d.due).getTime() - new Date(b.d.due).getTime() || a.d.assignment_id - b.d.assignment_id);

  const assignments = graded.map(({ d, percent }) => ({
    assignment_id: d.assignment_id,
    title: d.title,
    course: d.course,
    course_code: d.course_code,
    due: d.due,
    marks_obtained: d.marks_obtained ?? 0,
    marks_total: d.marks_total,
    percent,
  }));

  const byCourse = new Map<string, { course: string; course_code: string; percents: number[] }>();
  for (const { d, percent } of graded) {
    const entry = byCourse.get(d.course_code) ?? { course: d.course, course_code: d.course_code, percents: [] };
    entry.percents.push(percent);
    byCourse.set(d.course_code, entry);
  }
  const classByCourse = new Map<string, number[]>();
  for (const r of classRows) {
    const p = percentOf(r.doc);
    if (p === null) continue;
    classByCourse.set(r.doc.course_code, [...(classByCourse.get(r.doc.course_code) ?? []), p]);
  }
  const subjects: SubjectStat[] = [...byCourse.values()]
    .sort((a, b) => a.course.localeCompare(b.course))
    .map((e) => {
      const all = classByCourse.get(e.course_code) ?? [];
      return {
        course: e.course,
        course_code: e.course_code,
        average: mean(e.percents),
        class_average: all.length ? mean(all) : null,
        graded_count: e.percents.length,
      };
    });
  return { assignments, subjects };
}
