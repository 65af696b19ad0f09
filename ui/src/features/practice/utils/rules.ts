import {
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES,
  capitaliseWords,
  isRichTextEmpty,
  practiceTitleError,
  type GeneratePracticeReply,
  type ProcessMarkingSchemeLine,
} from '@evergrade/contracts';

export { practiceTitleError };

/** Where the student goes after creating or submitting a practice: the list, on its Practice tab. */
export const PRACTICE_LIST_PATH = '/student/assignments?tab=practice';
export const capitaliseTitle = capitaliseWords;

/** One question of the draft, as the preview edits it and add-practice-assignment takes it. */
export type DraftQuestion = {
  key: string;
  question: string;
  type: string;
  marks_possible: number;
  answer: string;
  grading_instructions?: string | undefined;
};

let nextKey = 0;
const key = () => `q${++nextKey}`;

export const fromGenerated = (reply: GeneratePracticeReply): DraftQuestion[] =>
  reply.questions.map((q) => ({
    key: key(),
    question: q.question,
    type: q.type || PRACTICE_LIMITS.defaultType,
    marks_possible: q.marks_possible,
    answer: q.answer,
    grading_instructions: q.grading_instructions,
  }));

/** A finished document's questions keyed by question_number (spec section 4), in that order. */
export function fromDocument(line: ProcessMarkingSchemeLine): DraftQuestion[] {
  const byNumber = new Map((line.questions ?? []).map((q) => [q.question_number, q]));
  return [...byNumber.keys()]
    .sort((a, b) => a - b)
    .map((n) => {
      const q = byNumber.get(n)!;
      return {
        key: key(),
        question: q.question,
        type: PRACTICE_LIMITS.defaultType,
        marks_possible: q.marks_possible || PRACTICE_LIMITS.defaultMarks,
        answer: q.answer,
        grading_instructions: q.grading_instructions,
      };
    });
}

/** Questions with empty text are dropped (spec section 5); the Create button is disabled when none remain. */
export const keptQuestions = (questions: readonly DraftQuestion[]) => questions.filter((q) => !isRichTextEmpty(q.question));

/** The AI form's first problem, or null. */
export const promptError = (prompt: string): string | null => (prompt.trim() === '' ? PRACTICE_MESSAGES.promptRequired : null);

/** The reference URL's first problem (spec section 5), or null. */
export function practiceUrlError(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return PRACTICE_MESSAGES.urlRequired;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Invalid URL format. Please enter a complete URL (e.g., https://example.com/document.pdf)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return PRACTICE_MESSAGES.unsupportedProtocol(`"${url.protocol.replace(/:$/, '')}".`);
  return null;
}

/** PDFs only, at most 3 references in all: which files may be added and the alert for the rest. */
export function acceptPracticeFiles(files: readonly File[], already: number): { accepted: File[]; alert: string | null } {
  const pdfs = files.filter((f) => f.type === 'application/pdf');
  const room = Math.max(0, PRACTICE_LIMITS.maxReferenceDocuments - already);
  const accepted = pdfs.slice(0, room);
  const alert = pdfs.length > room ? PRACTICE_MESSAGES.maxDocuments : pdfs.length < files.length ? 'Please select a valid PDF file' : null;
  return { accepted, alert };
}

/** 'mark' when 1, else 'marks' (spec section 2). */
export const marksWord = (marks: number) =>
  `${Number.isInteger(marks) ? marks : marks.toFixed(2).replace(/0$/, '')} ${marks === 1 ? 'mark' : 'marks'}`;

/** Difficulty labels under the slider. */
export const difficultyLabel = (d: number) => (d <= 3 ? 'Easy' : d <= 7 ? 'Medium' : 'Hard');

/** What the From Document progress panel shows for the newest line of process-practice-marking-scheme. */
export function documentProgress(line: ProcessMarkingSchemeLine): { phase: string; details: string[]; percent: number } {
  const total = line.total_pages ?? line.pages ?? 0;
  const page = line.current_page ?? 0;
  if (line.status === 'complete') return { phase: 'Done', details: total ? [`${total} of ${total} pages`] : [], percent: 100 };
  if (total === 0) return { phase: 'Uploading', details: [], percent: 5 };
  return { phase: 'Processing', details: [`Page ${page} of ${total}`], percent: Math.max(5, Math.round((page / total) * 100)) };
}
