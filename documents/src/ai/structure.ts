import { z } from 'zod';
import type { AiProvider } from '@evergrade/platform/ai';
import type { ParsedQuestion } from '../types';

/**
 * Asks the configured AI provider to structure extracted text into questions. The reply is checked with
 * zod; anything malformed gives null and the caller keeps the deterministic parse.
 */
const AiQuestionSchema = z.object({
  question_number: z.coerce.number().int().min(1).max(300),
  question: z.string().trim().min(1),
  marks_possible: z.coerce.number().min(0).max(1000),
  answer: z.string().trim().default(''),
  grading_instructions: z.string().trim().default(''),
  tags: z.array(z.string()).default([]),
});
const AiReplySchema = z.object({ questions: z.array(AiQuestionSchema).max(300) });

export type StructureInput = { kind: 'combined'; text: string; note?: string } | { kind: 'separate'; paperText: string; keyText: string };

const SYSTEM = `You turn the text of a school assessment document into questions for a grading system.
Reply with one JSON object and nothing else: {"questions": [{"question_number": 1, "question": "...",
"marks_possible": 2, "answer": "...", "grading_instructions": "...", "tags": []}]}.
Rules: keep the document's own question numbers; keep sub-parts such as (a), (b) inside their question,
one per line; marks_possible is the question's total marks as a number (use 1 when the document gives
none); answer is the model answer or marking points; grading_instructions holds notes for the marker
(what to award, accept or reject), or "". Copy wording faithfully; do not invent questions or answers.
The text may come from OCR and contain recognition errors: fix obvious ones only.`;

export async function structureWithAi(
  ai: AiProvider,
  input: StructureInput,
  options: { rubrics?: readonly string[] } = {},
): Promise<ParsedQuestion[] | null> {
  if (ai.offline) return null;
  const rubrics = options.rubrics ?? [];
  const tagRule =
    rubrics.length > 0
      ? `\nFor tags, choose for each question the fitting labels from this list only (exact text): ${JSON.stringify(rubrics)}.`
      : '\nLeave tags empty.';
  const user =
    input.kind === 'combined'
      ? `${input.note ? `${input.note}\n\n` : ''}MARKING SCHEME TEXT:\n${input.text}`
      : `QUESTION PAPER TEXT:\n${input.paperText}\n\nANSWER KEY TEXT:\n${input.keyText}\n\nPair each question with its answer by number.`;
  let reply: string;
  try {
    reply = await ai.complete({ system: SYSTEM + tagRule, user, json: true, temperature: 0, maxTokens: 8000 });
  } catch {
    return null;
  }
  return readReply(reply, rubrics);
}

/** The questions in a model reply (JSON, possibly fenced), or null when it is not the shape asked for. */
export function readReply(reply: string, rubrics: readonly string[] = []): ParsedQuestion[] | null {
  const json = reply
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = AiReplySchema.safeParse(Array.isArray(value) ? { questions: value } : value);
  if (!parsed.success) return null;
  const allowed = new Set(rubrics);
  return mergeByNumber(parsed.data.questions.map((q) => ({ ...q, tags: q.tags.filter((t) => allowed.has(t)) })));
}

/**
 * Questions read in separate batches, joined: a number seen twice (a question running over a batch
 * boundary) gets its texts appended and the larger marks.
 */
export function mergeByNumber(questions: readonly ParsedQuestion[]): ParsedQuestion[] {
  const byNumber = new Map<number, ParsedQuestion>();
  const join = (a: string, b: string) => (a && b && a !== b ? `${a}\n${b}` : a || b);
  for (const q of questions) {
    const seen = byNumber.get(q.question_number);
    if (!seen) {
      byNumber.set(q.question_number, { ...q });
      continue;
    }
    const flag = join(seen.flagged_for_review ?? '', q.flagged_for_review ?? '');
    byNumber.set(q.question_number, {
      question_number: q.question_number,
      question: join(seen.question, q.question),
      marks_possible: Math.max(seen.marks_possible, q.marks_possible),
      answer: join(seen.answer, q.answer),
      grading_instructions: join(seen.grading_instructions, q.grading_instructions),
      tags: [...new Set([...seen.tags, ...q.tags])],
      ...(flag ? { flagged_for_review: flag } : {}),
    });
  }
  return [...byNumber.values()].sort((a, b) => a.question_number - b.question_number);
}
