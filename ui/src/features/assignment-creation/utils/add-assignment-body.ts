import type { AddAssignmentBody } from '@evergrade/contracts';
import { timeLimitSeconds } from '../../../components/assignment-preview/time-limit';
import type { DraftQuestion, useDraftStore } from '../stores/draft-store';
import { dueInstant, liveInstant, showsLiveDate } from './setup-rules';

type Draft = ReturnType<typeof useDraftStore.getState>;

const questionBody = (q: DraftQuestion, i: number): AddAssignmentBody['questions'][number] => ({
  question_number: i + 1,
  question: q.question ?? '',
  marks_possible: q.marks_possible,
  answer: q.answer ?? '',
  grading_instructions: q.grading_instructions ?? '',
  tags: q.tags,
  ...(q.flagged_for_review ? { flagged_for_review: q.flagged_for_review } : {}),
  ...(q.question_type ? { question_type: q.question_type } : {}),
  ...(q.topics?.length ? { topics: q.topics } : {}),
  ...(q.source_document_id != null ? { source_document_id: q.source_document_id } : {}),
  ...(q.original_question_number != null ? { original_question_number: q.original_question_number } : {}),
});

/** POST /grader/add-assignment's body from the draft (spec document 3 section 7). */
export function addAssignmentBody(d: Draft, email: string): AddAssignmentBody {
  const scheduled = showsLiveDate(d);
  const submissions = d.student_submissions_allowed === true;
  return {
    title: d.title.trim(),
    description: d.description.trim(),
    due_date: dueInstant(d.due_date),
    email,
    expressMode: d.creation_method === 'document' && d.processing === 'express',
    course: d.course,
    creation_method: d.creation_method ?? 'scratch',
    student_submissions_allowed: submissions,
    make_live: scheduled ? 'scheduled' : 'immediately',
    live_date: scheduled ? liveInstant(d.live_date, d.live_time) : null,
    ai_config: d.aiConfig,
    time_limit: submissions ? timeLimitSeconds(d.timeLimit) : null,
    ...(d.rubrics.length ? { rubric_ids: d.rubrics.map((r) => r.id) } : {}),
    questions: d.questions.map(questionBody),
    ...(d.gsutilUrl ? { gsutil_url: d.gsutilUrl } : {}),
  };
}
