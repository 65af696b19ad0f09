import { z } from 'zod';
import { route } from './route';

/**
 * Insights (issue 12): assignment statistics and item analysis (spec document 2, "Overview stats"), the
 * student and class summaries (document 2, student summary modal), course analytics (document 3, course page).
 */

const assignmentId = z.number({ error: 'assignment_id is required' }).int().positive();
const courseCodeParams = z.object({
  courseCode: z.string({ error: 'courseCode is required' }).trim().min(1, 'courseCode is required').max(20),
});

/** Spec document 2, section 9 and document 3, sections 4 and 9. */
export const INSIGHT_CONSTANTS = {
  /** Class summary: status 'generating' is polled every 3 s. */
  classSummaryPollMs: 3000,
  /** Insight score colour bands by percentage: below 30 red, below 50 orange, below 80 yellow, otherwise green. */
  scoreBands: [
    { below: 30, colour: 'red' },
    { below: 50, colour: 'orange' },
    { below: 80, colour: 'yellow' },
    { below: Infinity, colour: 'green' },
  ],
  /** Performance bar colours: 80 or more green, 60 or more orange, 40 or more dark orange, otherwise red. */
  performanceBands: [
    { atLeast: 80, colour: 'green' },
    { atLeast: 60, colour: 'orange' },
    { atLeast: 40, colour: 'darkorange' },
    { atLeast: -Infinity, colour: 'red' },
  ],
  /** Grade distribution buckets (document 3). */
  gradeBuckets: [
    { below: 30, label: 'Novice', range: '0-30%' },
    { below: 50, label: 'Apprentice', range: '30-50%' },
    { below: 80, label: 'Competent', range: '50-80%' },
    { below: Infinity, label: 'Proficient', range: '80-100%' },
  ],
  /** Difficulty by average percentage: 85 or more Easy, 70 or more Medium, otherwise Hard. */
  difficulty: [
    { atLeast: 85, label: 'Easy' },
    { atLeast: 70, label: 'Medium' },
    { atLeast: -Infinity, label: 'Hard' },
  ],
  difficultyTableSize: 5,
  radarMax: 100,
  radarStep: 20,
  /** A question without tags counts toward this pseudo-rubric. */
  generalRubric: 'General',
  /** Item analysis: a discrimination index below this is flagged (negative or near zero). */
  discriminationFlagBelow: 0.1,
  /** Item analysis: with fewer graded submissions than this the indices are shown but said to be unreliable. */
  itemAnalysisMinStudents: 5,
  /** CSV file names are sanitised and cut to 50 characters. */
  csvFileNameMax: 50,
} as const;

/** Exact messages of the spec (document 2 section 8, document 3 course page). */
export const INSIGHT_MESSAGES = {
  summaryLoadFailed: 'Failed to load student data. Please try again.',
  noStudentInsights: 'No insights available for this student.',
  classLoadFailed: 'Failed to load class insights. Please try again.',
  classGenerateFailed: 'Failed to generate class summary.',
  noClassInsights: 'No class insights available.',
  classProcessFailed: 'Failed to process class summary data.',
  noStudentsMatch: 'No students match the current filters or search.',
  noCourseGrades: 'No grade data available for this course.',
  flaggedItem: 'check the answer key or the wording',
} as const;

/** The rubric category of a tag "rubric name - criterion" (the part before the first " - "; the whole tag without one). */
export function rubricCategoryOf(tag: string): string {
  const at = tag.indexOf(' - ');
  return (at >= 0 ? tag.slice(0, at) : tag).trim() || INSIGHT_CONSTANTS.generalRubric;
}

/** A question's rubric categories: its tags' categories, each once; with no tags the General pseudo-rubric. */
export function rubricCategoriesOf(tags: readonly string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const t of tags ?? []) {
    const c = rubricCategoryOf(t);
    if (!out.includes(c)) out.push(c);
  }
  return out.length ? out : [INSIGHT_CONSTANTS.generalRubric];
}

/** "3/5" as the spec writes rubric scores; numbers to at most 2 decimals, no trailing zeros. */
export function scoreString(score: number, possible: number): string {
  const f = (n: number) => String(Math.round(n * 100) / 100);
  return `${f(score)}/${f(possible)}`;
}

export type RubricScore = { score: number; possible: number };

/**
 * Rubric scores of one graded submission: each question's points count toward each of its tags' categories (a
 * question without tags toward General); possible is the sum of those questions' marks. `points` maps question id
 * to points (a missing question counts 0). One function for the insights projection, the summaries and the UI.
 */
export function rubricScores(
  questions: readonly { question_id: number; marks_possible: number; tags?: readonly string[] | null }[],
  points: ReadonlyMap<number, number | null | undefined>,
): Record<string, RubricScore> {
  const out: Record<string, RubricScore> = {};
  for (const q of questions) {
    const p = points.get(q.question_id) ?? 0;
    for (const c of rubricCategoriesOf(q.tags)) {
      const r = (out[c] ??= { score: 0, possible: 0 });
      r.score += p;
      r.possible += q.marks_possible;
    }
  }
  return out;
}

// ---------------------------------------------------------------- assignment statistics and item analysis

export const ItemAnalysisSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  marks_possible: z.number(),
  /** Graded submissions that answered this question (the n of the indices). */
  attempts: z.number().int(),
  /** Mean points on the question over graded submissions; null with none. */
  mean_score: z.number().nullable(),
  /** Facility index: mean score / marks possible, 0..1 (Moodle's facility, as a fraction). null with no attempts. */
  facility: z.number().nullable(),
  /**
   * Discrimination index: Pearson correlation, over graded submissions, of the question's score with the total of
   * the other questions (Moodle's "discrimination index", as a fraction -1..1). null when it cannot be computed
   * (fewer than 2 submissions, or either side has no spread).
   */
  discrimination: z.number().nullable(),
  /** Students with full marks on this question. */
  full_marks: z.number().int(),
  /** 'negative' (< 0) or 'near-zero' (< discriminationFlagBelow): check the answer key or the wording. */
  flag: z.enum(['negative', 'near-zero']).nullable(),
});
export type ItemAnalysis = z.infer<typeof ItemAnalysisSchema>;

export const AssignmentStatsSchema = z.object({
  assignment_id: z.number().int(),
  /** Online submissions plus uploaded files (as the instructor list counts them). */
  submissions: z.number().int(),
  /** Submissions with at least one question and every question graded. */
  graded: z.number().int(),
  /** Total marks of the assignment. */
  total_possible: z.number(),
  /** Mean, median, max and min of the graded submissions' totals (marks, not percent); null with none graded. */
  mean: z.number().nullable(),
  median: z.number().nullable(),
  max: z.object({ maxScore: z.number().nullable(), maxScoreStudents: z.array(z.string()) }),
  min: z.object({ minScore: z.number().nullable(), minScoreStudents: z.array(z.string()) }),
  /** Every graded submission's total, ascending. */
  scores: z.array(z.number()),
  /** Per question number (as a string key), how many graded students have full marks. */
  questionCorrectFrequency: z.record(z.string(), z.number().int()),
  /** Per question, in question-number order. */
  item_analysis: z.array(ItemAnalysisSchema),
  /** True when fewer than itemAnalysisMinStudents graded submissions back the indices. */
  item_analysis_unreliable: z.boolean(),
});
export type AssignmentStats = z.infer<typeof AssignmentStatsSchema>;

// ---------------------------------------------------------------- summaries

export const SummaryGeneratorSchema = z.enum(['ai', 'offline']);

export const StudentSummaryRowSchema = z.object({
  student_id: z.number().int(),
  student_name: z.string(),
  /** "obtained/possible" of the graded submission, as scoreString writes it. */
  grade: z.string(),
  /** The written summary; '' while none is written yet. */
  summary: z.string(),
  /** Rubric category → "score/possible". */
  rubrics: z.record(z.string(), z.string()),
  /** 'ready', 'generating' (none yet, or being rewritten after a grade changed: summary is then the stale one). */
  summary_status: z.enum(['ready', 'generating']),
  generator: SummaryGeneratorSchema.nullable(),
});
export type StudentSummaryRow = z.infer<typeof StudentSummaryRowSchema>;

export const StudentAssignmentSummaryBodySchema = z.object({
  assignment_id: assignmentId,
  student_id: z.number({ error: 'student_id must be a number' }).int().positive().optional(),
});

export const StudentAssignmentSummariesSchema = z.object({
  students: z.array(StudentSummaryRowSchema),
  rubric_categories: z.array(z.string()),
});
export const OneStudentSummarySchema = z.object({
  grade: z.string(),
  summary: z.string(),
  rubric_breakdown: z.record(z.string(), z.string()),
  summary_status: z.enum(['ready', 'generating']),
  generator: SummaryGeneratorSchema.nullable(),
});
export type OneStudentSummary = z.infer<typeof OneStudentSummarySchema>;

export const ClassSummarySchema = z.object({
  status: z.enum(['generating', 'done', 'error']),
  error: z.string().nullable(),
  summary: z.string().nullable(),
  /** Rubric category → "average/possible" (average to 2 decimals at most). */
  rubric_averages: z.record(z.string(), z.string()),
  generator: SummaryGeneratorSchema.nullable(),
});
export type ClassSummary = z.infer<typeof ClassSummarySchema>;

// ---------------------------------------------------------------- course analytics

export const RubricScoreSchema = z.object({ score: z.number(), possible: z.number() });

export const AssignmentGradeEntrySchema = z.object({
  /** The student submitted online or an instructor uploaded their file. */
  submitted: z.boolean(),
  /** Every question graded. total_score and rubrics count graded submissions only (0 / {} otherwise). */
  graded: z.boolean(),
  total_score: z.number(),
  total_possible: z.number(),
  rubrics: z.record(z.string(), RubricScoreSchema).optional(),
});

export const StudentGradeRecordSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  /** Keyed by assignment id (as a string); every published assignment of the course has an entry. */
  grades_by_assignment: z.record(z.string(), AssignmentGradeEntrySchema),
});
export type StudentGradeRecord = z.infer<typeof StudentGradeRecordSchema>;

export const CourseItemAnalysisSchema = z.array(
  z.object({
    assignment_id: z.number().int(),
    title: z.string(),
    due_date: z.string(),
    graded: z.number().int(),
    item_analysis_unreliable: z.boolean(),
    questions: z.array(ItemAnalysisSchema),
  }),
);

export const insightRoutes = {
  getAssignmentStats: route({
    method: 'POST',
    path: '/grader/get-assignment-stats',
    kind: 'query',
    access: 'instructor',
    summary:
      'Overview stats of an assignment (submissions, graded, mean, median, max, min, scores, questionCorrectFrequency) with item analysis (404 unless the instructor teaches its course).',
    body: z.object({ assignment_id: assignmentId }),
    reply: AssignmentStatsSchema,
  }),
  getStudentAssignmentSummary: route({
    method: 'POST',
    path: '/grader/get-student-assignment-summary',
    kind: 'query',
    access: 'instructor',
    summary:
      "Every graded student's grade, rubric scores and written summary; with student_id, that student's grade, summary and rubric_breakdown (404 'No insights available for this student.').",
    body: StudentAssignmentSummaryBodySchema,
    reply: z.union([StudentAssignmentSummariesSchema, OneStudentSummarySchema]),
  }),
  getClassAssignmentSummary: route({
    method: 'POST',
    path: '/grader/get-class-assignment-summary',
    kind: 'query',
    access: 'instructor',
    summary: "The class summary of an assignment and its rubric averages; status 'generating' while it is being written (poll every 3 s).",
    body: z.object({ assignment_id: assignmentId, course_code: z.string().trim().max(20).optional() }),
    reply: ClassSummarySchema,
  }),
  getCourseGrades: route({
    method: 'GET',
    path: '/instructors/get-course-grades/:courseCode',
    kind: 'query',
    access: 'instructor',
    summary: 'Every student of a course the instructor teaches with their grades by assignment and rubric (404 for any other course).',
    params: courseCodeParams,
    reply: z.array(StudentGradeRecordSchema),
  }),
  getCourseItemAnalysis: route({
    method: 'GET',
    path: '/instructors/get-course-item-analysis/:courseCode',
    kind: 'query',
    access: 'instructor',
    summary: 'Item analysis of every published assignment of a course the instructor teaches, by due date (404 for any other course).',
    params: courseCodeParams,
    reply: CourseItemAnalysisSchema,
  }),
} as const;
