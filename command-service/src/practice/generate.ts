import {
  DomainError,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  streamIds,
  type GeneratePracticeBodySchema,
  type GeneratePracticeReply,
} from '@evergrade/contracts';
import type { z } from 'zod';
import { metadataOf, type Actor } from '../admin/meta';
import { allocateId } from '../ids';
import { generateQuestions, type GenerateDeps, type ReadReferences } from '../library/generate';
import { readPromptHints } from '../library/generate/hints';
import type { GenerationRequest, OfflineResult } from '../library/generate/offline';
import { loadLibraryQuestions, type LibraryItem } from '../library/library';
import { rankByRelevance } from '../library/rank';
import { RELEVANCE_THRESHOLD, indexLibrary, topicRelevance } from '../library/relevance';

export type GeneratePracticeInput = z.output<typeof GeneratePracticeBodySchema>;

/** Difficulty 1 (easy) to 10 (hard) as a school grade 6 to 12, the library's own scale. */
export const gradeForDifficulty = (difficulty: number) => 6 + Math.round(((Math.min(10, Math.max(1, difficulty)) - 1) * 6) / 9);

/** A subject of the library the prompt names, else the subject of the questions most relevant to it, else 'General'. */
export function guessSubject(prompt: string, library: readonly LibraryItem[]): string {
  const subjects = [...new Set(library.map((q) => q.subject))];
  const lower = prompt.toLowerCase();
  const named = subjects.find((s) => lower.includes(s.toLowerCase()));
  if (named) return named;
  // The subject most of the questions on the topic belong to; BM25's best matches when none is on it.
  const relevance = topicRelevance(indexLibrary(library), prompt);
  const onTopic = new Map<string, number>();
  library.forEach((q, i) => {
    if (relevance.scores[i]! >= RELEVANCE_THRESHOLD) onTopic.set(q.subject, (onTopic.get(q.subject) ?? 0) + relevance.scores[i]!);
  });
  if (onTopic.size > 0) return [...onTopic.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const ranked = rankByRelevance(library, prompt, (q) => [
    { text: q.topics.join(' '), weight: 2 },
    { text: q.questionText, weight: 1 },
  ])
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 5);
  if (ranked.length === 0) return PRACTICE_LIMITS.defaultSubject;
  const votes = new Map<string, number>();
  for (const r of ranked) votes.set(r.item.subject, (votes.get(r.item.subject) ?? 0) + r.score);
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function offlineNotice(offline: OfflineResult, fallbackReason: string | undefined): string {
  if (offline.questions.length === 0) return PRACTICE_MESSAGES.nothingOnTopic(offline.topic);
  const how = fallbackReason ? PRACTICE_MESSAGES.fallbackNotice : PRACTICE_MESSAGES.offlineNotice;
  return offline.short ? `${PRACTICE_MESSAGES.fewOnTopic(offline.fromLibrary, offline.topic)} ${how}` : how;
}

const toType = (questionType: string | undefined) =>
  questionType
    ? questionType
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : PRACTICE_LIMITS.defaultType;

/**
 * Practice questions for a student: with a model, written by it (grounded on the references and a few library
 * examples at the difficulty asked), else, or when its reply is unusable, the offline generator (the references'
 * own questions, then library questions by relevance, at the grade the difficulty stands for). Recorded as
 * AiConfigRecorded, so ai_config_id is real.
 */
export async function generatePractice(
  deps: GenerateDeps,
  actor: Actor & { actorId: number },
  body: GeneratePracticeInput,
  read: ReadReferences,
): Promise<GeneratePracticeReply> {
  const library = await loadLibraryQuestions(deps.store, actor.tenant);
  const subject = body.subject || guessSubject(body.prompt, library);
  const grade = gradeForDifficulty(body.difficulty_level);
  const prompt = readPromptHints(body.prompt).grade === undefined ? `${body.prompt} (grade ${grade})` : body.prompt;
  const request: GenerationRequest = {
    prompt,
    subject: subject === PRACTICE_LIMITS.defaultSubject ? '' : subject,
    title: body.title,
    description: `Difficulty ${body.difficulty_level} of 10`,
    textbooks: [],
    rubricTags: [],
  };

  const { questions, generator, fallbackReason, offline } = await generateQuestions(
    deps.ai,
    request,
    library,
    read,
    `${subject} ${body.prompt}`,
  );
  // The model failed and the library had nothing on the topic either: the spec's failure. Without a model, an empty
  // reply whose notice says the library has nothing on the topic.
  if (questions.length === 0 && fallbackReason) throw new DomainError(502, PRACTICE_MESSAGES.generateFailed);

  const configId = await allocateId(deps.store, 'ai-config');
  const result = await deps.store.append(
    streamIds.aiConfig(actor.tenant, configId),
    [
      {
        type: 'AiConfigRecorded',
        data: {
          configId,
          prompt: body.prompt,
          subject,
          title: body.title,
          description: request.description,
          textbooks: [],
          rubrics: [],
          references: read.references,
          generator,
          ...(fallbackReason ? { fallbackReason } : {}),
          questionCount: questions.length,
          recordedBy: actor.actorId,
          recordedAt: deps.now().toISOString(),
        },
        metadata: { ...metadataOf(actor), generator, purpose: 'practice' },
      },
    ],
    { expectedVersion: 'no_stream' },
  );

  const notice = offline ? offlineNotice(offline, fallbackReason) : undefined;
  return {
    success: true,
    position: result.lastPosition,
    ai_config_id: configId,
    subject,
    generator,
    ...(notice ? { notice } : {}),
    questions: questions.map((q, i) => ({
      question_number: i + 1,
      question: q.question,
      type: toType(q.question_type),
      marks_possible: q.marks_possible,
      answer: q.answer,
      grading_instructions: q.grading_instructions,
      show_answer: false,
    })),
  };
}
