import { z } from 'zod';
import { LOGIN_ROLES, MAX_RESPONSE_LENGTH, ROLES, type Role } from './constants';
import {
  AssignmentQuestionSchema,
  CourseSchema,
  InstructorProfileSchema,
  SessionUserSchema,
  StudentAssignmentsSchema,
  StudentProfileSchema,
} from './read-models';

/**
 * The route table: every HTTP route of the product, its side (command or query), who may call it and
 * its schemas. Services register from it, the gateway routes by it, OpenAPI is generated from it.
 */
export type RouteAccess = 'public' | 'authenticated' | Role;

export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  kind: 'command' | 'query';
  access: RouteAccess;
  summary: string;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType;
  reply: z.ZodType;
};

const route = <const R extends RouteDef>(r: R): R => r;

export const ErrorReplySchema = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

/** Every command reply says where its last event sits in the log, for read-your-writes. */
export const CommandReplySchema = z.object({ success: z.literal(true), position: z.string().nullable() });
export type CommandReply = z.infer<typeof CommandReplySchema>;

const assignmentId = z.number({ error: 'assignment_id must be a number' }).int().positive();
const questionId = z.number({ error: 'question_id must be a number' }).int().positive();
const responseContent = z.string().max(MAX_RESPONSE_LENGTH, `response_content is longer than ${MAX_RESPONSE_LENGTH} characters`).nullable();

export const LoginBodySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024),
});

export const SaveAnswerBodySchema = z.object({
  assignment_id: assignmentId,
  question_id: questionId,
  question_number: z.number().int().positive().optional(),
  response_content: responseContent,
  /** Client-generated; a retried save with the same id is applied once. */
  command_id: z.uuid('command_id must be a UUID').optional(),
});

export const SubmitAssignmentBodySchema = z.object({
  assignment_id: assignmentId,
  responses: z.record(z.string().regex(/^\d+$/, 'responses keys must be question ids'), responseContent).default({}),
  command_id: z.uuid('command_id must be a UUID').optional(),
});

export const routes = {
  login: route({
    method: 'POST', path: '/auth/login/:role', kind: 'command', access: 'public',
    summary: 'Sign in as a student or an instructor; sets the session and CSRF cookies.',
    params: z.object({ role: z.enum([...LOGIN_ROLES, 'admin'], { error: 'role must be student or instructor' }) }),
    body: LoginBodySchema,
    reply: SessionUserSchema,
  }),
  logout: route({
    method: 'POST', path: '/auth/logout', kind: 'command', access: 'authenticated',
    summary: 'End the current session.',
    reply: z.object({ success: z.literal(true) }),
  }),
  validateToken: route({
    method: 'GET', path: '/auth/validate-token', kind: 'query', access: 'authenticated',
    summary: 'Check the session cookie; 401 when signed out.',
    reply: z.object({ status: z.literal('success'), data: SessionUserSchema }),
  }),
  ping: route({
    method: 'GET', path: '/auth/ping', kind: 'query', access: 'public',
    summary: 'Reachability check.',
    reply: z.object({ status: z.literal('ok') }),
  }),
  getStudent: route({
    method: 'GET', path: '/students/get-student', kind: 'query', access: 'student',
    summary: "The signed-in student's profile.",
    reply: StudentProfileSchema,
  }),
  getStudentCourses: route({
    method: 'GET', path: '/students/get-courses', kind: 'query', access: 'student',
    summary: 'Courses the signed-in student is enrolled in.',
    reply: z.array(CourseSchema),
  }),
  getStudentAssignments: route({
    method: 'GET', path: '/students/get-assignments', kind: 'query', access: 'student',
    summary: "The signed-in student's assignments keyed by assignment id, each with its status.",
    reply: StudentAssignmentsSchema,
  }),
  getAssignmentQuestions: route({
    method: 'POST', path: '/students/get-assignment-questions', kind: 'query', access: 'student',
    summary: "An assignment's questions with the signed-in student's responses, grades and feedback.",
    body: z.object({ assignment_id: assignmentId }),
    reply: z.object({ questions: z.array(AssignmentQuestionSchema) }),
  }),
  setAssignmentResponse: route({
    method: 'POST', path: '/students/set-assignment-response', kind: 'command', access: 'student',
    summary: 'Save one answer (an AnswerSaved event). 409 once submitted, past due or graded.',
    body: SaveAnswerBodySchema,
    reply: CommandReplySchema,
  }),
  submitAssignment: route({
    method: 'POST', path: '/students/submit-assignment', kind: 'command', access: 'student',
    summary: 'Save the given responses and submit; later saves are refused with 409.',
    body: SubmitAssignmentBodySchema,
    reply: CommandReplySchema,
  }),
  getInstructor: route({
    method: 'GET', path: '/instructors/get-instructor', kind: 'query', access: 'instructor',
    summary: "The signed-in instructor's profile.",
    reply: InstructorProfileSchema,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type ReplyOf<N extends RouteName> = z.infer<Routes[N]['reply']>;

export const roleSchema = z.enum(ROLES);

/** `/auth/login/:role` → `/auth/login/student`. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
