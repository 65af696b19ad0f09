import { z } from 'zod';
import { CommandReplySchema, route } from './route';

/**
 * Instructor authoring (spec document 3 section 5 and document 2 sections 2-5): creating, listing,
 * renaming, deleting an assignment and editing its questions. Every change is an event on the
 * assignment's stream; lists and question sheets are read models.
 */

/** Spec document 3 section 5: the title rules, shared by the wizard, the rename field and the server. */
export const ASSIGNMENT_TITLE_MESSAGES = {
  required: 'Please enter an assignment title',
  startLetter: 'Assignment title must start with an alphabet',
  characters: 'Assignment title can only contain letters, numbers, and #$@&()_ characters',
} as const;
export const ASSIGNMENT_TITLE_MAX = 120;

/** The first message that applies, or null when the title is valid. Spaces count as allowed characters. */
export function assignmentTitleError(title: string): string | null {
  const t = title.trim();
  if (t === '') return ASSIGNMENT_TITLE_MESSAGES.required;
  if (!/^[A-Za-z]/.test(t)) return ASSIGNMENT_TITLE_MESSAGES.startLetter;
  if (!/^[A-Za-z0-9 #$@&()_]+$/.test(t)) return ASSIGNMENT_TITLE_MESSAGES.characters;
  return null;
}

/** 'algebra quiz one' → 'Algebra Quiz One' (each word's first letter; the rest as typed). */
export const capitaliseWords = (title: string) => title.replace(/(^|\s)([a-z])/g, (_, space: string, c: string) => space + c.toUpperCase());

const titleSchema = z
  .string({ error: ASSIGNMENT_TITLE_MESSAGES.required })
  .trim()
  .max(ASSIGNMENT_TITLE_MAX, `Assignment title must be at most ${ASSIGNMENT_TITLE_MAX} characters`)
  .superRefine((t, ctx) => {
    const error = assignmentTitleError(t);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const CREATION_METHODS = ['scratch', 'document', 'ai'] as const;
export type CreationMethod = (typeof CREATION_METHODS)[number];

/** Largest serialised rich-text field accepted (a question with a few images is far below). */
export const RICH_TEXT_MAX_CHARS = 200_000;
/** Time limit bounds (document 2 section 5): up to 12 h 59 min. */
export const TIME_LIMIT_MAX_SECONDS = (12 * 60 + 59) * 60;
export const MAX_QUESTIONS = 200;

const richText = (field: string) => z.string({ error: `${field} is required` }).max(RICH_TEXT_MAX_CHARS, `${field} is too long`);
const marksSchema = z
  .number({ error: 'marks_possible must be a number' })
  .min(0, 'Marks must be 0 or more')
  .max(1000, 'Marks must be at most 1000')
  .refine((m) => Number.isInteger(m * 4), 'Marks go in steps of 0.25');
const tagsSchema = z.array(z.string().trim().min(1).max(200)).max(50).default([]);

/** A question as the wizard sends it. `question` is serialised editor state (JSON) or plain text. */
export const NewQuestionSchema = z.object({
  question_number: z.number().int().min(1),
  question: richText('question'),
  marks_possible: marksSchema,
  answer: richText('answer').default(''),
  grading_instructions: richText('grading_instructions').default(''),
  tags: tagsSchema,
  flagged_for_review: z.string().max(2000).optional(),
  question_type: z.string().max(50).optional(),
  topics: z.array(z.string().max(100)).max(20).optional(),
  source_document_id: z.union([z.string(), z.number()]).nullable().optional(),
  original_question_number: z.union([z.string(), z.number()]).nullable().optional(),
});
export type NewQuestion = z.input<typeof NewQuestionSchema>;

export const AddAssignmentBodySchema = z.object({
  title: titleSchema,
  description: z.string().max(5000).default(''),
  /** The due instant (the wizard sends the due day at 23:59:59.999 UTC). */
  due_date: z.iso.datetime({ offset: true, error: 'Please select both date and time' }),
  email: z.string().optional(),
  expressMode: z.boolean().default(false),
  /** A course code the instructor teaches. 'General' (the spec's default) is not a course: it is refused. */
  course: z.string({ error: 'Please select a course' }).trim().min(1, 'Please select a course'),
  creation_method: z.enum(CREATION_METHODS, { error: 'Please select a creation method' }),
  student_submissions_allowed: z.boolean({ error: 'Please select whether to allow student submissions' }),
  /** 'scheduled' with live_date: students see the assignment from then. Default immediately. */
  make_live: z.enum(['immediately', 'scheduled']).default('immediately'),
  live_date: z.iso.datetime({ offset: true }).nullable().optional(),
  ai_config: z.union([z.string(), z.number()]).nullable().optional(),
  /** Seconds, or null for no limit. */
  time_limit: z.number().int().min(1, 'Please set a time limit greater than 0').max(TIME_LIMIT_MAX_SECONDS).nullable().default(null),
  rubric_ids: z
    .array(z.union([z.string(), z.number()]))
    .max(100)
    .optional(),
  questions: z.array(NewQuestionSchema).min(1, 'Please add at least one question before previewing.').max(MAX_QUESTIONS),
  /** The stored source document (marking scheme) of a document-made assignment. */
  gsutil_url: z.string().max(500).nullable().optional(),
});
export type AddAssignmentBody = z.input<typeof AddAssignmentBodySchema>;

export const AddAssignmentReplySchema = CommandReplySchema.extend({ assignment_id: z.number().int() });

/** A row of `/instructor/assignments`. average is null until something is graded (issue: grading). */
export const InstructorAssignmentSchema = z.object({
  assignment_id: z.number().int(),
  title: z.string(),
  course: z.string(),
  course_code: z.string(),
  course_name: z.string(),
  subject: z.string(),
  due_date: z.string(),
  created_at: z.string(),
  live_at: z.string(),
  submissions: z.number().int(),
  average: z.number().nullable(),
  question_count: z.number().int(),
  marks_total: z.number(),
  time_limit: z.number().int().nullable(),
  student_submissions_allowed: z.boolean(),
  creation_method: z.string(),
});
export type InstructorAssignment = z.infer<typeof InstructorAssignmentSchema>;

export const InstructorQuestionSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  question: z.string(),
  answer: z.string(),
  grading_instructions: z.string(),
  marks_possible: z.number(),
  tags: z.array(z.string()),
  /** Empty when there is no unresolved flag. */
  flagged_for_review: z.string(),
});
export type InstructorQuestion = z.infer<typeof InstructorQuestionSchema>;

export const AssignmentSheetSchema = z.object({
  assignment_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  due_date: z.string(),
  course_code: z.string(),
  course_name: z.string(),
  time_limit: z.number().int().nullable(),
  student_submissions_allowed: z.boolean(),
  questions: z.array(InstructorQuestionSchema),
});
export type AssignmentSheet = z.infer<typeof AssignmentSheetSchema>;

const assignmentIdSchema = z.number({ error: 'assignment_id is required' }).int().positive();

export const UpdateQuestionBodySchema = z.object({
  question_id: z.number({ error: 'question_id is required' }).int().positive(),
  /** Optional: the server finds the question's assignment when it is left out. */
  assignment_id: assignmentIdSchema.optional(),
  question: richText('question').refine((q) => q.trim() !== '', 'Question content cannot be empty'),
  answer: richText('answer').default(''),
  grading_instructions: richText('grading_instructions').default(''),
  marks_possible: marksSchema,
  tags: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
  /** '' resolves the flag (Mark as Resolved in the editor clears its text). */
  flagged_for_review: z.string().max(2000).optional(),
});
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBodySchema>;

export const graderRoutes = {
  addAssignment: route({
    method: 'POST',
    path: '/grader/add-assignment',
    kind: 'command',
    access: 'instructor',
    summary: "Create an assignment with its questions in a course the instructor teaches (the wizard's Create button).",
    body: AddAssignmentBodySchema,
    reply: AddAssignmentReplySchema,
  }),
  previousAssignments: route({
    method: 'POST',
    path: '/grader/previous-assignments',
    kind: 'query',
    access: 'instructor',
    summary:
      "The assignments of the courses the signed-in instructor teaches, latest due first. email, when sent, must be the instructor's own.",
    body: z.object({ email: z.string().optional() }),
    reply: z.array(InstructorAssignmentSchema),
  }),
  deleteAssignment: route({
    method: 'POST',
    path: '/grader/delete-assignment',
    kind: 'command',
    access: 'instructor',
    summary: 'Delete an assignment: it disappears for the instructor and its students; its history stays in the log.',
    body: z.object({ assignment_id: assignmentIdSchema, email: z.string().optional() }),
    reply: CommandReplySchema,
  }),
  renameAssignment: route({
    method: 'POST',
    path: '/grader/rename-assignment',
    kind: 'command',
    access: 'instructor',
    summary: 'Rename an assignment (the same title rules as creation).',
    body: z.object({ assignment_id: assignmentIdSchema, new_title: titleSchema }),
    reply: CommandReplySchema,
  }),
  getInstructorAssignmentQuestions: route({
    method: 'POST',
    path: '/grader/get-assignment-questions',
    kind: 'query',
    access: 'instructor',
    summary:
      'An assignment with its questions, answers, grading instructions, tags and flags (404 unless the instructor teaches its course).',
    body: z.object({ assignment_id: assignmentIdSchema }),
    reply: AssignmentSheetSchema,
  }),
  updateQuestion: route({
    method: 'POST',
    path: '/grader/update-question',
    kind: 'command',
    access: 'instructor',
    summary: 'Edit one question (content, answer, grading instructions, marks, tags); flagged_for_review "" resolves its flag.',
    body: UpdateQuestionBodySchema,
    reply: CommandReplySchema,
  }),
} as const;
