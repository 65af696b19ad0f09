import { BIOLOGY_BOOK } from './biology';
import { MATHEMATICS_BOOK } from './mathematics';
import { PHYSICS_BOOK } from './physics';
import type { SeedBook } from './types';

/** The three short original textbooks the demo school ships (issue 13), generated as PDFs at seed. */
export const SEED_BOOKS: readonly SeedBook[] = [PHYSICS_BOOK, BIOLOGY_BOOK, MATHEMATICS_BOOK];

export { makeBookPdf } from './pdf';
export { RETRIEVAL_QUESTIONS, pageOfHeading, type RetrievalQuestion } from './retrieval';
export type { BookChapter, BookSection, SeedBook } from './types';
