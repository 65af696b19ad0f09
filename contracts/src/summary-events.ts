import { z } from 'zod';

/**
 * Written summaries of graded work (issue 12, item 4; spec document 2, student summary modal): one stream per
 * assignment, `summaries:{tenant}:{assignmentId}`, appended by the summary writer (projectors/src/summaries), keyed by
 * command ids made from the inputs' versions, so a retry or a second writer never writes one twice.
 * Each summary names the grades it was written from: a grading event after those inputs makes it stale.
 */
const isoDate = z.iso.datetime({ offset: true });

export const SummaryWriterSchema = z.object({
  /** 'ai': written by the configured model; 'offline': built from the data alone (no provider, or its call failed). */
  generator: z.enum(['ai', 'offline']),
  /** The model name, or 'offline'. */
  provider: z.string(),
});

/** A student's summary of one assignment, written from their marks, feedback and rubric scores. */
export const StudentSummaryWrittenSchema = z.object({
  type: z.literal('StudentSummaryWritten'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    summary: z.string(),
    ...SummaryWriterSchema.shape,
    /** Why the model's text was not used (its error), when the generator fell back to offline. */
    fallbackReason: z.string().optional(),
    inputs: z.object({
      /** The student's grading stream version (`grading:{tenant}:{assignment}:{student}`) the grades were read at. */
      gradingVersion: z.number().int(),
      /** The global position of the last grading event of that stream the grades reflect. */
      gradingPosition: z.string(),
      /**
       * The position of the last grading event of the student's earlier assignments of the course (the trend) the
       * summary reflects; absent when none was known.
       */
      trendPosition: z.string().optional(),
      /** The total it was written for. */
      obtained: z.number(),
      possible: z.number(),
    }),
    writtenAt: isoDate,
  }),
});

/** The class summary of one assignment, over every fully graded submission. */
export const ClassSummaryWrittenSchema = z.object({
  type: z.literal('ClassSummaryWritten'),
  data: z.object({
    assignmentId: z.number().int(),
    summary: z.string(),
    ...SummaryWriterSchema.shape,
    fallbackReason: z.string().optional(),
    inputs: z.object({
      /** The global position of the assignment's last grading event the summary reflects. */
      gradingPosition: z.string(),
      /** How many graded submissions it covers. */
      students: z.number().int(),
    }),
    writtenAt: isoDate,
  }),
});

/** Writing the class summary failed: the route answers status 'error' with this message until a grade changes. */
export const ClassSummaryFailedSchema = z.object({
  type: z.literal('ClassSummaryFailed'),
  data: z.object({
    assignmentId: z.number().int(),
    error: z.string(),
    provider: z.string(),
    inputs: z.object({ gradingPosition: z.string() }),
    failedAt: isoDate,
  }),
});

export const SUMMARY_EVENT_SCHEMAS = [StudentSummaryWrittenSchema, ClassSummaryWrittenSchema, ClassSummaryFailedSchema] as const;
export const SUMMARY_EVENT_TYPES = SUMMARY_EVENT_SCHEMAS.map((s) => s.shape.type.value);
export type StudentSummaryWritten = z.infer<typeof StudentSummaryWrittenSchema>;
export type ClassSummaryWritten = z.infer<typeof ClassSummaryWrittenSchema>;
export type ClassSummaryFailed = z.infer<typeof ClassSummaryFailedSchema>;
export type SummaryEvent = StudentSummaryWritten | ClassSummaryWritten | ClassSummaryFailed;
