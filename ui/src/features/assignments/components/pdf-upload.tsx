import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  PDF_SUBMISSION_MESSAGES,
  PDF_UPLOAD_PHASE_LABELS,
  richTextToPlainText,
  type AssignmentQuestion,
  type PdfSubmissionLine,
  type PdfUploadPhase,
} from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { CheckIcon, UploadIcon } from '../../../components/icons';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import { assignmentsQueryKey } from '../api/get-assignments';
import { questionsQueryKey } from '../api/get-assignment-questions';
import { getPdfUploadTicket, processPdfSubmission, putPdf } from '../api/pdf-submission';
import { ProgressTrack } from '../../../components/progress-track';
import './pdf-upload.css';

/** An answer in a box when the upload starts: the PDF may replace it. */
export type TypedAnswer = { questionId: number; questionNumber: number; text: string };

type Props = {
  assignmentId: number;
  /** The answers the student has now (ungraded questions): listed before uploading, as the PDF may replace them. */
  typed?: TypedAnswer[] | undefined;
  /** Past due, submitted or graded: the button is disabled with the spec's tooltip. */
  locked: boolean;
  /** Save pending typed edits first, so none lands after the PDF's answers. */
  onBeforeUpload?: (() => Promise<void>) | undefined;
  /**
   * The questions whose answers the PDF filled, once the display has the server's new answers, and the typed
   * answers it replaced (the earlier AnswerSaved events keep them on the server too).
   */
  onFilled?: ((questionIds: number[], replaced: TypedAnswer[]) => void) | undefined;
};

type Progress = { current: number; total: number };
type Outcome = { saved: number[]; missing: number[] };

const STEPS: PdfUploadPhase[] = ['pending', 'uploading_to_gcs', 'processing', 'validating', 'complete'];
const reason = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Unknown error');

/** The assignment view's Upload PDF button and its modal: choose a PDF, watch it upload and be read, see what was filled. */
export function PdfUpload({ assignmentId, locked, typed, onBeforeUpload, onFilled }: Props) {
  const lockedTitle = locked ? MESSAGES.lockedTooltip : undefined;
  const [open, setOpen] = useState(false);
  return (
    <>
      <span title={lockedTitle} className="tooltip-wrap">
        <button type="button" className="button button-secondary" disabled={locked} title={lockedTitle} onClick={() => setOpen(true)}>
          <UploadIcon width={16} height={16} /> Upload PDF
        </button>
      </span>
      {open && (
        <PdfUploadModal
          assignmentId={assignmentId}
          typed={typed}
          onBeforeUpload={onBeforeUpload}
          onFilled={onFilled}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

type ModalProps = Omit<Props, 'locked'> & { onClose: () => void };

export function PdfUploadModal({ assignmentId, typed = [], onBeforeUpload, onFilled, onClose }: ModalProps) {
  const client = useQueryClient();
  const email = useSessionStore((s) => s.student.email);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<PdfUploadPhase | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** Showing which typed answers the PDF may replace, waiting for the student's go-ahead. */
  const [asking, setAsking] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase !== null && phase !== 'complete' && phase !== 'error';

  const choose = (picked: File | undefined) => {
    setError(null);
    setPhase(null);
    if (!picked) return setFile(null);
    if (picked.type !== 'application/pdf') {
      setFile(null);
      return setError(PDF_SUBMISSION_MESSAGES.notPdf);
    }
    setFile(picked);
  };

  const onLine = useCallback((line: PdfSubmissionLine) => {
    if (line.status === 'processing') {
      setPhase('processing');
      if (line.total_pages) setProgress({ current: line.current_page ?? 0, total: line.total_pages });
    } else if (line.status === 'validating') setPhase('validating');
  }, []);

  /**
   * Fetch the answers at the position of the last save and put them in the cache. Fetched here rather than by
   * invalidating: a failed refetch would put the view's query in error (the whole view) while the answers are safe.
   */
  const refresh = async (position: string | null | undefined, saved: number[], before: TypedAnswer[]) => {
    void invalidateAt(client, assignmentsQueryKey, position);
    const { questions } = await callApi('getAssignmentQuestions', { body: { assignment_id: assignmentId }, minPosition: position ?? null });
    client.setQueryData(
      questionsQueryKey(assignmentId),
      [...questions].sort((a, b) => a.question_number - b.question_number),
    );
    const filled = questions.filter((q) => saved.includes(q.question_number));
    const replaced = before.filter((t) => filled.some((q) => q.question_id === t.questionId && q.response_content !== t.text));
    onFilled?.(
      filled.map((q) => q.question_id),
      replaced,
    );
  };

  const start = async () => {
    if (!file) return setError(PDF_SUBMISSION_MESSAGES.notPdf);
    setAsking(false);
    const before = typed;
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setNotice(null);
    setOutcome(null);
    setProgress(null);
    setPhase('pending');
    const fail = (message: string) => {
      if (controller.signal.aborted) return;
      setError(message);
      setPhase('error');
    };
    let fileName: string;
    try {
      await onBeforeUpload?.().catch((err: unknown) => console.error('Saving pending answers before the PDF upload failed', err));
      const ticket = await getPdfUploadTicket(assignmentId, email);
      setPhase('uploading_to_gcs');
      await putPdf(ticket.upload_url, file, controller.signal);
      fileName = ticket.file_name;
    } catch (err) {
      return fail(PDF_SUBMISSION_MESSAGES.uploadError(reason(err)));
    }
    setPhase('processing');
    let final: PdfSubmissionLine;
    try {
      final = await processPdfSubmission({ file_name: fileName, assignment_id: assignmentId }, onLine, controller.signal);
    } catch (err) {
      return fail(PDF_SUBMISSION_MESSAGES.processingError(reason(err)));
    }
    if (final.status === 'error') return fail(PDF_SUBMISSION_MESSAGES.processingError(final.error ?? 'Unknown error'));
    const saved = final.saved ?? [];
    const found = new Set((final.questions ?? []).filter((q) => q.response.trim()).map((q) => q.question_number));
    const numbers = (client.getQueryData<AssignmentQuestion[]>(questionsQueryKey(assignmentId)) ?? []).map((q) => q.question_number);
    setOutcome({ saved, missing: numbers.filter((n) => !found.has(n)) });
    try {
      await refresh(final.position, saved, before);
    } catch {
      setNotice(PDF_SUBMISSION_MESSAGES.refreshFailed);
    }
    if (!controller.signal.aborted) setPhase('complete');
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const upload = () => {
    // the first Upload lists the answers the PDF may replace; nothing is sent before the student agrees
    if (typed.length > 0 && !asking && phase === null) return setAsking(true);
    void start();
  };

  const actions =
    phase === 'complete' ? (
      <button type="button" className="button button-primary" data-autofocus onClick={close}>
        Done
      </button>
    ) : asking ? (
      <>
        <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
          Back
        </button>
        <button type="button" className="button button-primary" data-autofocus onClick={() => void start()}>
          Replace and upload
        </button>
      </>
    ) : (
      <>
        <button type="button" className="button button-secondary" onClick={close}>
          {busy ? 'Cancel' : 'Close'}
        </button>
        <button type="button" className="button button-primary" disabled={!file || busy} onClick={upload}>
          {phase === 'error' ? 'Try again' : 'Upload'}
        </button>
      </>
    );

  return (
    <Modal title="Upload handwritten answers" role="dialog" onEscape={close} actions={actions}>
      <div className="pdf-upload" data-testid="pdf-upload">
        <p className="text-muted small">
          Upload a PDF of your work (a scan or photos saved as PDF). Number each answer as its question (1., 2., 3.) and it fills that
          question's answer box. Questions the PDF does not answer keep what you typed.
        </p>
        <label className="pdf-upload-file">
          <span className="pdf-upload-file-label">PDF file</span>
          <input
            type="file"
            accept="application/pdf,.pdf"
            data-autofocus
            disabled={busy}
            aria-label="PDF file"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
        {asking && (
          <div className="pdf-upload-replace" role="alert" data-testid="pdf-upload-replace">
            <p>
              <strong>The PDF replaces the answers in these boxes</strong> for each question it answers:
            </p>
            <ul>
              {typed.map((t) => (
                <li key={t.questionId}>
                  Question {t.questionNumber}: <q>{snippet(t.text)}</q>
                </li>
              ))}
            </ul>
            <p className="text-muted small">
              Nothing is lost: a replaced answer stays in this assignment's history, and is shown under its question after the upload, where
              you can restore it.
            </p>
          </div>
        )}
        {phase !== null && <PhaseSteps phase={phase} progress={progress} failedAt={phase === 'error'} />}
        {error && (
          <p className="pdf-upload-error" role="alert">
            {error}
          </p>
        )}
        {phase === 'complete' && outcome && (
          <div className="pdf-upload-result" role="status">
            <p>
              <CheckIcon width={16} height={16} />{' '}
              {outcome.saved.length > 0 ? `Answers filled for ${listOf(outcome.saved)}.` : 'Your answers were already up to date.'}
            </p>
            {outcome.missing.length > 0 && (
              <p className="text-muted small">No answer found for {listOf(outcome.missing)}: what you typed there is kept.</p>
            )}
          </div>
        )}
        {notice && (
          <p className="pdf-upload-error" role="alert">
            {notice}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** The first words of an answer (editor JSON or plain text), for the list of what may be replaced. */
const snippet = (text: string) => {
  const plain = richTextToPlainText(text).replace(/\s+/g, ' ').trim();
  return plain.length > 60 ? `${plain.slice(0, 57)}…` : plain;
};

const listOf = (numbers: number[]) => {
  const names = numbers.map(String);
  const joined = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `${numbers.length === 1 ? 'question' : 'questions'} ${joined}`;
};

function PhaseSteps({ phase, progress, failedAt }: { phase: PdfUploadPhase; progress: Progress | null; failedAt: boolean }) {
  const [lastActive, setLastActive] = useState<PdfUploadPhase>('pending');
  useEffect(() => {
    if (phase !== 'error') setLastActive(phase);
  }, [phase]);
  const current = phase === 'error' ? lastActive : phase;
  const index = STEPS.indexOf(current);
  const pct = progress && progress.total > 0 ? Math.round((progress.current / progress.total) * 100) : 0;
  return (
    <div className="pdf-upload-progress" data-testid="pdf-upload-phase" data-phase={phase}>
      <ol className="pdf-steps">
        {STEPS.map((step, i) => {
          const state = i < index || phase === 'complete' ? 'done' : i === index ? (failedAt ? 'failed' : 'active') : 'todo';
          return (
            <li key={step} className={`pdf-step pdf-step-${state}`} aria-current={state === 'active' ? 'step' : undefined}>
              <span className="pdf-step-dot" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span>{PDF_UPLOAD_PHASE_LABELS[step]}</span>
            </li>
          );
        })}
      </ol>
      <p className="pdf-upload-status" role="status" aria-live="polite">
        {statusText(phase, progress)}
      </p>
      {(phase === 'processing' || phase === 'validating') && progress && (
        <ProgressTrack label="Pages read" value={progress.current} max={progress.total} percent={pct} />
      )}
    </div>
  );
}

function statusText(phase: PdfUploadPhase, progress: Progress | null): string {
  switch (phase) {
    case 'pending':
      return 'Preparing the upload…';
    case 'uploading_to_gcs':
      return 'Uploading your PDF…';
    case 'processing':
      return progress && progress.total > 0
        ? `Reading page ${Math.min(progress.current + 1, progress.total)} of ${progress.total}…`
        : 'Reading your PDF…';
    case 'validating':
      return 'Matching your answers to the questions…';
    case 'complete':
      return 'Done.';
    case 'error':
      return 'The upload did not finish.';
  }
}
