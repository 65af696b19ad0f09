import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isAnswered, isAssignmentLocked, MESSAGES, TIMER_MESSAGES, type AssignmentQuestion } from '@evergrade/contracts';
import { AlertDialog, ConfirmDialog, Modal } from '../../../components/dialog';
import { ArrowLeftIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { watchAssignment } from '../../../lib/socket';
import { useAssignmentQuestions } from '../api/get-assignment-questions';
import { assignmentsQueryKey, useAssignments } from '../api/get-assignments';
import { timedSessionKey } from '../api/sessions';
import { useAnswers } from '../hooks/use-answers';
import { useNow } from '../hooks/use-now';
import { useReplacedAnswers } from '../hooks/use-replaced-answers';
import { useSubmitFlow } from '../hooks/use-submit-flow';
import { useTimedSession } from '../hooks/use-timed-session';
import { AskFeedbackButton, useAskAboutFeedback } from './ask-feedback';
import { AssignmentHeader } from './assignment-header';
import { GradedSummary } from './graded-summary';
import { QuestionBlock } from './question-block';
import { RegradeRequestSection } from './regrade-request';
import { TimedStartModal } from './timed-start-modal';
import { ConnectionBanner, TimerBannerView, TimerPanel } from './timer-panel';

const LIST = '/student/assignments';

export function AssignmentView({ assignmentId }: { assignmentId: number }) {
  const navigate = useNavigate();
  const now = useNow();
  const client = useQueryClient();
  const list = useAssignments();
  const assignment = list.data?.[String(assignmentId)];
  // Timed work: questions load only once its session is started or already submitted (spec section 4).
  const flushAnswers = useRef<() => Promise<void>>(async () => {});
  const timer = useTimedSession({
    assignment,
    flushAll: () => flushAnswers.current(),
    onAutoSubmitted: () => {
      void client.invalidateQueries({ queryKey: assignmentsQueryKey });
      navigate(LIST);
    },
  });
  const questions = useAssignmentQuestions(
    assignmentId,
    Number.isInteger(assignmentId) && assignmentId > 0 && !!assignment && timer.questionsAllowed,
  );
  const answers = useAnswers(assignmentId, questions.data);
  flushAnswers.current = answers.flushAll;

  useEffect(() => watchAssignment(assignmentId), [assignmentId]);
  // Editors take their text when they mount: a PDF upload that filled answers remounts them with the new text.
  const [pdfFills, setPdfFills] = useState(0);
  const replaced = useReplacedAnswers(assignmentId);
  const { onChange: changeAnswer, textOf } = answers;
  const { replaced: replacedNow, set: setReplaced } = replaced;
  /** Swap an answer with the one the PDF replaced (or back): the swapped-out text stays shown, and in the history. */
  const restore = useCallback(
    (q: AssignmentQuestion) => {
      const earlier = replacedNow[q.question_id];
      if (!earlier) return;
      setReplaced(q.question_id, { text: textOf(q), by: earlier.by === 'pdf' ? 'restore' : 'pdf' });
      changeAnswer(q.question_id, earlier.text);
      setPdfFills((n) => n + 1);
    },
    [replacedNow, setReplaced, textOf, changeAnswer],
  );
  const hideReplaced = useCallback((q: AssignmentQuestion) => setReplaced(q.question_id, null), [setReplaced]);

  const qs = questions.data ?? [];
  const answered = qs.filter((q) => isAnswered(answers.textOf(q))).length;
  const flow = useSubmitFlow({
    assignmentId,
    flushAll: answers.flushAll,
    responses: () => answers.responses,
    // what will be submitted: a refused answer counts as its last saved one
    incomplete: () => qs.filter((q) => !isAnswered(q.graded ? answers.textOf(q) : answers.responses[String(q.question_id)])).length,
    refused: answers.refused,
    onSubmitted: () => {
      void client.invalidateQueries({ queryKey: timedSessionKey(assignmentId) });
      navigate(LIST);
    },
  });

  // Leaving a started timed assignment asks first: in the app, and when the tab closes or reloads.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => timer.guardLeave && !flow.busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!timer.guardLeave) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = TIMER_MESSAGES.leaveConfirm;
      return TIMER_MESSAGES.leaveConfirm;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [timer.guardLeave]);

  const askAboutFeedback = useAskAboutFeedback(assignmentId, assignment?.course ?? '');
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(LIST));
  const loadFailed = list.isError || questions.isError || (list.isSuccess && !assignment) || !(assignmentId > 0);

  if (loadFailed) {
    return <AlertDialog title="Unable to open assignment" message={MESSAGES.loadFailed} closeLabel="Close" onClose={goBack} />;
  }
  if (assignment && timer.phase === 'not_started') {
    return (
      <>
        <TimedStartModal assignment={assignment} starting={timer.starting} onStart={timer.start} onCancel={goBack} />
        {timer.startError && (
          <AlertDialog
            title="Unable to start"
            message={timer.startError}
            onClose={() => {
              timer.dismissStartError();
              goBack();
            }}
          />
        )}
      </>
    );
  }
  if (!assignment || !questions.data || !answers.ready) return <Spinner label="Loading assignment" />;

  // A running session is bounded by its own deadline (extra time may pass the due time); otherwise the lock rule.
  const session = timer.session;
  const locked =
    timer.phase === 'running' && session
      ? isAssignmentLocked({ ...assignment, due: session.deadline }, now)
      : isAssignmentLocked(assignment, now) || timer.phase === 'expired' || timer.phase === 'submitted';
  const graded = assignment.status === 'Graded';

  return (
    <div className="assignment-view">
      <button type="button" className="button button-ghost back-button" onClick={goBack}>
        <ArrowLeftIcon width={18} height={18} /> Back
      </button>
      <ConnectionBanner timed={timer.timed} />
      <TimerBannerView banner={timer.banner} onDismiss={timer.dismissBanner} />
      {timer.timed && <TimerPanel remaining={timer.remaining} submitted={timer.phase === 'submitted'} />}
      <AssignmentHeader
        assignment={assignment}
        now={now}
        locked={locked}
        answered={answered}
        total={qs.length}
        submitting={flow.busy}
        onSubmit={flow.start}
        typedAnswers={qs
          .filter((q) => !q.graded && isAnswered(answers.textOf(q)))
          .map((q) => ({ questionId: q.question_id, questionNumber: q.question_number, text: answers.textOf(q) }))}
        onBeforePdfUpload={answers.flushAll}
        onPdfFilled={(ids, earlier) => {
          answers.forgetDrafts(ids);
          replaced.addFromPdf(earlier);
          setPdfFills((n) => n + 1);
        }}
      />
      {graded && <GradedSummary assignmentId={assignment.assignment_id} />}
      {(graded || assignment.status === 'Submitted') && (
        <div className="ask-feedback-row">
          <AskFeedbackButton assignmentId={assignment.assignment_id} subject={assignment.course} questions={qs} />
        </div>
      )}
      <div className="question-list" key={pdfFills}>
        {qs.length === 0 && <p className="text-muted">This assignment has no questions yet.</p>}
        {qs.map((q) => (
          <QuestionBlock
            key={q.question_id}
            question={q}
            text={answers.textOf(q)}
            status={answers.statuses[q.question_id] ?? 'idle'}
            refusal={answers.refusals[q.question_id]}
            locked={locked}
            onChange={answers.onChange}
            replaced={replacedNow[q.question_id]}
            onRestore={restore}
            onHideReplaced={hideReplaced}
            onAskAboutFeedback={askAboutFeedback}
            footer={q.graded ? <RegradeRequestSection assignmentId={assignment.assignment_id} question={q} /> : undefined}
          />
        ))}
      </div>
      {flow.refusedConfirm && (
        <Modal
          title="Some answers were not saved"
          onEscape={flow.cancel}
          actions={
            <>
              <button type="button" className="button button-secondary" data-autofocus onClick={flow.cancel}>
                No
              </button>
              <button type="button" className="button button-primary" onClick={flow.confirmRefused}>
                Submit anyway
              </button>
            </>
          }
        >
          <ul className="refused-list">
            {flow.refusedConfirm.map((r) => (
              <li key={r.questionNumber}>
                <strong>Question {r.questionNumber}:</strong> {r.message}
              </li>
            ))}
          </ul>
          <p>{MESSAGES.refusedBeforeSubmit(flow.refusedConfirm.length)}</p>
        </Modal>
      )}
      {flow.confirming != null && (
        <ConfirmDialog
          title="Submit assignment?"
          message={MESSAGES.incompleteQuestions(flow.confirming)}
          onConfirm={flow.confirm}
          onCancel={flow.cancel}
        />
      )}
      {flow.error && <AlertDialog title="Something went wrong" message={flow.error} onClose={flow.dismissError} />}
      {timer.alert && <AlertDialog title="Time expired" message={timer.alert.message} onClose={timer.closeAlert} />}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave this assignment?"
          message={TIMER_MESSAGES.leaveConfirm}
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </div>
  );
}
