import { applyChange, asGradingEvent, changesOf, type GradedResponse, type ResponseChange } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';

/**
 * Every response's mark as the log sets it, folded with the one grading fold (contracts/src/grading-fold.ts), keyed by
 * (assignment, student, question). `onChange` hears each change with the response before and after it, and the event.
 */
export type ResponseMarks = Map<string, GradedResponse>;

export type MarkChange = {
  key: string;
  assignmentId: number;
  studentId: number;
  questionId: number;
  change: ResponseChange;
  before: GradedResponse | undefined;
  after: GradedResponse;
};

export function foldResponseMarks(marks: ResponseMarks, event: RecordedEvent, onChange: (c: MarkChange) => void): void {
  const grading = asGradingEvent(event);
  if (!grading) return;
  const { assignmentId, studentId } = grading.data;
  for (const { questionId, change } of changesOf(grading)) {
    const key = `${assignmentId}:${studentId}:${questionId}`;
    const before = marks.get(key);
    const after = applyChange(before, change);
    if (!after) continue;
    marks.set(key, after);
    onChange({ key, assignmentId, studentId, questionId, change, before, after });
  }
}

/** Who set a mark by hand (an edit, an accepted regrade request), from the event that did. */
export function handOf(event: RecordedEvent): number | null {
  const by = (event.data as { by?: unknown }).by;
  return typeof by === 'number' ? by : null;
}
