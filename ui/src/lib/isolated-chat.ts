import { CHAT_LIMITS, richTextToPlainText, type AssignmentQuestion } from '@evergrade/contracts';

/** The IsolatedChat route (spec document 1: query `message` and `subject`), with the feedback a question asks about. */
export const ISOLATED_CHAT_PATH = '/student/assistant/ask';

export type FeedbackContext = { kind: 'feedback'; assignmentId: number; questionNumber: number };
export type IsolatedChatRequest = { message: string; subject?: string; context?: FeedbackContext };

export function isolatedChatHref({ message, subject, context }: IsolatedChatRequest): string {
  const q = new URLSearchParams({ message });
  if (subject) q.set('subject', subject);
  if (context) {
    q.set('assignmentId', String(context.assignmentId));
    q.set('question', String(context.questionNumber));
  }
  return `${ISOLATED_CHAT_PATH}?${q.toString()}`;
}

export function parseIsolatedChat(search: URLSearchParams): IsolatedChatRequest {
  const message = (search.get('message') ?? '').slice(0, CHAT_LIMITS.maxQueryChars);
  const subject = search.get('subject') ?? undefined;
  const assignmentId = Number(search.get('assignmentId'));
  const questionNumber = Number(search.get('question'));
  const context =
    Number.isInteger(assignmentId) && assignmentId > 0 && Number.isInteger(questionNumber) && questionNumber > 0
      ? ({ kind: 'feedback', assignmentId, questionNumber } as const)
      : undefined;
  return { message, ...(subject ? { subject } : {}), ...(context ? { context } : {}) };
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** "Ask about my feedback" on a graded question: the question, the mark and the feedback, as one question to the assistant. */
export function feedbackQuestion(assignmentId: number, q: AssignmentQuestion, subject?: string): IsolatedChatRequest {
  const question = cut(richTextToPlainText(q.question_content).replace(/\s+/g, ' ').trim(), 700);
  const feedback = cut(
    richTextToPlainText(q.feedback ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
    900,
  );
  const mark = q.grade == null ? '' : ` I got ${q.grade} out of ${q.marks_possible}.`;
  const message = [
    `Question ${q.question_number}: ${question}`,
    feedback ? `Feedback: ${feedback}` : 'There was no written feedback.',
    `Help me understand this feedback and what to study.${mark}`,
  ].join('\n');
  return { message, ...(subject ? { subject } : {}), context: { kind: 'feedback', assignmentId, questionNumber: q.question_number } };
}
