import { z } from 'zod';
import type { GeneratedQuestion } from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import type { LibraryItem } from '../library';
import { MAX_GENERATED_QUESTIONS, readPromptHints } from './hints';
import type { GenerationRequest, ReferenceQuestion } from './offline';

/** What the model must answer: a JSON object with a list of questions. Anything else falls back offline. */
const ModelReplySchema = z.object({
  questions: z
    .array(
      z.object({
        question: z.string().trim().min(1).max(20_000),
        marks_possible: z.coerce.number().min(0).max(1000),
        answer: z.string().max(20_000).default(''),
        grading_instructions: z.string().max(5_000).default(''),
        question_type: z.string().max(50).optional(),
        topics: z.array(z.string().max(100)).max(20).optional(),
      }),
    )
    .min(1)
    .max(MAX_GENERATED_QUESTIONS),
});

export type AiGenerationInput = {
  request: GenerationRequest;
  /** Library questions most relevant to the prompt: examples of level and style. */
  examples: readonly LibraryItem[];
  references: readonly ReferenceQuestion[];
  /** The reference documents' text, already cut to size. */
  referenceText: string;
};

const SYSTEM = [
  'You write school assignments for an instructor. Reply with one JSON object and nothing else:',
  '{"questions": [{"question": string, "marks_possible": number, "answer": string, "grading_instructions": string, "question_type": string, "topics": [string]}]}.',
  'Each answer is a complete model answer; grading_instructions say how to award each mark.',
  'question_type is one of "short answer", "numerical", "long answer", "multiple choice".',
  'Use the reference material and textbooks when given; keep questions accurate and suited to the grade.',
].join(' ');

const REFERENCE_TEXT_LIMIT = 12_000;

export function buildUserMessage(input: AiGenerationInput): string {
  const { request, examples, references, referenceText } = input;
  const hints = readPromptHints(request.prompt);
  const lines = [
    `Instructor's request: ${request.prompt}`,
    request.subject && `Subject: ${request.subject}`,
    request.title && `Assignment title: ${request.title}`,
    request.description && `Description: ${request.description}`,
    hints.count !== undefined && `Number of questions: ${hints.count}`,
    hints.totalMarks !== undefined && `Total marks: ${hints.totalMarks}`,
    request.textbooks.length > 0 && `Textbooks: ${request.textbooks.map((t) => t.title).join('; ')}`,
    request.rubricTags.length > 0 && `Assessment rubrics (the questions should let students show these): ${request.rubricTags.join('; ')}`,
    references.length > 0 &&
      `Questions found in the reference documents:\n${references.map((r, i) => `${i + 1}. ${r.question} [${r.marks_possible} marks]`).join('\n')}`,
    referenceText && `Reference document text:\n${referenceText.slice(0, REFERENCE_TEXT_LIMIT)}`,
    examples.length > 0 &&
      `Examples of questions from the school's library:\n${examples.map((q) => `- ${q.questionText} [${q.marksPossible} marks]`).join('\n')}`,
  ];
  return lines.filter(Boolean).join('\n\n');
}

/** Asks the model; a reply that is not the JSON asked for throws, and the caller falls back offline. */
export async function generateWithAi(ai: AiProvider, input: AiGenerationInput): Promise<GeneratedQuestion[]> {
  const reply = await ai.complete({ system: SYSTEM, user: buildUserMessage(input), json: true, temperature: 0.4, maxTokens: 4000 });
  const parsed = ModelReplySchema.safeParse(parseJsonLoosely(reply));
  if (!parsed.success) throw new Error(`The AI reply was not the JSON asked for: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data.questions.map((q, i) => ({
    question_number: i + 1,
    question: q.question,
    marks_possible: Math.round(q.marks_possible * 4) / 4,
    answer: q.answer,
    grading_instructions: q.grading_instructions,
    tags: [...input.request.rubricTags],
    ...(q.question_type ? { question_type: q.question_type } : {}),
    ...(q.topics ? { topics: q.topics } : {}),
  }));
}

/** Models sometimes wrap JSON in a ```json fence despite JSON mode. */
function parseJsonLoosely(text: string): unknown {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(unfenced);
  } catch {
    return null;
  }
}
