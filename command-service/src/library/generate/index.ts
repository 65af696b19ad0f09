import {
  DomainError,
  LIBRARY_MESSAGES,
  ValidationError,
  rubricTag,
  streamIds,
  type AiReferenceSchema,
  type GenerateAssignmentBodySchema,
  type GenerateAssignmentReply,
  type GeneratedQuestion,
} from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import type { EventStore } from '@evergrade/platform/event-store';
import type { z } from 'zod';
import { allocateId } from '../../ids';
import { metadataOf, type Actor } from '../../admin/meta';
import { loadLibraryQuestions, loadRubrics, loadTextbooks, type LibraryItem, type RubricItem, type TextbookItem } from '../library';
import { rankByRelevance } from '../rank';
import { RELEVANCE_THRESHOLD, indexLibrary, topicRelevance } from '../relevance';
import { generateWithAi } from './ai';
import { generateOffline, type GenerationRequest, type OfflineResult, type ReferenceQuestion } from './offline';

export type GenerateBody = z.output<typeof GenerateAssignmentBodySchema>;

/** The reference documents once read: what the event records, their questions, their text for a model. */
export type ReadReferences = {
  references: z.infer<typeof AiReferenceSchema>[];
  questions: ReferenceQuestion[];
  text: string;
};

export type GenerateDeps = { store: EventStore; ai: AiProvider; now: () => Date };

const EXAMPLES_FOR_MODEL = 5;

export type GeneratedQuestions = {
  questions: GeneratedQuestion[];
  generator: string;
  fallbackReason: string | undefined;
  /** Set when the offline generator made the questions: the topic and how well the library covered it. */
  offline: OfflineResult | undefined;
};

/**
 * The questions for a request: with a model, written by it (grounded on the references and the library questions
 * most relevant to `exampleQuery`); without one, or when its reply is unusable (`fallbackReason`), by the offline
 * generator. `generator` is the model's name or 'offline'.
 */
export async function generateQuestions(
  ai: AiProvider,
  request: GenerationRequest,
  library: readonly LibraryItem[],
  read: ReadReferences,
  exampleQuery: string,
): Promise<GeneratedQuestions> {
  let questions: GeneratedQuestion[] = [];
  let generator = 'offline';
  let fallbackReason: string | undefined;
  if (!ai.offline) {
    try {
      // Examples on the topic only (the same relevance as offline), best BM25 match first.
      const onTopic = topicRelevance(indexLibrary(library), request.prompt).scores;
      const examples = rankByRelevance(library, exampleQuery, (q) => [
        { text: `${q.subject} ${q.topics.join(' ')} ${q.questionText}`, weight: 1 },
      ])
        .map((r, i) => ({ ...r, topical: onTopic[i]! >= RELEVANCE_THRESHOLD }))
        .filter((r) => r.topical)
        .sort((a, b) => b.score - a.score)
        .slice(0, EXAMPLES_FOR_MODEL)
        .map((r) => r.item);
      questions = await generateWithAi(ai, { request, examples, references: read.questions, referenceText: read.text });
      generator = ai.name;
    } catch (err) {
      fallbackReason = (err as Error).message.slice(0, 500);
    }
  }
  const offline = generator === 'offline' ? generateOffline(request, library, read.questions) : undefined;
  return { questions: offline?.questions ?? questions, generator, fallbackReason, offline };
}

/**
 * AI Express. With a model: it writes the questions (grounded on the references, textbooks and a few library
 * examples); a reply that is not valid falls back to the offline generator, which is also what runs when no
 * model is configured. Each run is recorded as AiConfigRecorded so its config_id is real.
 */
export async function generateAssignment(
  deps: GenerateDeps,
  actor: Actor & { actorId: number },
  body: GenerateBody,
  read: ReadReferences,
): Promise<GenerateAssignmentReply> {
  const [library, rubrics, textbooks] = await Promise.all([
    loadLibraryQuestions(deps.store, actor.tenant),
    loadRubrics(deps.store, actor.tenant),
    loadTextbooks(deps.store, actor.tenant),
  ]);
  const request: GenerationRequest = {
    prompt: body.prompt,
    subject: body.subject,
    title: body.title,
    description: body.description,
    textbooks: body.textbooks.map((t) => ({ title: t.title, subject: subjectOf(t.id, textbooks) })),
    rubricTags: resolveRubricTags(body.rubrics, rubrics),
  };

  const { questions, generator, fallbackReason, offline } = await generateQuestions(
    deps.ai,
    request,
    library,
    read,
    `${body.subject} ${body.prompt}`,
  );
  // The model failed and the library had nothing on the topic either: the spec's failure. Without a model, an empty
  // reply whose notice says the library has nothing on the topic (the wizard shows it as an empty state).
  if (questions.length === 0 && fallbackReason) throw new DomainError(502, LIBRARY_MESSAGES.generateFailed);

  const configId = await allocateId(deps.store, 'ai-config');
  const result = await deps.store.append(
    streamIds.aiConfig(actor.tenant, configId),
    [
      {
        type: 'AiConfigRecorded',
        data: {
          configId,
          prompt: body.prompt,
          subject: body.subject,
          title: body.title,
          description: body.description,
          textbooks: body.textbooks,
          rubrics: request.rubricTags,
          references: read.references,
          generator,
          ...(fallbackReason ? { fallbackReason } : {}),
          questionCount: questions.length,
          recordedBy: actor.actorId,
          recordedAt: deps.now().toISOString(),
        },
        metadata: { ...metadataOf(actor), generator },
      },
    ],
    { expectedVersion: 'no_stream' },
  );

  const notice = offline ? offlineNotice(offline, fallbackReason) : undefined;
  return { success: true, position: result.lastPosition, questions, config_id: configId, generator, ...(notice ? { notice } : {}) };
}

/** How the offline questions were made, and what the library lacked on the topic. */
function offlineNotice(offline: OfflineResult, fallbackReason: string | undefined): string {
  if (offline.questions.length === 0) return LIBRARY_MESSAGES.nothingOnTopic(offline.topic);
  const how = fallbackReason ? LIBRARY_MESSAGES.fallbackNotice : LIBRARY_MESSAGES.offlineNotice;
  return offline.short ? `${LIBRARY_MESSAGES.fewOnTopic(offline.fromLibrary, offline.topic, offline.asked)} ${how}` : how;
}

const subjectOf = (id: string | number, textbooks: TextbookItem[]) =>
  textbooks.find((t) => String(t.textbookId) === String(id))?.subject ?? '';

/** Chosen rubrics as 'rubric name - criterion' tags: by id, by tag text, or as the rubric objects themselves. */
export function resolveRubricTags(chosen: GenerateBody['rubrics'], library: readonly RubricItem[]): string[] {
  const byId = new Map(library.map((r) => [String(r.rubricId), r]));
  const tags = chosen.map((c) => {
    if (typeof c === 'object') return rubricTag(c);
    const rubric = byId.get(String(c));
    if (rubric) return rubricTag({ rubric_name: rubric.rubricName, criterion: rubric.criterion });
    if (typeof c === 'string' && c.includes(' - ')) return c;
    throw new ValidationError(`Unknown rubric ${c}`, 'rubrics');
  });
  return [...new Set(tags)];
}
