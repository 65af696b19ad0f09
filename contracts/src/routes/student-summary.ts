import { z } from 'zod';
import { route } from './route';

/** Spec document 1, section 9: chart constants (the UI's option builders use them). */
export const CHART_CONSTANTS = {
  /** The radar's class average when the school has none for a subject. */
  defaultClassAverage: 75,
  radarMax: 100,
  radarStep: 20,
  barMax: 100,
  doughnutCutout: '70%',
  tooltipDecimals: 1,
  doughnutDecimals: 2,
} as const;

const assignmentId = z.number({ error: 'assignment_id must be a number' }).int().positive();

export const GradedAssignmentStatSchema = z.object({
  assignment_id: z.number().int(),
  title: z.string(),
  course: z.string(),
  course_code: z.string(),
  due: z.string(),
  marks_obtained: z.number(),
  marks_total: z.number(),
  /** marks_obtained / marks_total x 100, unrounded. */
  percent: z.number(),
});
export type GradedAssignmentStat = z.infer<typeof GradedAssignmentStatSchema>;

export const SubjectStatSchema = z.object({
  course: z.string(),
  course_code: z.string(),
  /** The student's mean grade percent over graded work in the course. */
  average: z.number(),
  /** Mean grade percent of every graded submission in the course; null when there is none. */
  class_average: z.number().nullable(),
  graded_count: z.number().int(),
});
export type SubjectStat = z.infer<typeof SubjectStatSchema>;

export const GradeStatsSchema = z.object({
  /** Graded assignments, oldest due first (the line chart's time axis). */
  assignments: z.array(GradedAssignmentStatSchema),
  subjects: z.array(SubjectStatSchema),
});
export type GradeStats = z.infer<typeof GradeStatsSchema>;

export const SummaryQuestionSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  marks_possible: z.number(),
  grade: z.number().nullable(),
  feedback: z.string().nullable(),
});

export const StudentSummarySchema = z.object({
  assignment_id: z.number().int(),
  title: z.string(),
  course: z.string(),
  marks_obtained: z.number(),
  marks_total: z.number(),
  percent: z.number().nullable(),
  questions: z.array(SummaryQuestionSchema),
  strengths: z.array(z.string()),
  to_work_on: z.array(z.string()),
  /** The summary content: a paragraph, written by the AI when one is configured. */
  summary: z.string(),
  generator: z.enum(['offline', 'ai']),
  /** Set when an AI was configured but failed and the offline summary was used. */
  notice: z.string().optional(),
});
export type StudentSummary = z.infer<typeof StudentSummarySchema>;

export const studentSummaryRoutes = {
  getStudentSummary: route({
    method: 'POST',
    path: '/students/get-student-summary',
    kind: 'query',
    access: 'student',
    summary:
      "A summary of the signed-in student's graded assignment: total, points and feedback per question, strengths and what to work on. 404 unless graded.",
    body: z.object({ assignment_id: assignmentId }),
    reply: StudentSummarySchema,
  }),
  getGradeStats: route({
    method: 'GET',
    path: '/students/get-grade-stats',
    kind: 'query',
    access: 'student',
    summary:
      "The signed-in student's graded work for the charts: grade per assignment, and per subject their average beside the class average.",
    reply: GradeStatsSchema,
  }),
} as const;
