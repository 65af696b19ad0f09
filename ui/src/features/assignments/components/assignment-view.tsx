import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isAnswered, isAssignmentLocked, MESSAGES } from '@evergrade/contracts';
import { AlertDialog, ConfirmDialog } from '../../../components/dialog';
import { ArrowLeftIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { watchAssignment } from '../../../lib/socket';
import { useAssignmentQuestions } from '../api/get-assignment-questions';
import { useAssignments } from '../api/get-assignments';
import { useAnswers } from '../hooks/use-answers';
import { useNow } from '../hooks/use-now';
import { useSubmitFlow } from '../hooks/use-submit-flow';
import { AssignmentHeader } from './assignment-header';
import { GradedSummary } from './graded-summary';
import { QuestionBlock } from './question-block';

const LIST = '/student/assignments';

export function AssignmentView({ assignmentId }: { assignmentId: number }) {
  const navigate = useNavigate();
  const now = useNow();
  const list = useAssignments();
  const questions = useAssignmentQuestions(assignmentId, Number.isInteger(assignmentId) && assignmentId > 0);
  const assignment = list.data?.[String(assignmentId)];
  const answers = useAnswers(assignmentId, questions.data);

  useEffect(() => watchAssignment(assignmentId), [assignmentId]);
  // Editors take their text when they mount: a PDF upload that filled answers remounts them with the new text.
  const [pdfFills, setPdfFills] = useState(0);

  const qs = questions.data ?? [];
  const answered = qs.filter((q) => isAnswered(answers.textOf(q))).length;
  const flow = useSubmitFlow({
    assignmentId,
    flushAll: answers.flushAll,
    responses: () => answers.responses,
    incomplete: () => qs.length - answered,
    onSubmitted: () => navigate(LIST),
  });

  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(LIST));
  const loadFailed = list.isError || questions.isError || (list.isSuccess && !assignment) || !(assignmentId > 0);

  if (loadFailed) {
    return <AlertDialog title="Unable to open assignment" message={MESSAGES.loadFailed} closeLabel="Close" onClose={goBack} />;
  }
  if (!assignment || !questions.data) return <Spinner label="Loading assignment" />;

  const locked = isAssignmentLocked(assignment, now);
  const graded = assignment.status === 'Graded';

  return (
    <div className="assignment-view">
      <button type="button" className="button button-ghost back-button" onClick={goBack}>
        <ArrowLeftIcon width={18} height={18} /> Back
      </button>
      <AssignmentHeader assignment={assignment} now={now} locked={locked} answered={answered} total={qs.length} submitting={flow.busy} onSubmit={flow.start}
        onBeforePdfUpload={answers.flushAll} onPdfFilled={(ids) => { answers.forgetDrafts(ids); setPdfFills((n) => n + 1); }} />
      {graded && <GradedSummary assignmentId={assignment.assignment_id} />}
      <div className="question-list" key={pdfFills}>
        {qs.length === 0 && <p className="text-muted">This assignment has no questions yet.</p>}
        {qs.map((q) => (
          <QuestionBlock key={q.question_id} question={q} text={answers.textOf(q)} status={answers.statuses[q.question_id] ?? 'idle'} locked={locked} onChange={answers.onChange} />
        ))}
      </div>
      {flow.confirming != null && <ConfirmDialog title="Submit assignment?" message={MESSAGES.incompleteQuestions(flow.confirming)} onConfirm={flow.confirm} onCancel={flow.cancel} />}
      {flow.error && <AlertDialog title="Something went wrong" message={flow.error} onClose={flow.dismissError} />}
    </div>
  );
}
