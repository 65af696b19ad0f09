import { z } from 'zod';

/** Sent to the rooms a read-model change concerns; the UI invalidates the matching query keys. */
export const ProjectionUpdatedSchema = z.object({
  projection: z.string(),
  keys: z.array(z.string()),
  position: z.string(),
  /** The read model was rebuilt and swapped in: anything read from it may have changed (sent to every client). */
  rebuilt: z.boolean().optional(),
});
export type ProjectionUpdated = z.infer<typeof ProjectionUpdatedSchema>;

export const SOCKET_EVENTS = {
  projectionUpdated: 'projection.updated',
  watchAssignment: 'watch.assignment',
} as const;

/** Room and notice keys: `user:5`, `assignment:12`, `course:3` (the tenant is added by the gateway). */
export const noticeKeys = {
  user: (id: number) => `user:${id}`,
  assignment: (id: number) => `assignment:${id}`,
  course: (id: number) => `course:${id}`,
  /** Anything on the admin's screens of a school changed. */
  school: () => 'school',
  /** The school's (and the shared) textbook list changed: every signed-in socket of the school is in this room. */
  textbooks: () => 'textbooks',
};

export const PROJECTIONS = {
  studentAssignments: 'student-assignments',
  assignmentQuestions: 'assignment-questions',
  directory: 'directory',
  instructorAssignments: 'instructor-assignments',
  /** Assignment statistics, item analysis and course grades (notice keys: assignment and course). */
  insights: 'insights',
  /** Written student and class summaries (notice keys: assignment). */
  summaries: 'summaries',
  /** Textbooks with their status and example queries (notice key: textbooks, to every socket of the school). */
  textbooks: 'textbooks',
  /** Passages of the textbooks, searched by the assistant (no notices). */
  textbookPassages: 'textbook-passages',
  /** Instructors' assistant conversations and their chats (notice keys: user). */
  conversations: 'conversations',
} as const;

/**
 * The study assistant's socket events (spec document 1 section 7, document 2 section 7). Every reply is a run
 * of `response` (or `guest-response`) events whose `message` is a chunk of the answer; the chunk `[END]`
 * (CHAT_END) ends it. Just before `[END]` one event carries the answer's `sources` (message ''); a refusal or
 * failure is one event with `error` (the message to show) followed by `[END]`.
 *
 * Signed-in clients connect with the session cookie and `query: { tenant, csrf }` (the csrf_access_token
 * cookie's value); a mismatch refuses the connection. A client without a session connects as a guest and may
 * only send `guest-message`.
 */
export const CHAT_SOCKET_EVENTS = {
  /** Student → server. */
  message: 'message',
  /** Instructor (AURA) → server. */
  message2: 'message2',
  /** Guest → server. */
  guestMessage: 'guest-message',
  /** Server → student and instructor. */
  response: 'response',
  /** Server → guest. */
  guestResponse: 'guest-response',
  /** Client → server: stop the pending reply (it ends with `[END]`). */
  cancel: 'chat.cancel',
} as const;

const chatQuery = z.string();

export const StudentChatMessageSchema = z.object({
  userId: z.coerce.number().int(),
  firstName: z.string().optional(),
  textbookId: z.coerce.number().int().positive(),
  query: chatQuery,
  /**
   * "Ask about my feedback" (IsolatedChat): the graded question and its feedback the student asks about;
   * the server checks the response is the student's own and graded.
   */
  context: z
    .object({ kind: z.literal('feedback'), assignmentId: z.coerce.number().int(), questionNumber: z.coerce.number().int() })
    .optional(),
});
export type StudentChatMessage = z.infer<typeof StudentChatMessageSchema>;

export const InstructorChatMessageSchema = z.object({
  conversationId: z.coerce.number().int().positive(),
  conversationTitle: z.string().optional(),
  instructorId: z.coerce.number().int(),
  userType: z.string().optional(),
  firstName: z.string().optional(),
  /** The textbook title(s) shown (informational; the conversation's textbookIds are what is searched). */
  title: z.string().optional(),
  subject: z.string().optional(),
  query: chatQuery,
});
export type InstructorChatMessage = z.infer<typeof InstructorChatMessageSchema>;

export const GuestChatMessageSchema = z.object({
  textbookId: z.coerce.number().int().positive(),
  query: chatQuery,
});
export type GuestChatMessage = z.infer<typeof GuestChatMessageSchema>;

export const ChatResponseSchema = z.object({
  /** A chunk of the answer, or '[END]'. */
  message: z.string(),
  /** Once, just before '[END]': the passages the answer was built from. */
  sources: z
    .array(z.object({ textbookId: z.number().int(), title: z.string(), page: z.number().int(), passageId: z.number().int() }))
    .optional(),
  /** The answer's provider ('offline' or the model), with the sources. */
  provider: z.string().optional(),
  /** A refusal or failure to show (rate limit, guest allowance, no such book, time-out); '[END]' follows. */
  error: z.string().optional(),
  /** For guests, after each answer: chats left today. */
  remainingChats: z.number().int().optional(),
  /** message2: the conversation this reply belongs to. */
  conversationId: z.number().int().optional(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;
