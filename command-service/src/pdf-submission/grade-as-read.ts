import { streamIds, UNREADABLE_FLAG, type ResponseReading } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';

export { UNREADABLE_FLAG };
export const UNREADABLE_FEEDBACK = 'Could not read this answer, so it has not been marked yet: your teacher will check it on your page.';
/** Starts the flag on an answer that was graded but whose reading needs a look (a number OCR was unsure of). */
export const READING_DOUBT_FLAG = 'Check the reading:';

type GradeLike = { pointsObtained: number; feedback: string; flaggedForReview: string; confidence: number };

/** How the response to a question was last read from an uploaded PDF; null for typed answers or older events. */
export async function readingOfResponse(
  store: EventStore,
  tenant: string,
  assignmentId: number,
  studentId: number,
  questionId: number,
): Promise<ResponseReading | null> {
  const events = await store.readStream(streamIds.grading(tenant, assignmentId, studentId));
  for (const event of [...events].reverse()) {
    if (event.type !== 'SubmissionFileProcessed' && event.type !== 'OnlineResponsesCaptured') continue;
    const data = event.data as { responses: { questionId: number; reading?: ResponseReading }[] };
    const recorded = data.responses.find((r) => r.questionId === questionId);
    if (recorded) return recorded.reading ?? null;
  }
  return null;
}

/**
 * A grade as the reading allows: an unreadable answer gets no marks and is flagged "Could not read this answer."
 * (the instructor checks the page and sets the mark); a reading in doubt keeps the grade and adds the doubt to its flag.
 */
export function gradedAsRead<T extends GradeLike>(reading: ResponseReading | null, grade: T): T {
  if (!reading) return grade;
  if (reading.unreadable) {
    return {
      ...grade,
      pointsObtained: 0,
      feedback: UNREADABLE_FEEDBACK,
      flaggedForReview: [UNREADABLE_FLAG, reading.doubt].filter(Boolean).join(' '),
      confidence: 0,
    };
  }
  if (!reading.doubt) return grade;
  const doubt = `${READING_DOUBT_FLAG} ${reading.doubt}`;
  return {
    ...grade,
    flaggedForReview: [grade.flaggedForReview, doubt].filter(Boolean).join(' '),
    confidence: Math.min(grade.confidence, 0.5),
  };
}

/** The grade of a response from an uploaded PDF, as its reading allows (typed answers are graded as they are). */
export async function gradeAsRead<T extends GradeLike>(
  store: EventStore,
  where: { tenant: string; assignmentId: number; studentId: number; questionId: number; source: 'file' | 'online' | null },
  grade: () => Promise<T>,
): Promise<T> {
  const graded = await grade();
  if (where.source !== 'file') return graded;
  return gradedAsRead(await readingOfResponse(store, where.tenant, where.assignmentId, where.studentId, where.questionId), graded);
}
