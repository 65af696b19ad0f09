import { z } from 'zod';

/** The question shape every parser and the AI step produce (spec document 3 section 3, Question). */
export const ParsedQuestionSchema = z.object({
  question_number: z.number().int().min(1),
  /** Plain text; sub-parts such as (a), (b) stay inside their question, one per line. */
  question: z.string(),
  marks_possible: z.number().min(0),
  answer: z.string(),
  grading_instructions: z.string(),
  tags: z.array(z.string()),
  /** Non-empty when the parser could not read something and the instructor should look (blocks creation until resolved). */
  flagged_for_review: z.string().optional(),
});
export type ParsedQuestion = z.infer<typeof ParsedQuestionSchema>;

/** The default marks of a question (spec document 3 section 9) when the document names none. */
export const DEFAULT_MARKS = 1;

export const REVIEW_MESSAGES = {
  noMarks: 'Marks were not found in the document for this question. Please check them.',
  noAnswer: 'No answer was found in the document for this question. Please add one.',
  noQuestion: 'This number appears in the answer key but not in the question paper. Please add the question.',
} as const;
