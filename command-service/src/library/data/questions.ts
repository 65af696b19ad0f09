import { BIOLOGY, CHEMISTRY } from './questions-life-sciences';
import { COMPUTER_SCIENCE } from './questions-computer-science';
import { ENGLISH, HISTORY } from './questions-humanities';
import { MATHEMATICS, PHYSICS } from './questions-math-physics';

/**
 * The question library every school shares: real questions with worked answers, grades 6-12. Smart
 * Builder searches it; AI Express draws from it when no AI provider is configured.
 */
export type SeedQuestion = {
  grade: string;
  type: 'short answer' | 'numerical' | 'long answer' | 'multiple choice';
  marks: number;
  text: string;
  answer: string;
  /** Left out where the spec's placeholder ('Grade based on accuracy and completeness') is what we mean. */
  instructions?: string;
  topics: string[];
};

export type SeedSubject = { subject: string; questions: SeedQuestion[] };

export const SEED_QUESTION_BANK: SeedSubject[] = [MATHEMATICS, PHYSICS, CHEMISTRY, BIOLOGY, ENGLISH, HISTORY, COMPUTER_SCIENCE];

/** Where a seeded question says it comes from. */
export const seedSource = (subject: string) => ({
  sourceTitle: `Evergrade Question Bank: ${subject}`,
  sourceDocumentId: `question-bank-${subject.toLowerCase().replace(/\s+/g, '-')}`,
});
