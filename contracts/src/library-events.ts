import { z } from 'zod';

/**
 * Events of the libraries an instructor draws on (rubrics, the question library, textbooks), of the Smart
 * Builder permission and of AI Express runs. The seeded libraries live on shared streams (tenant
 * `SHARED_LIBRARY_TENANT`); what a school adds lives on its own. Data is camelCase.
 */
const isoDate = z.iso.datetime({ offset: true });

/** The tenant of the libraries every school shares. Not a possible school: tenants are [a-z0-9-]. */
export const SHARED_LIBRARY_TENANT = '_shared';

export const RubricAddedSchema = z.object({
  type: z.literal('RubricAdded'),
  data: z.object({
    rubricId: z.number().int(),
    /** The category, e.g. 'Problem Solving'. */
    rubricName: z.string(),
    criterion: z.string(),
    /** Names the four levels: Novice, Apprentice, Competent, Proficient. */
    description: z.string(),
    /** A user id, or null for the seeded library. */
    addedBy: z.number().int().nullable(),
    addedAt: isoDate,
  }),
});

export const LibraryQuestionAddedSchema = z.object({
  type: z.literal('LibraryQuestionAdded'),
  data: z.object({
    questionId: z.number().int(),
    subject: z.string(),
    /** 'short answer', 'numerical', 'long answer', 'multiple choice', ... */
    questionType: z.string(),
    questionText: z.string(),
    /** '' when the source gave none: readers show the spec's placeholder. */
    answer: z.string(),
    gradingInstructions: z.string(),
    marksPossible: z.number().nonnegative(),
    topics: z.array(z.string()),
    sourceTitle: z.string(),
    sourceDocumentId: z.union([z.string(), z.number()]).nullable(),
    originalQuestionNumber: z.union([z.string(), z.number()]).nullable(),
    /** School grade 6-12 the question suits, when known. */
    grade: z.string().optional(),
    addedBy: z.number().int().nullable().optional(),
    addedAt: isoDate,
  }),
});

export const TextbookAddedSchema = z.object({
  type: z.literal('TextbookAdded'),
  data: z.object({
    textbookId: z.number().int(),
    title: z.string(),
    /** Absent when unknown: readers show 'Unknown'. */
    author: z.string().optional(),
    subject: z.string(),
    addedAt: isoDate,
    /** The uploaded PDF in the blob store (issue 13); absent for the seeded books (made again from their text). */
    pdfKey: z.string().optional(),
    /** Who uploaded it; absent or null: the system (the seed). */
    addedBy: z.number().int().nullable().optional(),
  }),
});

/** On the instructor's user stream: the school admin lets them use Smart Builder, or stops it. */
export const SmartBuilderAccessGrantedSchema = z.object({
  type: z.literal('SmartBuilderAccessGranted'),
  data: z.object({ userId: z.number().int(), grantedBy: z.number().int().nullable(), at: isoDate }),
});
export const SmartBuilderAccessRevokedSchema = z.object({
  type: z.literal('SmartBuilderAccessRevoked'),
  data: z.object({ userId: z.number().int(), revokedBy: z.number().int().nullable(), at: isoDate }),
});

export const AiReferenceSchema = z.object({
  kind: z.enum(['file', 'url']),
  name: z.string(),
  /** The blob key or URL of a `url` reference. */
  location: z.string().optional(),
  pages: z.number().int().nonnegative(),
  questionsFound: z.number().int().nonnegative(),
});

/** What an AI Express run was asked and who answered: its id is the assignment's `ai_config`. */
export const AiConfigRecordedSchema = z.object({
  type: z.literal('AiConfigRecorded'),
  data: z.object({
    configId: z.number().int(),
    prompt: z.string(),
    subject: z.string(),
    title: z.string(),
    description: z.string(),
    textbooks: z.array(z.object({ id: z.union([z.string(), z.number()]), title: z.string(), author: z.string() })),
    /** 'rubric name - criterion' of each chosen rubric. */
    rubrics: z.array(z.string()),
    references: z.array(AiReferenceSchema),
    /** The model's name, or 'offline'. */
    generator: z.string(),
    /** Set when a configured model failed and the offline algorithm answered instead. */
    fallbackReason: z.string().optional(),
    questionCount: z.number().int().nonnegative(),
    recordedBy: z.number().int(),
    recordedAt: isoDate,
  }),
});

export const LIBRARY_EVENT_SCHEMAS = [
  RubricAddedSchema,
  LibraryQuestionAddedSchema,
  TextbookAddedSchema,
  SmartBuilderAccessGrantedSchema,
  SmartBuilderAccessRevokedSchema,
  AiConfigRecordedSchema,
] as const;
