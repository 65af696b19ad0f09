import { useId, useState, type FormEvent } from 'react';
import type { AnswerGroup } from '@evergrade/contracts';
import { FlagIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast';
import { useGradeAnswerGroup, useSplitAnswerGroup } from './api';

type Props = { assignmentId: number; questionId: number; pointsPossible: number; group: AnswerGroup };

const KIND_LABEL: Record<AnswerGroup['kind'], string> = {
  empty: 'No answer',
  unreadable: 'Could not be read',
  number: 'Same value and unit',
  maths: 'Same working',
  text: 'Same words',
};

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

/** What the group's members have now: one mark, several, or none yet. */
function marksText(group: AnswerGroup, possible: number): string {
  if (group.graded_count === 0) return 'Not graded';
  const marks = group.marks.map((m) => `${m}/${possible}`).join(', ');
  return group.graded_count === group.size ? marks : `${marks} (${group.graded_count} of ${group.size} graded)`;
}

/** One answer group: its answer, size and marks; a mark and feedback for all of it; members to split off. */
export function AnswerGroupCard({ assignmentId, questionId, pointsPossible, group }: Props) {
  const id = useId();
  const first = group.members[0]!;
  const agreed = group.graded_count === group.size && group.marks.length === 1;
  const [points, setPoints] = useState(agreed ? String(group.marks[0]) : '');
  const [feedback, setFeedback] = useState(agreed ? first.feedback : '');
  const [resolveFlags, setResolveFlags] = useState(group.flagged_count > 0);
  const [open, setOpen] = useState(false);
  const [picked, setChosen] = useState<Set<number>>(new Set());
  // A new mark from the server (this instructor's or another's) resets the form to it; what is open stays open.
  const signature = `${group.graded_count}|${group.marks.join(',')}|${first.feedback}`;
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setPoints(agreed ? String(group.marks[0]) : '');
    setFeedback(agreed ? first.feedback : '');
    setResolveFlags(group.flagged_count > 0);
  }
  const chosen = new Set(group.members.map((m) => m.student_id).filter((id) => picked.has(id)));
  const grade = useGradeAnswerGroup(assignmentId);
  const split = useSplitAnswerGroup(assignmentId);

  const value = Number(points);
  const invalid =
    points.trim() === '' ||
    !Number.isFinite(value) ||
    value < 0 ||
    value > pointsPossible ||
    Math.abs(value * 4 - Math.round(value * 4)) > 1e-9;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    // mutateAsync, not mutate's callbacks: those are dropped when the card unmounts (its group was split or changed).
    grade
      .mutateAsync({ question_id: questionId, group_key: group.key, points_obtained: value, feedback, flag_resolved: resolveFlags })
      .then(
        (r) =>
          toast.success(
            r.changed === 0
              ? 'Every answer in the group already had this mark.'
              : `Marked ${r.changed} of ${r.members} ${r.members === 1 ? 'answer' : 'answers'}.`,
          ),
        (err: unknown) => toast.error(messageOf(err)),
      );
  };

  const splitOff = () => {
    const count = chosen.size;
    split.mutateAsync({ question_id: questionId, group_key: group.key, student_ids: [...chosen] }).then(
      () => {
        toast.success(`Moved ${count} ${count === 1 ? 'answer' : 'answers'} to a new group.`);
        setChosen(new Set());
      },
      (err: unknown) => toast.error(messageOf(err)),
    );
  };

  const toggle = (studentId: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(studentId)) next.add(studentId);
      return next;
    });

  return (
    <article className="card bq-group" aria-labelledby={`${id}-answer`} data-testid="answer-group">
      <header className="bq-group-head">
        <div className="bq-group-answer" id={`${id}-answer`}>
          {group.kind === 'empty' ? (
            <span className="text-muted">(no answer)</span>
          ) : group.kind === 'unreadable' ? (
            <span className="text-muted">(could not read this answer: check the student's page)</span>
          ) : (
            group.representative
          )}
        </div>
        <div className="bq-group-meta">
          <span className="badge badge-neutral">
            {group.size} {group.size === 1 ? 'student' : 'students'}
          </span>
          <span className="badge badge-info">{KIND_LABEL[group.kind]}</span>
          {group.split && <span className="badge badge-accent">Split off</span>}
          {group.flagged_count > 0 && (
            <span className="badge bq-flagged">
              <FlagIcon width={12} height={12} /> {group.flagged_count} flagged
            </span>
          )}
          <span className={group.graded_count === group.size ? 'bq-marks is-graded' : 'bq-marks'}>{marksText(group, pointsPossible)}</span>
        </div>
      </header>

      <form className="bq-grade" onSubmit={submit} aria-label={`Grade this group of ${group.size}`}>
        <label className="bq-field">
          <span>Marks</span>
          <span className="bq-marks-input">
            <input
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              max={pointsPossible}
              step={0.25}
              value={points}
              aria-invalid={points !== '' && invalid}
              onChange={(e) => setPoints(e.target.value)}
            />
            <span className="text-muted">/ {pointsPossible}</span>
          </span>
        </label>
        <label className="bq-field bq-feedback">
          <span>Feedback</span>
          <textarea className="input" rows={2} value={feedback} onChange={(e) => setFeedback(e.target.value)} maxLength={20000} />
        </label>
        {group.flagged_count > 0 && (
          <label className="bq-check">
            <input type="checkbox" checked={resolveFlags} onChange={(e) => setResolveFlags(e.target.checked)} /> Resolve the flags
          </label>
        )}
        <button type="submit" className="button button-primary" disabled={invalid || grade.isPending}>
          {grade.isPending ? 'Saving…' : `Apply to ${group.size} ${group.size === 1 ? 'answer' : 'answers'}`}
        </button>
      </form>

      <details className="bq-members" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Students and their answers</summary>
        <ul className="bq-member-list">
          {group.members.map((m) => (
            <li key={`${m.student_id}`} className="bq-member">
              {group.size > 1 ? (
                <input
                  type="checkbox"
                  aria-label={`Select ${m.student_name || `student ${m.student_id}`}`}
                  checked={chosen.has(m.student_id)}
                  onChange={() => toggle(m.student_id)}
                />
              ) : (
                <span aria-hidden="true" />
              )}
              <span className="bq-member-name">{m.student_name || `Student ${m.student_id}`}</span>
              <span className="bq-member-answer">{m.response || <span className="text-muted">(no answer)</span>}</span>
              <span className="bq-member-mark">
                {m.graded ? `${m.points_obtained}/${pointsPossible}` : <span className="text-muted">—</span>}
                {m.flagged_for_review && !m.flag_resolved && <FlagIcon width={12} height={12} aria-label="Flagged for review" />}
              </span>
            </li>
          ))}
        </ul>
        {group.size > 1 && (
          <div className="bq-split">
            <button
              type="button"
              className="button button-secondary button-sm"
              disabled={chosen.size === 0 || chosen.size >= group.size || split.isPending}
              onClick={splitOff}
            >
              {split.isPending
                ? 'Splitting…'
                : chosen.size
                  ? `Move ${chosen.size} selected to a new group`
                  : 'Select students to move to a new group'}
            </button>
          </div>
        )}
      </details>
    </article>
  );
}
