import type { SchemeQuestion } from './index';

/** Five questions with different marks, used across the document tests and journeys. */
export const FIVE_QUESTIONS: SchemeQuestion[] = [
  { question: 'Solve 2x + 3 = 11 for x.', marks: 3, answer: 'x = 4', grading_instructions: 'Award 1 mark for each correct step.' },
  { question: 'What is the capital city of France?', marks: 1, answer: 'Paris' },
  { question: 'Name the process by which plants make glucose using sunlight.', marks: 2, answer: 'Photosynthesis' },
  {
    question: "State Newton's second law of motion.",
    marks: 4,
    answer: 'Force equals mass times acceleration (F = ma).',
    grading_instructions: 'Accept the formula alone for 3 marks.',
  },
  {
    question: 'Explain why the sky appears blue during the day.',
    marks: 5,
    answer: 'Air molecules scatter short blue wavelengths of sunlight more than red ones (Rayleigh scattering).',
  },
];
