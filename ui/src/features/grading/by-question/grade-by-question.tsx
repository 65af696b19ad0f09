import { useId, useState } from 'react';
import './by-question.css';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useGradingLive } from '../hooks/use-grading-live';
import { useAnswerGroups } from './api';
import { AnswerGroupCard } from './answer-group-card';

export const NO_ANSWERS = 'No answers to this question yet.';

/**
 * Grade by question: pick a question, see its answers grouped (largest group first), grade a group once, split a
 * group. Live: another instructor's grades and splits of the assignment refetch the groups.
 */
export function GradeByQuestion({ assignmentId }: { assignmentId: number }) {
  const id = useId();
  const [questionId, setQuestionId] = useState<number | null>(null);
  const groups = useAnswerGroups(assignmentId, questionId);
  useGradingLive(assignmentId);

  if (groups.isPending) return <Spinner label="Loading answer groups" />;
  if (groups.isError) {
    return (
      <EmptyState title="The answer groups could not be loaded.">
        <p className="text-muted">{groups.error.message}</p>
        <button type="button" className="button button-secondary" onClick={() => void groups.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  }
  const data = groups.data;
  if (data.question_id === null) return <EmptyState title="This assignment has no questions." />;
  const question = data.questions.find((q) => q.question_id === data.question_id)!;
  const answered = data.groups.reduce((n, g) => n + g.size, 0);
  const graded = data.groups.reduce((n, g) => n + g.graded_count, 0);

  return (
    <section className="bq" aria-label="Grade by question">
      <div className="card bq-question">
        <div className="bq-picker">
          <label htmlFor={`${id}-q`}>Question</label>
          <select id={`${id}-q`} className="input" value={data.question_id} onChange={(e) => setQuestionId(Number(e.target.value))}>
            {data.questions.map((q) => (
              <option key={q.question_id} value={q.question_id}>
                Q{q.question_number}. {q.question.length > 70 ? `${q.question.slice(0, 70)}…` : q.question}
              </option>
            ))}
          </select>
          {groups.isFetching && (
            <span className="text-muted bq-refreshing" role="status">
              Refreshing…
            </span>
          )}
        </div>
        <p className="bq-question-text">{question.question}</p>
        {question.answer && (
          <p className="bq-key">
            <span className="text-muted">Answer key:</span> {question.answer}
          </p>
        )}
        <p className="text-muted bq-summary">
          {answered} {answered === 1 ? 'answer' : 'answers'} in {data.groups.length} {data.groups.length === 1 ? 'group' : 'groups'} ·{' '}
          {graded} graded · out of {question.points_possible} {question.points_possible === 1 ? 'mark' : 'marks'}
        </p>
      </div>
      {data.groups.length === 0 ? (
        <EmptyState title={NO_ANSWERS} />
      ) : (
        <div className="bq-groups">
          {data.groups.map((g) => (
            <AnswerGroupCard
              key={`${data.question_id}:${g.key}`}
              assignmentId={assignmentId}
              questionId={data.question_id!}
              pointsPossible={question.points_possible}
              group={g}
            />
          ))}
        </div>
      )}
    </section>
  );
}
