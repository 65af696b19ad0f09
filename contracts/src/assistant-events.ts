import { z } from 'zod';

/**
 * Events of the study assistant (issue 13): the textbook library's text and index, instructors' saved
 * conversations (AURA), every answer the assistant gave (with its provider and sources) and guests' daily
 * allowance. `TextbookAdded` itself is in library-events.ts.
 *
 * Streams (stream-ids.ts): a book's events are on `textbooks:{tenant}` with its TextbookAdded; a conversation
 * is `conversation:{tenant}:{id}`; a student's answers are on `assistant:{tenant}:{userId}`; a guest's day is
 * `guest-chat:{day}:{guestKey}` (tenant SHARED_LIBRARY_TENANT).
 */
const isoDate = z.iso.datetime({ offset: true });

/** Where an answer's passage is: shown as "{title}, p. {page}"; `passageId` opens it. */
export const CitationSchema = z.object({
  textbookId: z.number().int(),
  title: z.string(),
  page: z.number().int().positive(),
  passageId: z.number().int(),
});
export type Citation = z.infer<typeof CitationSchema>;

/** The text of some pages of an uploaded or seeded book, page numbers from 1, at most 25 pages an event. */
export const TextbookPagesExtractedSchema = z.object({
  type: z.literal('TextbookPagesExtracted'),
  data: z.object({
    textbookId: z.number().int(),
    pages: z.array(z.object({ page: z.number().int().positive(), text: z.string() })),
    /** How the text was read: the PDF's text layer, or OCR of the page image. */
    method: z.enum(['text', 'ocr']),
  }),
});

/** All pages are in: the book is searchable. Example queries are drawn from the book's headings. */
export const TextbookIndexedSchema = z.object({
  type: z.literal('TextbookIndexed'),
  data: z.object({
    textbookId: z.number().int(),
    pageCount: z.number().int().nonnegative(),
    exampleQueries: z.array(z.string()),
    at: isoDate,
  }),
});

export const TextbookIndexingFailedSchema = z.object({
  type: z.literal('TextbookIndexingFailed'),
  data: z.object({ textbookId: z.number().int(), reason: z.string(), at: isoDate }),
});

export const TextbookRemovedSchema = z.object({
  type: z.literal('TextbookRemoved'),
  data: z.object({
    textbookId: z.number().int(),
    /** null: the system (the seed retiring a title-only book). */
    removedBy: z.number().int().nullable(),
    at: isoDate,
  }),
});

/** An instructor's conversation is created on the server at its first send (the client's id -1 until then). */
export const ConversationStartedSchema = z.object({
  type: z.literal('ConversationStarted'),
  data: z.object({
    conversationId: z.number().int(),
    ownerId: z.number().int(),
    title: z.string(),
    subject: z.string(),
    textbookIds: z.array(z.number().int()),
    at: isoDate,
  }),
});

export const ConversationRenamedSchema = z.object({
  type: z.literal('ConversationRenamed'),
  data: z.object({
    conversationId: z.number().int(),
    title: z.string(),
    /** True when the title was generated after the first message (generate-conversation-title). */
    generated: z.boolean().optional(),
    at: isoDate,
  }),
});

export const ConversationDeletedSchema = z.object({
  type: z.literal('ConversationDeleted'),
  data: z.object({ conversationId: z.number().int(), at: isoDate }),
});

/**
 * The instructor's index of live conversations, on `conversations-of:{tenant}:{instructorId}`: a slot is taken
 * (appended with the version read, so two racing new-conversation calls cannot both take the tenth) before the
 * conversation's ConversationStarted, and released after its ConversationDeleted. Not projected.
 */
export const ConversationSlotTakenSchema = z.object({
  type: z.literal('ConversationSlotTaken'),
  data: z.object({ conversationId: z.number().int(), at: isoDate }),
});

export const ConversationSlotReleasedSchema = z.object({
  type: z.literal('ConversationSlotReleased'),
  data: z.object({ conversationId: z.number().int(), at: isoDate }),
});

/**
 * One answer the assistant gave, whole (after `[END]`), recorded with what it was built from. On the
 * conversation's stream (instructor), the student's assistant stream, or the guest's day stream.
 */
export const AssistantAnsweredSchema = z.object({
  type: z.literal('AssistantAnswered'),
  data: z.object({
    /** null for a guest. */
    userId: z.number().int().nullable(),
    role: z.enum(['student', 'instructor', 'guest']),
    conversationId: z.number().int().nullable(),
    textbookIds: z.array(z.number().int()),
    query: z.string(),
    response: z.string(),
    sources: z.array(CitationSchema),
    /** The model's name, or 'offline' (extractive answer). */
    provider: z.string(),
    /** Set when a configured model failed and the extractive answer was given instead. */
    fallbackReason: z.string().optional(),
    /** 'feedback': asked from a graded assignment ("Ask about my feedback"). */
    context: z.enum(['feedback']).optional(),
    /** The reply was cut off (socket dropped, time-out): `response` holds what was sent. */
    cancelled: z.boolean().optional(),
    at: isoDate,
  }),
});

/** A guest used one chat of the day's allowance (appended before answering, with the stream's version as the count). */
export const GuestChatUsedSchema = z.object({
  type: z.literal('GuestChatUsed'),
  data: z.object({ day: z.string(), at: isoDate }),
});

export const ASSISTANT_EVENT_SCHEMAS = [
  TextbookPagesExtractedSchema,
  TextbookIndexedSchema,
  TextbookIndexingFailedSchema,
  TextbookRemovedSchema,
  ConversationStartedSchema,
  ConversationRenamedSchema,
  ConversationDeletedSchema,
  ConversationSlotTakenSchema,
  ConversationSlotReleasedSchema,
  AssistantAnsweredSchema,
  GuestChatUsedSchema,
] as const;
