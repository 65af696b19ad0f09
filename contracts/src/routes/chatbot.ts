import { z } from 'zod';
import { CitationSchema } from '../assistant-events';
import { PdfProgressFieldsSchema } from './documents';
import { TextbookSchema } from './library';
import { CommandReplySchema, route } from './route';

/**
 * The study assistant (issue 13; spec document 1 "Study assistant chat", document 2 "Instructor chat page",
 * "Guest landing page", "/website2", sections 5, 7-9): the textbook library with its text index, answers
 * grounded in it (socket events in socket.ts), AURA's saved conversations, guests' allowance, speech, and the
 * public pages' figures. `GET /chatbot/list-textbooks` is in library.ts.
 */

/** Spec limits and timings, and this project's own where the spec says "not shown". */
export const CHAT_LIMITS = {
  /** Document 2 section 9. */
  maxConversations: 10,
  maxTitleChars: 50,
  replyTimeoutMs: 30_000,
  /** Document 1 section 9: streaming replies are typeset at most once a second. */
  typesetThrottleMs: 1_000,
  /** Document 1: default selected textbook id. */
  defaultTextbookId: 1,
  /** Document 2: the guest counter shows 5 before the server answers; also the default daily allowance (GUEST_DAILY_CHATS). */
  guestDailyChats: 5,
  /** The longest question accepted (characters, after trimming). */
  maxQueryChars: 2_000,
  /** Questions per user per minute (signed-in), and per guest per minute. */
  userPerMinute: 20,
  guestPerMinute: 5,
  /** An uploaded textbook PDF: at most this many bytes and pages. */
  textbookMaxBytes: 50 * 1024 * 1024,
  textbookMaxPages: 1_000,
  /** Text sent to speech, after formulas and markdown are stripped (longer text is cut at a sentence end). */
  speechMaxChars: 1_500,
  /** Passages an answer is built from. */
  passagesPerAnswer: 5,
  /** Example queries kept per book. */
  exampleQueries: 4,
} as const;

/** The chunk that ends every streamed reply (document 1 section 7, document 2 section 7). */
export const CHAT_END = '[END]';

/** Exact texts (spec documents 1 and 2, section 8) and this project's own. */
export const CHAT_MESSAGES = {
  // Document 2 section 8.
  textbooksFailed: 'Failed to load textbooks. Please try again later.',
  conversationsFailed: 'Failed to load conversations. Please try again later.',
  messagesFailed: 'Failed to load messages for this conversation. Please try again later.',
  renameFailed: 'Failed to rename. Please try again later.',
  deleteFailed: 'Failed to delete. Please try again later.',
  newConversationFailed: 'Failed to create new conversation. Please try again later.',
  noResponse: 'No response from the server. Please try again later.',
  connectError: 'Could not connect to the server. Please check your network.',
  // Document 2 section 5.
  cannotSwitch: 'Cannot switch chat while waiting for a response.',
  cannotRename: 'Cannot rename chat while waiting for a response.',
  cannotDelete: 'Cannot delete chat while waiting for a response.',
  // Documents 1 and 2: dictation.
  dictationSafari: 'Dictation is not supported in Safari. Please use a different browser.',
  dictationUnsupported: 'Speech recognition is not supported in this browser.',
  // Document 1 section 8.
  noGradedQuestions: 'No graded questions found',
  // This project's own.
  notFoundInBook: (title: string) => `I could not find this in ${title}.`,
  newChatTitle: 'New Chat',
  tooManyConversations: `You can keep at most ${10} conversations. Delete one to start another.`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${50} characters`,
  queryRequired: 'Please type a question.',
  queryTooLong: `Questions can be at most ${2_000} characters.`,
  rateLimited: 'You are asking too quickly. Please wait a moment and try again.',
  guestLimitReached: (renewsAt: string) => `You have used today's free chats. They renew at ${renewsAt}.`,
  textbookNotReady: 'This textbook is still being indexed. Please try again in a moment.',
  textbookNotFound: 'Textbook not found',
  passageNotFound: 'Passage not found',
  conversationNotFound: 'Conversation not found',
  pdfOnly: 'Textbooks must be PDF files',
  textbookTooLarge: `Textbooks can be at most ${50} MB.`,
  textbookTooManyPages: `Textbooks can have at most ${1_000} pages.`,
  textbookNoText: 'No text could be read from this PDF.',
  sharedTextbookReadOnly: 'Shared textbooks cannot be removed by a school.',
  textbookRoleRequired: 'Only school admins and instructors can add or remove textbooks.',
  textbookFileRequired: 'Choose a PDF file to upload.',
  textbookUnreadable: 'This PDF could not be read. It may be damaged or password-protected.',
  textbookNotMultipart: 'Send the textbook as multipart/form-data',
  speechTextRequired: 'Text is required',
  assistantUnavailable: 'The assistant could not answer just now. Please try again.',
  /** A second question on one socket while its reply is still coming. */
  replyPending: 'Please wait for the current reply to finish.',
  /** A signed-in chat event from a guest socket. */
  signInToChat: 'Please sign in to use this assistant.',
} as const;

// ---------------------------------------------------------------- textbooks

/** multipart/form-data fields besides `file` (one PDF). */
export const UploadTextbookFieldsSchema = z.object({
  title: z.string().trim().min(2, 'title must be at least 2 characters').max(200, 'title must be at most 200 characters'),
  subject: z.string().trim().min(2, 'subject must be at least 2 characters').max(80, 'subject must be at most 80 characters'),
  /** Empty: 'Unknown'. */
  author: z.string().trim().max(200, 'author must be at most 200 characters').optional(),
});

/** One NDJSON line of the upload's reply: progress while the pages are read and indexed, then complete or error. */
export const UploadTextbookLineSchema = z.object({
  status: z.enum(['processing', 'complete', 'error']),
  stage: z.enum(['stored', 'reading', 'indexing']).optional(),
  ...PdfProgressFieldsSchema.shape,
  textbook_id: z.number().int().optional(),
  example_queries: z.array(z.string()).optional(),
  error: z.string().optional(),
  /** With 'complete': where the TextbookIndexed event sits, for read-your-writes. */
  position: z.string().nullable().optional(),
});
export type UploadTextbookLine = z.infer<typeof UploadTextbookLineSchema>;

export const RemoveTextbookBodySchema = z.object({ textbook_id: z.coerce.number().int().positive() });

/** A passage an answer cites: the student opens it from the citation. */
export const PassageSchema = z.object({
  passage_id: z.number().int(),
  textbook_id: z.number().int(),
  title: z.string(),
  page: z.number().int(),
  text: z.string(),
});
export type Passage = z.infer<typeof PassageSchema>;

/**
 * One retrieval hit (the textbook-passages read model's `searchPassages`): best first. `score` is the
 * ranking's (BM25-like: the question's words weighed by rarity, occurrences, the section heading and the
 * passage's length, plus PostgreSQL's ts_rank_cd); only its order is meaningful.
 */
export const PassageHitSchema = PassageSchema.extend({ score: z.number() });
export type PassageHit = z.infer<typeof PassageHitSchema>;

// ---------------------------------------------------------------- conversations (AURA)

const Instructor = {
  instructorId: z.coerce.number().int(),
  userType: z.string().optional(),
};

export const ConversationSummarySchema = z.object({
  conversation_id: z.number().int(),
  conversation_title: z.string(),
  conversation_created: z.string(),
  textbookIds: z.array(z.number().int()),
  subject: z.string(),
  /** Time of the last answer, or of creation. */
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationChatSchema = z.object({
  query: z.string(),
  response: z.string(),
  sources: z.array(CitationSchema),
  provider: z.string(),
  created_at: z.string(),
});
export type ConversationChat = z.infer<typeof ConversationChatSchema>;

const title = z
  .string({ error: CHAT_MESSAGES.titleRequired })
  .trim()
  .min(1, CHAT_MESSAGES.titleRequired)
  .max(CHAT_LIMITS.maxTitleChars, CHAT_MESSAGES.titleTooLong);

export const NewConversationBodySchema = z.object({
  title,
  ...Instructor,
  subject: z.string().trim().max(80).default(''),
  textbookIds: z.array(z.coerce.number().int().positive()).min(1, 'Select at least one textbook').max(20),
});
export const RenameConversationBodySchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  conversationTitle: title,
  ...Instructor,
});
export const DeleteConversationBodySchema = z.object({ conversationId: z.coerce.number().int().positive(), ...Instructor });
export const GetConversationChatsBodySchema = z.object({ conversation_id: z.coerce.number().int().positive(), ...Instructor });
export const GenerateTitleBodySchema = z.object({
  query: z.string().trim().min(1, CHAT_MESSAGES.queryRequired).max(CHAT_LIMITS.maxQueryChars, CHAT_MESSAGES.queryTooLong),
  /** When given, the generated title is recorded on that conversation (ConversationRenamed, generated). */
  conversationId: z.coerce.number().int().positive().optional(),
});

// ---------------------------------------------------------------- speech, guests, public pages

export const TextToSpeechBodySchema = z.object({
  text: z.string({ error: CHAT_MESSAGES.speechTextRequired }).trim().min(1, CHAT_MESSAGES.speechTextRequired).max(20_000),
});

/**
 * What the public pages show. Every figure is counted live from the read models or set by the operator;
 * `grading_accuracy` is the project's own measurement on its labelled set (null until measured) unless the
 * operator sets it.
 */
export const PublicSiteSchema = z.object({
  /** LANDING_PAGE=true: `/` shows the landing page instead of redirecting to /login. */
  landing_page: z.boolean(),
  /** BOOKING_URL: "Get in touch" / "Book Demo" / "Get Demo"; null hides those buttons. */
  booking_url: z.string().nullable(),
  /** SIGNUP_URL: "Try it for free" (default: the app's own /instructor/signup). */
  signup_url: z.string(),
  guest_daily_chats: z.number().int(),
  metrics: z.object({
    questions_graded: z.number().int(),
    teachers: z.number().int(),
    subjects: z.number().int(),
    schools: z.number().int(),
    /** A fraction 0-1, or null when not measured. */
    grading_accuracy: z.number().nullable(),
    /** 'measured' (the project's labelled set), 'operator' (set by SITE_GRADING_ACCURACY) or null. */
    grading_accuracy_source: z.enum(['measured', 'operator']).nullable(),
  }),
});
export type PublicSite = z.infer<typeof PublicSiteSchema>;

const audio = z.any().describe('audio/wav bytes');

export const chatbotRoutes = {
  uploadTextbook: route({
    method: 'POST',
    path: '/chatbot/upload-textbook',
    kind: 'command',
    access: 'staff',
    summary: `multipart/form-data: file (one PDF, at most ${CHAT_LIMITS.textbookMaxBytes / (1024 * 1024)} MB and ${CHAT_LIMITS.textbookMaxPages} pages), title, subject, author. School admins and instructors only (403 otherwise). Replies with NDJSON lines: progress while the pages are read (text layer, OCR for scanned pages) and indexed, then status complete with textbook_id and example_queries, or status error. The book is the school's own. Refusals before reading starts are 4xx JSON.`,
    reply: UploadTextbookLineSchema,
  }),
  removeTextbook: route({
    method: 'POST',
    path: '/chatbot/remove-textbook',
    kind: 'command',
    access: 'staff',
    summary: "Remove one of the school's own textbooks (school admins and instructors; shared books: 403). Its passages stop answering.",
    body: RemoveTextbookBodySchema,
    reply: CommandReplySchema,
  }),
  textbookPassage: route({
    method: 'GET',
    path: '/chatbot/passage/:passageId',
    kind: 'query',
    access: 'authenticated',
    summary: 'The text of one cited passage (a shared book or the school’s own), for opening a citation.',
    params: z.object({ passageId: z.coerce.number().int().positive() }),
    reply: PassageSchema,
  }),
  guestPassage: route({
    method: 'GET',
    path: '/chatbot/guest-passage/:passageId',
    kind: 'query',
    access: 'public',
    summary: 'The text of one cited passage of a shared book, for guests.',
    params: z.object({ passageId: z.coerce.number().int().positive() }),
    reply: PassageSchema,
  }),
  getConversations: route({
    method: 'POST',
    path: '/chatbot/get-conversations',
    kind: 'query',
    access: 'instructor',
    summary: "The signed-in instructor's conversations, newest first (at most 10). instructorId must be the caller's (403 otherwise).",
    body: z.object(Instructor),
    reply: z.array(ConversationSummarySchema),
  }),
  getConversationChats: route({
    method: 'POST',
    path: '/chatbot/get-conversation-chats',
    kind: 'query',
    access: 'instructor',
    summary:
      "A conversation's questions and answers, oldest first, with each answer's sources and provider. Another instructor's conversation: 404.",
    body: GetConversationChatsBodySchema,
    reply: z.array(ConversationChatSchema),
  }),
  newConversation: route({
    method: 'POST',
    path: '/chatbot/new-conversation',
    kind: 'command',
    access: 'instructor',
    summary: `Create a conversation (title at most ${CHAT_LIMITS.maxTitleChars} characters, subject, the textbooks it asks). At most ${CHAT_LIMITS.maxConversations} per instructor: 409 past that.`,
    body: NewConversationBodySchema,
    reply: CommandReplySchema.extend({ conversation_id: z.number().int() }),
  }),
  renameConversation: route({
    method: 'POST',
    path: '/chatbot/rename-conversation',
    kind: 'command',
    access: 'instructor',
    summary: `Rename one of the caller's conversations (non-empty, at most ${CHAT_LIMITS.maxTitleChars} characters).`,
    body: RenameConversationBodySchema,
    reply: CommandReplySchema,
  }),
  deleteConversation: route({
    method: 'POST',
    path: '/chatbot/delete-conversation',
    kind: 'command',
    access: 'instructor',
    summary: "Delete one of the caller's conversations.",
    body: DeleteConversationBodySchema,
    reply: CommandReplySchema,
  }),
  generateConversationTitle: route({
    method: 'POST',
    path: '/chatbot/generate-conversation-title',
    kind: 'command',
    access: 'instructor',
    summary: `A title (at most ${CHAT_LIMITS.maxTitleChars} characters) for a conversation from its first question: the AI provider's, or offline from the question's key words. With conversationId, recorded on it.`,
    body: GenerateTitleBodySchema,
    reply: z.object({ title: z.string(), position: z.string().nullable() }),
  }),
  guestChatRemaining: route({
    method: 'GET',
    path: '/chatbot/guest-chat-remaining',
    kind: 'query',
    access: 'public',
    summary: `Chats left today for this guest (a signed cookie and the client address; ${CHAT_LIMITS.guestDailyChats} a day unless GUEST_DAILY_CHATS says otherwise), and when they renew. Sets the guest cookie when missing.`,
    reply: z.object({ remainingChats: z.number().int().nonnegative(), limit: z.number().int(), renewsAt: z.string() }),
  }),
  textToSpeech: route({
    method: 'POST',
    path: '/chatbot/text-to-speech',
    kind: 'query',
    access: 'authenticated',
    summary: `Speech of the text (formulas and markdown stripped, at most ${CHAT_LIMITS.speechMaxChars} characters spoken) as audio/wav: the offline synthesizer, or the AI provider's speech endpoint when configured.`,
    body: TextToSpeechBodySchema,
    reply: audio,
  }),
  guestTextToSpeech: route({
    method: 'POST',
    path: '/chatbot/guest-text-to-speech',
    kind: 'query',
    access: 'public',
    summary: 'As text-to-speech, for guests on the landing page (rate-limited per guest).',
    body: TextToSpeechBodySchema,
    reply: audio,
  }),
  guestTextbooks: route({
    method: 'GET',
    path: '/chatbot/guest-textbooks',
    kind: 'query',
    access: 'public',
    summary:
      "The shared textbooks a guest may ask on the landing page (ready ones, by subject and title) with their example queries; no school's own books.",
    reply: z.array(TextbookSchema),
  }),
  publicSite: route({
    method: 'GET',
    path: '/public/site',
    kind: 'query',
    access: 'public',
    summary:
      'What the landing page and /website2 show: whether the landing page is on, the booking and signup links, the guest allowance, and live figures (questions graded, teachers, subjects, schools, grading accuracy as measured or operator-set).',
    reply: PublicSiteSchema,
  }),
} as const;
