import { useEffect, useRef, useState } from 'react';
import { DOCUMENT_MESSAGES } from '@evergrade/contracts';
import { AlertDialog } from '../../../components/dialog';
import { XIcon } from '../../../components/icons';
import { FileButton } from '../../../components/wizard/file-button';
import { ProgressPanel } from '../../../components/wizard/progress-panel';
import { ApiError } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session';
import { processMarkingScheme } from '../api/process-marking-scheme';
import { useDraftStore, type DocSlot, type DocSource } from '../stores/draft-store';
import { dueInstant } from '../utils/setup-rules';
import { draftFromGenerated } from '../utils/question-sources';
import { REDIRECT_AFTER_PROCESSING_MS } from '../utils/timings';
import { INITIAL_PROGRESS, nextProgress, PHASE_LABELS, progressPercent, type UploadProgress } from '../utils/upload-progress';
import { Accordion } from '../../../components/wizard/accordion';
import { AssessmentRubrics } from './assessment-rubrics';
import { ChoiceGroup } from '../../../components/wizard/choice-group';
import { PdfFrame } from './pdf-frame';
import { UrlPdfInput } from './url-pdf-input';

export const EXPRESS_TOOLTIP =
  'Express processing mode is much faster, but only supports documents where each question is fully contained on a single page.';

const SLOT_LABELS: Record<DocSlot, string> = { markingScheme: 'Marking Scheme', questionPaper: 'Question Paper', answerKey: 'Answer Key' };

/** One document: a PDF file or a URL; once chosen it shows in a frame. */
function DocumentSlot({ slot, doc, disabled }: { slot: DocSlot; doc: DocSource | null; disabled: boolean }) {
  const setDocument = useDraftStore((s) => s.setDocument);
  const [src, setSrc] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (!doc) return setSrc(null);
    if (doc.kind === 'url') return setSrc(doc.original_url);
    const url = URL.createObjectURL(doc.file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [doc]);
  const label = SLOT_LABELS[slot];
  return (
    <section className="wz-doc-slot" aria-label={label} data-testid={`doc-${slot}`}>
      <header className="wz-doc-slot-head">
        <h4>{label}</h4>
        {doc && (
          <span className="wz-doc-name">
            {doc.name} {doc.kind === 'url' && <span className="badge badge-info">URL</span>}
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${label}`}
              disabled={disabled}
              onClick={() => setDocument(slot, null)}
            >
              <XIcon width={16} height={16} />
            </button>
          </span>
        )}
      </header>
      {doc && src ? (
        <PdfFrame src={src} title={label} />
      ) : (
        <div className="wz-doc-drop">
          <FileButton
            inputLabel={`${label} PDF file`}
            disabled={disabled}
            onFiles={([file]) => {
              if (file!.type !== 'application/pdf') return setAlert(DOCUMENT_MESSAGES.notPdfFile(label));
              setDocument(slot, { kind: 'file', file: file!, name: file!.name });
            }}
          />
          <span className="text-muted">or from a URL</span>
          <UrlPdfInput wording="document" label={`${label} URL`} disabled={disabled} onAdded={(d) => setDocument(slot, d)} />
        </div>
      )}
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </section>
  );
}

function DocumentProgress({ progress }: { progress: UploadProgress }) {
  const details = [
    ...(progress.total_pages > 0 ? [`Page ${progress.current_page} of ${progress.total_pages}`] : []),
    ...(progress.total_batches > 0 ? [`Batch ${progress.current_batch} of ${progress.total_batches}`] : []),
  ];
  return (
    <ProgressPanel
      phase={PHASE_LABELS[progress.phase]}
      details={details}
      percent={progressPercent(progress)}
      testId="processing-progress"
    />
  );
}

/** Step 2 for From Document: marking scheme or paper + key, processing mode, rubrics, Process Document. */
export function DocumentStep() {
  const d = useDraftStore();
  const email = useSessionStore((s) => s.instructor.email);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { markingScheme, questionPaper, answerKey } = d.documents;
  const separate = d.documentMode === 'separate';
  const hasDocs = separate ? !!questionPaper && !!answerKey : !!markingScheme;
  const busy = progress !== null && progress.phase !== 'error';
  const canProcess = hasDocs && !busy;

  const process = async () => {
    const s = useDraftStore.getState();
    if (!s.title.trim() || !s.due_date || !s.processing) return setAlert(DOCUMENT_MESSAGES.needsDetails);
    const part = (doc: DocSource | null) => (doc?.kind === 'file' ? doc.file : undefined);
    const stored = (doc: DocSource | null) => (doc?.kind === 'url' ? doc.gsutil_url : undefined);
    setProgress({ ...INITIAL_PROGRESS, phase: 'uploading_to_gcs' });
    try {
      const final = await processMarkingScheme(
        {
          files: separate ? { question_paper: part(questionPaper), answer_key: part(answerKey) } : { file: part(markingScheme) },
          stored: separate
            ? { question_paper_gsutil_url: stored(questionPaper), answer_key_gsutil_url: stored(answerKey) }
            : { gsutil_url: stored(markingScheme) },
          title: s.title.trim(),
          due: dueInstant(s.due_date),
          expressMode: !separate && s.processing === 'express',
          createdBy: email,
          rubrics: s.rubrics.map((r) => ({ rubric_name: r.rubric_name, criterion: r.criterion })),
        },
        (line) => setProgress((p) => nextProgress(p ?? INITIAL_PROGRESS, line)),
      );
      if (final.status === 'error') {
        setProgress((p) => (p ? { ...p, phase: 'error' } : p));
        return setAlert(`Error processing document: ${final.error ?? 'unknown error'}`);
      }
      const questions = [...(final.questions ?? [])].sort((a, b) => a.question_number - b.question_number);
      s.setQuestions(questions.map(draftFromGenerated));
      s.setGsutilUrl(final.gsutil_url ?? final.question_paper_gsutil_url ?? null);
      timer.current = setTimeout(() => useDraftStore.getState().setStep('preview'), REDIRECT_AFTER_PROCESSING_MS);
    } catch (err) {
      console.error('process-marking-scheme failed', err);
      setProgress((p) => (p ? { ...p, phase: 'error' } : p));
      setAlert(
        err instanceof ApiError && err.fromServer && err.status >= 400 && err.status < 500
          ? `Error processing document: ${err.message}`
          : DOCUMENT_MESSAGES.processingFailed,
      );
    }
  };

  return (
    <div className="wz-step">
      <section className="card wz-card form-stack">
        <ChoiceGroup
          label="Document type"
          testId="document-mode"
          value={d.documentMode}
          columns={2}
          choices={[
            {
              value: 'combined',
              label: 'Combined Marking Scheme (Recommended, Faster)',
              hint: 'One PDF with the questions, answers and marks',
              disabled: busy,
            },
            {
              value: 'separate',
              label: 'Separate Question Paper & Answer Key',
              hint: 'Two PDFs: the paper and its answer key',
              disabled: busy,
            },
          ]}
          onChange={d.setDocumentMode}
        />
        {separate ? (
          <div className="wz-doc-pair">
            <DocumentSlot slot="questionPaper" doc={questionPaper} disabled={busy} />
            <DocumentSlot slot="answerKey" doc={answerKey} disabled={busy} />
          </div>
        ) : (
          <DocumentSlot slot="markingScheme" doc={markingScheme} disabled={busy} />
        )}
      </section>

      <section className="card wz-card form-stack">
        <ChoiceGroup
          label="Processing"
          testId="processing-mode"
          value={d.processing}
          columns={2}
          compact
          choices={[
            { value: 'normal', label: 'Normal', hint: 'Reads the whole document; questions may span pages', disabled: busy },
            {
              value: 'express',
              label: 'Express',
              hint: <span title={EXPRESS_TOOLTIP}>{EXPRESS_TOOLTIP}</span>,
              disabled: busy || separate,
            },
          ]}
          onChange={d.setProcessing}
        />
        {separate && <p className="field-hint">Separate question papers and answer keys are always processed in Normal mode.</p>}
        <Accordion title="Assessment Rubrics" summary={d.rubrics.length ? `${d.rubrics.length} selected` : 'Optional'}>
          <AssessmentRubrics />
        </Accordion>
        {progress && <DocumentProgress progress={progress} />}
      </section>

      <div className="wz-footer">
        <button type="button" className="button button-secondary" disabled={busy} onClick={d.backToDetails}>
          Previous
        </button>
        <button type="button" className="button button-primary" disabled={!canProcess} onClick={() => void process()}>
          {progress?.phase === 'complete' ? 'Processed' : busy ? 'Processing...' : 'Process Document'}
        </button>
      </div>
      {alert && (
        <AlertDialog
          message={alert}
          onClose={() => {
            setAlert(null);
            setProgress((p) => (p?.phase === 'error' ? null : p));
          }}
        />
      )}
    </div>
  );
}
