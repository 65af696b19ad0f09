import { z } from 'zod';
import { ASSIGNMENT_STATUSES, ROLES } from './constants';

/** One row of the student's assignment list (spec document 1, section 3), keyed by assignment id. */
export const StudentAssignmentSchema = z.object({
  assignment_id: z.number().int(),
  title: z.string(),
  course: z.string(),
  course_code: z.string(),
  assigned: z.string(),
  due: z.string(),
  due_date: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  marks_total: z.number(),
  marks_obtained: z.number().nullable(),
  time_limit: z.number().int().nullable(),
  timed: z.boolean(),
  question_count: z.number().int(),
});
export type StudentAssignment = z.infer<typeof StudentAssignmentSchema>;

export const StudentAssignmentsSchema = z.record(z.string(), StudentAssignmentSchema);
export type StudentAssignments = z.infer<typeof StudentAssignmentsSchema>;

export const AssignmentQuestionSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  question_content: z.string(),
  marks_possible: z.number(),
  grade: z.number().nullable(),
  graded: z.boolean(),
  feedback: z.string().nullable(),
  response_content: z.string().nullable(),
});
export type AssignmentQuestion = z.infer<typeof AssignmentQuestionSchema>;

export const CourseSchema = z.object({
  course_id: z.number().int(),
  course_code: z.string(),
  course_name: z.string(),
  course_class: z.string(),
  subject: z.string(),
});
export type Course = z.infer<typeof CourseSchema>;

export const StudentProfileSchema = z.object({
  studentId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  class: z.string(),
  section: z.string(),
  enrollmentDate: z.string(),
  sessions: z.number().int(),
});
export type StudentProfile = z.infer<typeof StudentProfileSchema>;

export const InstructorProfileSchema = z.object({
  instructorId: z.number().int(),
  title: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The school admin lets this instructor use Smart Builder (otherwise the wizard shows Coming Soon). */
  smart_builder_enabled: z.boolean(),
});
export type InstructorProfile = z.infer<typeof InstructorProfileSchema>;

export const SessionUserSchema = z.object({
  userId: z.number().int(),
  role: z.enum(ROLES),
  tenant: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
