import { z } from 'zod';
import { ROLES } from './constants';
import { ANSWER_GROUP_EVENT_SCHEMAS } from './answer-group-events';
import { ASSISTANT_EVENT_SCHEMAS } from './assistant-events';
import { GRADING_EVENT_SCHEMAS } from './grading-events';
import { ID_EVENT_SCHEMAS } from './id-events';
import { LIBRARY_EVENT_SCHEMAS } from './library-events';
import { PRACTICE_EVENT_SCHEMAS } from './practice-events';
import { PROBLEM_REPORT_EVENT_SCHEMAS } from './problem-report-events';
import { REGRADE_SETTING_EVENT_SCHEMAS } from './regrade-request-events';
import { PDF_HEADER_EVENT_SCHEMAS } from './pdf-header-events';
import { SESSION_EVENT_SCHEMAS } from './session-events';
import { SUMMARY_EVENT_SCHEMAS } from './summary-events';
import { REGRADE_JOB_EVENT_SCHEMAS } from './regrade-job-events';
import { ANALYST_ACCESS_EVENT_SCHEMAS } from './analyst-access-events';
import { MARKING_POLICY_EVENT_SCHEMAS } from './marking-policy';

export * from './answer-group-events';
export * from './assistant-events';
export * from './grading-events';
export * from './id-events';
export * from './library-events';
export * from './practice-events';
export * from './problem-report-events';
export * from './regrade-request-events';
export * from './pdf-header-events';
export * from './session-events';
export * from './summary-events';
export * from './regrade-job-events';
export * from './analyst-access-events';
export * from './marking-policy';

/**
 * Domain events. Published events only change by adding optional fields or new types: they live forever.
 * Data is camelCase; the HTTP API keeps the spec's snake_case field names.
 */
const isoDate = z.iso.datetime({ offset: true });

export const TenantRegisteredSchema = z.object({
  type: z.literal('TenantRegistered'),
  data: z.object({ tenant: z.string(), name: z.string(), registeredAt: isoDate }),
});

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
  /** Serialised editor state (JSON) or plain text. */
  content: z.string(),
  marksPossible: z.number().nonnegative(),
  answer: z.string().optional(),
  gradingInstructions: z.string().optional(),
  /** 'rubric name - criterion'. */
  tags: z.array(z.string()).optional(),
  /** Non-empty: flagged for the instructor's review (e.g. by document parsing), until resolved. */
  flaggedForReview: z.string().optional(),
  questionType: z.string().optional(),
  topics: z.array(z.string()).optional(),
  sourceDocumentId: z.string().optional(),
  originalQuestionNumber: z.string().optional(),
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
    description: z.string().optional(),
    /** False: the instructor uploads the students' (handwritten) work; students do not answer online. */
    submissionsAllowed: z.boolean().optional(),
    creationMethod: z.enum(['scratch', 'document', 'ai', 'seed']).optional(),
    aiConfigId: z.string().optional(),
    /** Blob key of the source document (marking scheme) for document-made assignments. */
    documentKey: z.string().optional(),
    rubricIds: z.array(z.string()).optional(),
  }),
});

export const AssignmentRenamedSchema = z.object({
  type: z.literal('AssignmentRenamed'),
  data: z.object({ assignmentId: z.number().int(), from: z.string(), title: z.string(), renamedAt: isoDate }),
});

/** The assignment disappears from every list; its streams, answers and grades stay in the log. */
export const AssignmentDeletedSchema = z.object({
  type: z.literal('AssignmentDeleted'),
  data: z.object({ assignmentId: z.number().int(), deletedAt: isoDate }),
});

/** The whole new state of one question's editable fields. */
export const QuestionUpdatedSchema = z.object({
  type: z.literal('QuestionUpdated'),
  data: z.object({
    assignmentId: z.number().int(),
    questionId: z.number().int(),
    content: z.string(),
    answer: z.string(),
    gradingInstructions: z.string(),
    marksPossible: z.number().nonnegative(),
    tags: z.array(z.string()),
    updatedAt: isoDate,
  }),
});

/** Raised by a process that doubts a question (document parsing, grading); the instructor resolves it. */
export const QuestionFlaggedSchema = z.object({
  type: z.literal('QuestionFlagged'),
  data: z.object({ assignmentId: z.number().int(), questionId: z.number().int(), reason: z.string(), flaggedAt: isoDate }),
});

export const QuestionFlagResolvedSchema = z.object({
  type: z.literal('QuestionFlagResolved'),
  data: z.object({ assignmentId: z.number().int(), questionId: z.number().int(), flag: z.string(), resolvedAt: isoDate }),
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
    /**
     * When the student made this edit, by the browser's clock: a save that arrives after a newer one for the same
     * question (a queued save flushed late) never overwrites it.
     */
    clientSavedAt: isoDate.optional(),
    /** 'typed' in the editor (default), 'pdf' from an uploaded handwritten PDF. */
    source: z.enum(['typed', 'pdf']).optional(),
  }),
});

export const AssignmentSubmittedSchema = z.object({
  type: z.literal('AssignmentSubmitted'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    submittedAt: isoDate,
    /** 'manual' (the student), 'auto_time_limit' (the browser at expiry), 'server_time_limit' (the server's clock). */
    submissionMethod: z.enum(['manual', 'auto_time_limit', 'server_time_limit']).optional(),
    /** Timed work: seconds used, as the browser counted them (the server's own bound is the session deadline). */
    timeUsedSeconds: z.number().nonnegative().optional(),
  }),
});

export const SchoolBrandingUpdatedSchema = z.object({
  type: z.literal('SchoolBrandingUpdated'),
  data: z.object({ name: z.string(), logoUrl: z.string().nullable(), updatedAt: isoDate }),
});
export const AuthorizedDomainAddedSchema = z.object({ type: z.literal('AuthorizedDomainAdded'), data: z.object({ domain: z.string() }) });
export const AuthorizedDomainRemovedSchema = z.object({
  type: z.literal('AuthorizedDomainRemoved'),
  data: z.object({ domain: z.string() }),
});
export const StudentPreapprovedSchema = z.object({ type: z.literal('StudentPreapproved'), data: z.object({ email: z.string() }) });
export const StudentPreapprovalRevokedSchema = z.object({
  type: z.literal('StudentPreapprovalRevoked'),
  data: z.object({ email: z.string() }),
});

/** The reservation of an address is released when a user's e-mail changes, so it can be taken again. */
export const EmailReleasedSchema = z.object({
  type: z.literal('EmailReleased'),
  data: z.object({ email: z.string(), userId: z.number().int() }),
});

export const UserProfileUpdatedSchema = z.object({
  type: z.literal('UserProfileUpdated'),
  data: z.object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.string().optional(),
    updatedAt: isoDate,
  }),
});
export const UserDetailsUpdatedSchema = z.object({
  type: z.literal('UserDetailsUpdated'),
  data: z.object({
    userId: z.number().int(),
    class: z.string().optional(),
    section: z.string().optional(),
    enrollmentDate: z.string().optional(),
    updatedAt: isoDate,
  }),
});
export const UserEmailChangedSchema = z.object({
  type: z.literal('UserEmailChanged'),
  data: z.object({ userId: z.number().int(), from: z.string(), to: z.string(), changedAt: isoDate }),
});
export const PasswordChangedSchema = z.object({
  type: z.literal('PasswordChanged'),
  data: z.object({ userId: z.number().int(), passwordHash: z.string(), reason: z.enum(['changed', 'reset']), changedAt: isoDate }),
});

/** One stream per (tenant, purpose, address): codes are stored hashed, expire, and are used once. */
export const VerificationCodeIssuedSchema = z.object({
  type: z.literal('VerificationCodeIssued'),
  data: z.object({
    purpose: z.enum(['signup', 'password_reset']),
    email: z.string(),
    role: z.enum(ROLES),
    codeHash: z.string(),
    issuedAt: isoDate,
    expiresAt: isoDate,
  }),
});
export const VerificationCodeRejectedSchema = z.object({
  type: z.literal('VerificationCodeRejected'),
  data: z.object({ email: z.string(), reason: z.enum(['wrong', 'expired']), at: isoDate }),
});
export const VerificationCodeVerifiedSchema = z.object({
  type: z.literal('VerificationCodeVerified'),
  data: z.object({ email: z.string(), verifiedAt: isoDate }),
});
export const VerificationCodeUsedSchema = z.object({
  type: z.literal('VerificationCodeUsed'),
  data: z.object({ email: z.string(), usedAt: isoDate }),
});

export const InstructorAssignedSchema = z.object({
  type: z.literal('InstructorAssigned'),
  data: z.object({ courseId: z.number().int(), instructorId: z.number().int(), assignedAt: isoDate }),
});
export const InstructorUnassignedSchema = z.object({
  type: z.literal('InstructorUnassigned'),
  data: z.object({ courseId: z.number().int(), instructorId: z.number().int(), unassignedAt: isoDate }),
});
export const StudentUnenrolledSchema = z.object({
  type: z.literal('StudentUnenrolled'),
  data: z.object({ courseId: z.number().int(), studentId: z.number().int(), unenrolledAt: isoDate }),
});
/** Course codes are unique per school: a reservation stream per code, created once. */
export const CourseCodeReservedSchema = z.object({
  type: z.literal('CourseCodeReserved'),
  data: z.object({ courseCode: z.string(), courseId: z.number().int() }),
});

export const DomainEventSchema = z.discriminatedUnion('type', [
  ...ANSWER_GROUP_EVENT_SCHEMAS,
  ...ASSISTANT_EVENT_SCHEMAS,
  ...GRADING_EVENT_SCHEMAS,
  ...LIBRARY_EVENT_SCHEMAS,
  ...PRACTICE_EVENT_SCHEMAS,
  ...PROBLEM_REPORT_EVENT_SCHEMAS,
  ...REGRADE_SETTING_EVENT_SCHEMAS,
  ...MARKING_POLICY_EVENT_SCHEMAS,
  ...PDF_HEADER_EVENT_SCHEMAS,
  ...SESSION_EVENT_SCHEMAS,
  ...SUMMARY_EVENT_SCHEMAS,
  ...REGRADE_JOB_EVENT_SCHEMAS,
  ...ANALYST_ACCESS_EVENT_SCHEMAS,
  SchoolBrandingUpdatedSchema,
  AuthorizedDomainAddedSchema,
  AuthorizedDomainRemovedSchema,
  StudentPreapprovedSchema,
  StudentPreapprovalRevokedSchema,
  EmailReleasedSchema,
  UserProfileUpdatedSchema,
  UserDetailsUpdatedSchema,
  UserEmailChangedSchema,
  PasswordChangedSchema,
  VerificationCodeIssuedSchema,
  VerificationCodeRejectedSchema,
  VerificationCodeVerifiedSchema,
  VerificationCodeUsedSchema,
  InstructorAssignedSchema,
  InstructorUnassignedSchema,
  StudentUnenrolledSchema,
  CourseCodeReservedSchema,
  TenantRegisteredSchema,
  ...ID_EVENT_SCHEMAS,
  EmailReservedSchema,
  UserRegisteredSchema,
  CourseCreatedSchema,
  StudentEnrolledSchema,
  AssignmentCreatedSchema,
  AssignmentRenamedSchema,
  AssignmentDeletedSchema,
  QuestionUpdatedSchema,
  QuestionFlaggedSchema,
  QuestionFlagResolvedSchema,
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
