import { z } from 'zod';
import { MAX_RESPONSE_LENGTH } from '../constants';
import { AssignmentQuestionSchema, CourseSchema, StudentAssignmentsSchema, StudentProfileSchema } from '../read-models';
import { isValidName, VALIDATION_MESSAGES } from '../validation';
import { CommandReplySchema, route } from './route';

const assignmentId = z.number({ error: 'assignment_id must be a number' }).int().positive();
const questionId = z.number({ error: 'question_id must be a number' }).int().positive();
const responseContent = z.string().max(MAX_RESPONSE_LENGTH, `response_content is longer than ${MAX_RESPONSE_LENGTH} characters`).nullable();

export const SaveAnswerBodySchema = z.object({
  assignment_id: assignmentId,
  question_id: questionId,
  question_number: z.number().int().positive().optional(),
  response_content: responseContent,
  /** Client-generated; a retried save with the same id is applied once. */
  command_id: z.uuid('command_id must be a UUID').optional(),
  /** When the student made the edit (browser clock): an older save arriving after a newer one is acknowledged, not applied. */
  client_saved_at: z.iso.datetime({ offset: true, error: 'client_saved_at must be an ISO date-time' }).optional(),
});

export const SubmitAssignmentBodySchema = z.object({
  assignment_id: assignmentId,
  responses: z.record(z.string().regex(/^\d+$/, 'responses keys must be question ids'), responseContent).default({}),
  command_id: z.uuid('command_id must be a UUID').optional(),
});

export const ProfileNamesBodySchema = z.object({
  firstName: z.string({ error: 'firstName is required' }).trim().refine(isValidName, VALIDATION_MESSAGES.profileFirstName),
  lastName: z.string({ error: 'lastName is required' }).trim().refine(isValidName, VALIDATION_MESSAGES.profileLastName),
});

/**
 * One course of the student's timetable (the spec's GET /students/get-timetable leaves the item shape open): the
 * course and who teaches it. The school records no lesson times, so an entry has no periods; a student in no
 * course has an empty timetable.
 */
export const TimetableEntrySchema = CourseSchema.extend({
  instructors: z.array(
    z.object({
      instructor_id: z.number().int(),
      title: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
    }),
  ),
});
export type TimetableEntry = z.infer<typeof TimetableEntrySchema>;

export const studentRoutes = {
  getStudent: route({
    method: 'GET',
    path: '/students/get-student',
    kind: 'query',
    access: 'student',
    summary: "The signed-in student's profile.",
    reply: StudentProfileSchema,
  }),
  getStudentCourses: route({
    method: 'GET',
    path: '/students/get-courses',
    kind: 'query',
    access: 'student',
    summary: 'Courses the signed-in student is enrolled in.',
    reply: z.array(CourseSchema),
  }),
  getStudentTimetable: route({
    method: 'GET',
    path: '/students/get-timetable',
    kind: 'query',
    access: 'student',
    summary:
      "The signed-in student's timetable: each course they are enrolled in (by course code) with its instructors. No lesson times are recorded, so entries carry none; no course, an empty list.",
    reply: z.array(TimetableEntrySchema),
  }),
  getStudentAssignments: route({
    method: 'GET',
    path: '/students/get-assignments',
    kind: 'query',
    access: 'student',
    summary: "The signed-in student's assignments keyed by assignment id, each with its status.",
    reply: StudentAssignmentsSchema,
  }),
  getAssignmentQuestions: route({
    method: 'POST',
    path: '/students/get-assignment-questions',
    kind: 'query',
    access: 'student',
    summary: "An assignment's questions with the signed-in student's responses, grades and feedback.",
    body: z.object({ assignment_id: assignmentId }),
    reply: z.object({ questions: z.array(AssignmentQuestionSchema) }),
  }),
  setAssignmentResponse: route({
    method: 'POST',
    path: '/students/set-assignment-response',
    kind: 'command',
    access: 'student',
    summary: 'Save one answer (an AnswerSaved event). 409 once submitted, past due or graded.',
    body: SaveAnswerBodySchema,
    reply: CommandReplySchema,
  }),
  submitAssignment: route({
    method: 'POST',
    path: '/students/submit-assignment',
    kind: 'command',
    access: 'student',
    summary: 'Save the given responses and submit; later saves are refused with 409.',
    body: SubmitAssignmentBodySchema,
    reply: CommandReplySchema,
  }),
  updateStudentProfile: route({
    method: 'POST',
    path: '/students/update-profile',
    kind: 'command',
    access: 'student',
    summary: "Change the signed-in student's first and last name (e-mail, class, section and enrolment date are the admin's).",
    body: ProfileNamesBodySchema,
    reply: CommandReplySchema,
  }),
} as const;
