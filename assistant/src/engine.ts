import { CHAT_MESSAGES, type Citation, type PassageHit } from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import { chunksOf, extractiveAnswer, titlesPhrase } from './extractive';

/**
 * One answer from retrieved passages (issue 13 item 2). With a model that streams, the model answers from the
 * passages only, piece by piece; without one, or when it fails before writing anything, the extractive answer
 * (quotes with their pages). Either way the answer goes out in chunks through `emit`, and what was sent is returned
 * with its sources and provider for the AssistantAnswered record.
 */
export type AskerRole = 'student' | 'instructor' | 'guest';

/** "Ask about my feedback": the graded question the student asks about. */
export type FeedbackContext = {
  questionNumber: number;
  question: string;
  answer: string;
  feedback: string;
  pointsObtained: number | null;
  pointsPossible: number | null;
};

export type AnswerRequest = {
  query: string;
  role: AskerRole;
  /** The titles of the books searched (for "I could not find this in {title}"). */
  titles: readonly string[];
  hits: readonly PassageHit[];
  context?: FeedbackContext | null;
  ai: AiProvider;
  /** Aborted: the asker left or cancelled, or the reply's time ran out. */
  signal: AbortSignal;
  /** Sends one chunk (resolves once handed to the socket). */
  emit: (chunk: string) => void | Promise<void>;
  /** Longest wait for the model's first piece before the extractive answer is given instead. */
  firstPieceMs?: number;
};

export type AnswerResult = {
  /** What was sent, whole. */
  response: string;
  sources: Citation[];
  provider: string;
  fallbackReason?: string;
};

export const MODEL_FIRST_PIECE_MS = 15_000;

const citationOf = (h: PassageHit): Citation => ({ textbookId: h.textbook_id, title: h.title, page: h.page, passageId: h.passage_id });

/** The passages as the model reads them, numbered, each with its book and page. */
export function passagesBlock(hits: readonly PassageHit[]): string {
  return hits.map((h, i) => `[${i + 1}] ${h.title}, p. ${h.page}:\n${h.text.trim()}`).join('\n\n');
}

export function contextBlock(context: FeedbackContext): string {
  const points =
    context.pointsObtained !== null && context.pointsPossible !== null ? ` (${context.pointsObtained}/${context.pointsPossible})` : '';
  return [
    `The student asks about question ${context.questionNumber} of a graded assignment${points}.`,
    `Question: ${context.question.trim()}`,
    `The student's answer: ${context.answer.trim() || '(blank)'}`,
    `Feedback given: ${context.feedback.trim() || '(none)'}`,
  ].join('\n');
}

export function modelPrompt(request: Pick<AnswerRequest, 'query' | 'role' | 'titles' | 'hits' | 'context'>): {
  system: string;
  user: string;
} {
  const who =
    request.role === 'instructor'
      ? 'You are AURA, the teaching assistant of a school, answering an instructor.'
      : 'You are the study assistant of a school, answering a student.';
  const notFound = CHAT_MESSAGES.notFoundInBook(titlesPhrase(request.titles));
  const system = [
    who,
    'Answer only from the numbered textbook passages given with the question: use no other knowledge, and never invent facts, quotations or page numbers.',
    'After each statement, cite the passage it comes from as (Title, p. N).',
    `If the passages do not contain the answer, reply exactly: ${notFound}`,
    request.context
      ? 'The student asks about feedback on graded work: explain the feedback and the idea behind the question using the passages; do not change the grade.'
      : '',
    'Be clear and brief. Use Markdown; write mathematics in LaTeX between $ signs.',
  ]
    .filter(Boolean)
    .join('\n');
  const user = [
    `Passages:\n${passagesBlock(request.hits)}`,
    request.context ? `Context:\n${contextBlock(request.context)}` : '',
    `Question: ${request.query}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { system, user };
}

/** Yields to the event loop between chunks, so a cancel or a dropped socket is seen at once. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function sendOffline(text: string, request: AnswerRequest, sent: string[]): Promise<void> {
  for (const chunk of chunksOf(text)) {
    if (request.signal.aborted) return;
    await request.emit(chunk);
    sent.push(chunk);
    await tick();
  }
}

/** The offline answer for the question (and, asked about feedback, the graded question's words too). */
function offline(request: AnswerRequest) {
  const query = request.context ? `${request.query} ${request.context.question} ${request.context.feedback}` : request.query;
  return extractiveAnswer(query, request.hits, request.titles);
}

export async function answer(request: AnswerRequest): Promise<AnswerResult> {
  const sent: string[] = [];
  // No passage: nothing to answer from, with or without a model.
  if (request.hits.length === 0) {
    await sendOffline(CHAT_MESSAGES.notFoundInBook(titlesPhrase(request.titles)), request, sent);
    return { response: sent.join(''), sources: [], provider: 'offline' };
  }
  const stream = request.ai.offline ? undefined : request.ai.stream?.bind(request.ai);
  if (!stream) {
    const found = offline(request);
    await sendOffline(found.text, request, sent);
    return { response: sent.join(''), sources: found.sources, provider: 'offline' };
  }

  const model = new AbortController();
  const stopModel = () => model.abort();
  request.signal.addEventListener('abort', stopModel, { once: true });
  const firstPiece = setTimeout(() => model.abort(new Error('first piece late')), request.firstPieceMs ?? MODEL_FIRST_PIECE_MS);
  let failure: string | null = null;
  try {
    for await (const piece of stream(modelPrompt(request), { signal: model.signal })) {
      clearTimeout(firstPiece);
      if (request.signal.aborted) break;
      await request.emit(piece);
      sent.push(piece);
    }
  } catch (err) {
    if (!request.signal.aborted) {
      failure = model.signal.aborted
        ? `The model wrote nothing within ${request.firstPieceMs ?? MODEL_FIRST_PIECE_MS} ms`
        : (err as Error).message || String(err);
    }
  } finally {
    clearTimeout(firstPiece);
    request.signal.removeEventListener('abort', stopModel);
  }
  const sources = dedupe(request.hits.map(citationOf));
  if (failure === null && (sent.length > 0 || request.signal.aborted)) {
    return { response: sent.join(''), sources, provider: request.ai.name };
  }
  // The model failed (or said nothing): the book's own sentences instead, after whatever it had written.
  const reason = failure ?? 'The model answered with nothing';
  const modelWrote = sent.length > 0;
  const found = offline(request);
  await sendOffline(modelWrote ? `\n\n${found.text}` : found.text, request, sent);
  return {
    response: sent.join(''),
    // What the model wrote cites the passages it was given; the quotes cite their own.
    sources: modelWrote ? dedupe([...found.sources, ...sources]) : found.sources,
    provider: modelWrote ? request.ai.name : 'offline',
    fallbackReason: reason.slice(0, 300),
  };
}

function dedupe(citations: Citation[]): Citation[] {
  const seen = new Set<number>();
  return citations.filter((c) => (seen.has(c.passageId) ? false : (seen.add(c.passageId), true)));
}
