import { z } from 'zod';
import { ROLES } from './constants';

/**
 * Domain events. Published events only change by adding optional fields or new types: they live forever.
 * Data is camelCase; the HTTP API keeps the spec's snake_case field names.
 */
const isoDate = z.iso.datetime({ offset: true });

export const TenantRegisteredSchema = z.object({
  type: z.literal('TenantRegistered'),
  data: z.object({ tenant: z.string(), name: z.string(), registeredAt: isoDate }),
});

export const IdAllocatedSchema = z.object({ type: z.literal('IdAllocated'), data: z.object({}) });

export const EmailReservedSchema = z.object({
  type: z.literal('EmailReserved'),
  data: z.object({ email: z.string(), userId: z.number().int() }),
});

export const UserRegisteredSchema = z.object({
  type: z.literal('UserRegistered'),
  data: z.object({
    userId: z.number().int(),
    email: z.string(),
    role: z.enum(ROLES),
    passwordHash: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().optional(),
    class: z.string().optional(),
    section: z.string().optional(),
    enrollmentDate: z.string().optional(),
    registeredAt: isoDate,
  }),
});

export const CourseCreatedSchema = z.object({
  type: z.literal('CourseCreated'),
  data: z.object({
    courseId: z.number().int(),
    courseCode: z.string(),
    courseName: z.string(),
    courseClass: z.string(),
    subject: z.string(),
    instructorIds: z.array(z.number().int()),
    createdAt: isoDate,
  }),
});

export const StudentEnrolledSchema = z.object({
  type: z.literal('StudentEnrolled'),
  data: z.object({ courseId: z.number().int(), studentId: z.number().int(), enrolledAt: isoDate }),
});

export const QuestionSchema = z.object({
  questionId: z.number().int(),
  questionNumber: z.number().int(),
  content: z.string(),
  marksPossible: z.number().nonnegative(),
});

export const AssignmentCreatedSchema = z.object({
  type: z.literal('AssignmentCreated'),
  data: z.object({
    assignmentId: z.number().int(),
    courseId: z.number().int(),
    title: z.string(),
    assigned: isoDate,
    due: isoDate,
    timeLimitSeconds: z.number().int().positive().nullable(),
    createdBy: z.number().int(),
    createdAt: isoDate,
  }),
});

export const QuestionAddedSchema = z.object({
  type: z.literal('QuestionAdded'),
  data: QuestionSchema.extend({ assignmentId: z.number().int() }),
});

export const AssignmentPublishedSchema = z.object({
  type: z.literal('AssignmentPublished'),
  data: z.object({ assignmentId: z.number().int(), publishedAt: isoDate }),
});

export const AnswerSavedSchema = z.object({
  type: z.literal('AnswerSaved'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    questionId: z.number().int(),
    responseContent: z.string().nullable(),
    savedAt: isoDate,
  }),
});

export const AssignmentSubmittedSchema = z.object({
  type: z.literal('AssignmentSubmitted'),
  data: z.object({ assignmentId: z.number().int(), studentId: z.number().int(), submittedAt: isoDate }),
});

export const DomainEventSchema = z.discriminatedUnion('type', [
  TenantRegisteredSchema,
  IdAllocatedSchema,
  EmailReservedSchema,
  UserRegisteredSchema,
  CourseCreatedSchema,
  StudentEnrolledSchema,
  AssignmentCreatedSchema,
  QuestionAddedSchema,
  AssignmentPublishedSchema,
  AnswerSavedSchema,
  AssignmentSubmittedSchema,
]);

export type DomainEvent = z.infer<typeof DomainEventSchema>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type Question = z.infer<typeof QuestionSchema>;

/** Narrow a stored event to the typed union; unknown types (from newer code) give null. */
export function parseDomainEvent(event: { type: string; data: unknown }): DomainEvent | null {
  const parsed = DomainEventSchema.safeParse({ type: event.type, data: event.data });
  return parsed.success ? parsed.data : null;
}
