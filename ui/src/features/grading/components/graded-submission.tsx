import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StudentGrading } from '@evergrade/contracts';
import { DocIcon, SparkIcon } from '../../../components/icons';
import { Menu } from '../../../components/menu';
import { useSummaryModal, type SummaryTab } from '../../../stores/summary-modal';
import { toast } from '../../../stores/toast';
import { gradeStudent, regradeFor } from '../api/grading-runs';
import { useRunning } from '../stores/running';
import { formatMarks, type GradedState } from '../utils/grading-state';
import { DownloadAllMenu, GradedDownloadMenu } from './graded-downloads';
import { GradedQuestion } from './graded-question';
import { RegradeDialog, type RegradeScope } from './regrade-dialog';
import { ProgressTrack } from '../../../components/progress-track';

type Props = { assignmentId: number; record: StudentGrading; allStudentIds: number[] };

/** The Summary menu: opens the student summary modal (drawn by the insights feature) on the tab picked. */
function SummaryMenu({ assignmentId }: { assignmentId: number }) {
  const openSummary = useSummaryModal((s) => s.openSummary);
  const options: [SummaryTab, string][] = [
    ['individual', 'Individual summary'],
    ['classwide', 'Classwide summary'],
  ];
  return (
    <Menu
      label="Summary"
      className="menu-right export-menu"
      trigger={
        <span className="button button-secondary">
          <DocIcon width={16} height={16} /> Summary
        </span>
      }
    >
      {(close) => (
        <div className="menu-panel" data-testid="summary-menu">
          {options.map(([tab, text]) => (
            <button
              key={tab}
              type="button"
              className="menu-item"
              onClick={(e) => {
                // Focus goes back to the menu's button when the modal closes (this item is gone by then).
                e.currentTarget.closest('.menu')?.querySelector<HTMLElement>('.menu-trigger')?.focus();
                close();
                openSummary(assignmentId, tab);
              }}
            >
              {text}
            </button>
          ))}
        </div>
      )}
    </Menu>
  );
}

/** A student's graded submission: total, progress bar, grade button, and every question to review. */
export function GradedSubmission({ assignmentId, record, allStudentIds }: Props) {
  const client = useQueryClient();
  const running = useRunning(assignmentId, record.student_id);
  const [regrading, setRegrading] = useState<number | null>(null);
  const stateOf = (n: number, graded: boolean): GradedState => (running.includes(n) ? 'inProgress' : graded);
  const inProgress = running.length > 0;
  const { obtained, possible } = record.grading;
  const percent = possible > 0 ? Math.min(100, (obtained / possible) * 100) : 0;
  const gradedCount = record.questions.filter((q) => q.graded && !running.includes(q.question_number)).length;
  const canGrade = record.questions.some((q) => q.response_id > 0);

  /** This student (all students run as a background job the dialog follows). */
  const regrade = (questionNumber: number, instructions: string, _scope: RegradeScope, overrideManual: boolean) => {
    setRegrading(null);
    const ids = [record.student_id];
    void regradeFor(client, assignmentId, ids, questionNumber, instructions, { overrideManual }).then(({ failed, kept, notes }) => {
      if (failed > 0) return;
      const taken = notes[0];
      // Instructions the offline grader did not understand: the mark was left, so nothing was "regraded".
      if (taken?.instructions === 'not-understood') return toast.info(taken.note);
      const done = `Question ${questionNumber} regraded${taken && taken.instructions === 'applied' ? `: ${taken.note}` : ''}`;
      if (kept === 0) toast.success(done);
      else
        toast.info(
          `${done}; ${kept === 1 ? 'a mark' : `${kept} marks`} set by hand kept (tick "Also replace marks set by hand" to regrade ${kept === 1 ? 'it' : 'them'}).`,
        );
    });
  };

  return (
    <section className="gr-submission" aria-labelledby="gr-student-name" data-testid="graded-submission">
      <header className="card gr-submission-head">
        <div className="gr-submission-who">
          <h2 id="gr-student-name" className="gr-student-name">
            {record.student_data.student_name}
          </h2>
          {record.student_data.original_filename && <p className="text-muted gr-source-file">{record.student_data.original_filename}</p>}
        </div>
        <div className="gr-total" data-testid="grade-total">
          <span className="gr-total-value">{formatMarks(obtained)}</span>
          <span className="gr-total-possible">/ {formatMarks(possible)}</span>
        </div>
        <div className="gr-progress">
          <ProgressTrack
            label="Marks obtained"
            value={obtained}
            max={possible}
            valueText={`${formatMarks(obtained)} of ${formatMarks(possible)} marks`}
            percent={percent}
          />
          <p className="text-muted gr-progress-text">
            {gradedCount} of {record.questions.length} questions graded
          </p>
        </div>
        <div className="gr-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={inProgress || !canGrade}
            onClick={() => void gradeStudent(client, assignmentId, record)}
          >
            <SparkIcon width={16} height={16} /> {inProgress ? 'Grading…' : record.graded ? 'Regrade' : 'Grade'}
          </button>
          <SummaryMenu assignmentId={assignmentId} />
          <GradedDownloadMenu record={record} />
          <DownloadAllMenu assignmentId={assignmentId} />
        </div>
      </header>

      {record.questions.map((q) => (
        <GradedQuestion
          key={q.question_id}
          assignmentId={assignmentId}
          studentId={record.student_id}
          question={q}
          graded={stateOf(q.question_number, q.graded)}
          onRegrade={() => setRegrading(q.question_number)}
          fromFile={record.source === 'file'}
        />
      ))}

      {regrading !== null && (
        <RegradeDialog
          assignmentId={assignmentId}
          questionNumber={regrading}
          studentName={record.student_data.student_name}
          studentCount={allStudentIds.length}
          onClose={() => setRegrading(null)}
          onRegrade={(instructions, scope, override) => regrade(regrading, instructions, scope, override)}
        />
      )}
    </section>
  );
}
