import { z } from 'zod';
import { describeMarkingPolicy, richTextToPlainText, type Grader, type MarkingPolicy } from '@evergrade/contracts';
import { checkWithInstructions, NEEDS_AI_PROVIDER, toQuarter } from '@evergrade/grading';
import type { AiProvider } from '@evergrade/platform/ai';

/** What a grader needs to know about one question (plain text). */
export type GradingQuestion = {
  questionId: number;
  questionNumber: number;
  question: string;
  answer: string;
  gradingInstructions: string;
  marksPossible: number;
  /** 'rubric name - criterion'. */
  tags: string[];
  questionType?: string | undefined;
  /** 1 + the QuestionUpdated events of this question. */
  version: number;
  /** The assignment's marking policy (switches where teachers differ); absent or empty: the checker's defaults. */
  policy?: MarkingPolicy | undefined;
};

/**
 * What became of a regrade's instructions: 'applied' offline, 'not-understood' offline (the caller leaves the mark as
 * it was), 'ai' (the model read them), 'none' (there were none).
 */
export type InstructionsTaken = 'applied' | 'not-understood' | 'ai' | 'none';

export type GradeResult = {
  pointsObtained: number;
  feedback: string;
  flaggedForReview: string;
  grader: Grader;
  confidence: number;
  instructions: InstructionsTaken;
  /** For the instructor: what the instructions changed, or why they were not applied ('' without instructions). */
  instructionsNote: string;
};

/** Below this confidence a model's grade is flagged for review. */
export const AI_FLAG_BELOW = 0.6;
const OFFLINE_CONFIDENT = 0.9;
const OFFLINE_UNSURE = 0.4;

const SYSTEM = [
  'You grade one student answer for a school teacher.',
  'Compare the student response with the answer key, follow the grading instructions and the rubric criteria, and any regrade instructions.',
  'Award marks from 0 to the marks possible in steps of 0.25. Feedback: 1-3 sentences to the student naming what is right and what is missing.',
  'Reply with JSON only: {"points_obtained": number, "feedback": string, "confidence": number between 0 and 1, "flag_for_review": string ("" when a teacher need not look, else why)}.',
].join(' ');

const AiGradeSchema = z.object({
  points_obtained: z.coerce.number().finite(),
  feedback: z.string().min(1).max(5000),
  confidence: z.coerce.number().min(0).max(1).default(0.7),
  flag_for_review: z.string().max(1000).default(''),
});

function userMessage(q: GradingQuestion, response: string, regradeInstructions: string): string {
  const policyLines = describeMarkingPolicy(q.policy ?? {});
  return [
    `Question ${q.questionNumber} (${q.marksPossible} marks):\n${q.question}`,
    `Answer key:\n${q.answer || '(none)'}`,
    `Grading instructions:\n${q.gradingInstructions || '(none)'}`,
    `Rubric criteria:\n${q.tags.length ? q.tags.join('\n') : '(none)'}`,
    ...(policyLines.length ? [`The teacher's marking policy:\n${policyLines.join('\n')}`] : []),
    ...(regradeInstructions ? [`Regrade instructions from the teacher:\n${regradeInstructions}`] : []),
    `Student response:\n${response || '(no answer)'}`,
  ].join('\n\n');
}

/**
 * The offline checker, then the regrade's instructions where it understands them (grading/src/instructions.ts).
 * Instructions it does not understand are not applied: the result flags them as needing an AI provider, and the
 * caller leaves the response's mark as it was.
 */
export function gradeOffline(q: GradingQuestion, response: string, regradeInstructions = ''): GradeResult {
  const result = checkWithInstructions(
    {
      question: q.question,
      answer: q.answer,
      marksPossible: q.marksPossible,
      response,
      gradingInstructions: q.gradingInstructions,
      questionType: q.questionType,
      policy: q.policy,
    },
    regradeInstructions,
  );
  const unsure = result.confident ? '' : (result.reason ?? 'The offline grader is not sure of this answer.');
  const base = {
    pointsObtained: result.pointsObtained,
    feedback: result.feedback,
    grader: { kind: 'offline', name: 'offline' } as const,
    confidence: result.confident ? OFFLINE_CONFIDENT : OFFLINE_UNSURE,
  };
  switch (result.instructions) {
    case 'none':
      return { ...base, flaggedForReview: unsure, instructions: 'none', instructionsNote: '' };
    case 'applied':
      return {
        ...base,
        flaggedForReview: unsure,
        instructions: 'applied',
        instructionsNote: result.changes.length
          ? result.changes.join(' ')
          : 'The answer was checked again; these instructions did not change the mark the checker gives it.',
      };
    case 'not-understood': {
      const note = notUnderstoodNote(result.notUnderstood);
      return { ...base, flaggedForReview: note, confidence: OFFLINE_UNSURE, instructions: 'not-understood', instructionsNote: note };
    }
    default: {
      const unhandled: never = result.instructions;
      return unhandled;
    }
  }
}

/** The flag and the instructor's note when the offline grader could not read the instructions. */
export const notUnderstoodNote = (sentences: readonly string[]) =>
  `${NEEDS_AI_PROVIDER}: the offline grader did not understand ${sentences.map((x) => `"${x}"`).join(', ')}. The mark was left as it was.`;

/**
 * A model's grade (an OpenAI-compatible endpoint), validated with zod and kept within 0..possible in steps of 0.25.
 * An unusable reply or a failed call is graded offline instead (`onFallback` is told why).
 */
export async function gradeResponse(
  ai: AiProvider | null,
  q: GradingQuestion,
  response: string,
  regradeInstructions: string,
  onFallback?: (err: unknown) => void,
): Promise<GradeResult> {
  const text = richTextToPlainText(response).trim();
  if (ai && !ai.offline && text !== '') {
    try {
      const reply = await ai.complete({
        system: SYSTEM,
        user: userMessage(q, text, regradeInstructions),
        json: true,
        temperature: 0,
        maxTokens: 800,
      });
      const parsed = AiGradeSchema.parse(JSON.parse(stripFence(reply)));
      const points = toQuarter(parsed.points_obtained, q.marksPossible);
      const flag =
        parsed.flag_for_review.trim() ||
        (parsed.confidence < AI_FLAG_BELOW ? `The model was not confident (${parsed.confidence.toFixed(2)}).` : '');
      return {
        pointsObtained: points,
        feedback: parsed.feedback,
        flaggedForReview: flag,
        grader: { kind: 'ai', name: ai.name },
        confidence: parsed.confidence,
        instructions: regradeInstructions ? 'ai' : 'none',
        instructionsNote: regradeInstructions ? `The instructions were sent to ${ai.name} with the answer.` : '',
      };
    } catch (err) {
      onFallback?.(err);
    }
  }
  return gradeOffline(q, text, regradeInstructions);
}

const stripFence = (s: string) =>
  s
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
