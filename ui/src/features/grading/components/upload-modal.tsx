import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { handleDialogKeys } from '../../../components/dialog';
import { UploadIcon, XIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../stores/toast';
import { useCourseStudents } from '../api/get-course-students';
import { useUploadItems } from '../hooks/use-upload-items';
import { assignmentConflict, firstUnassigned, MAPPING_MESSAGES, toUpload } from '../utils/upload-items';
import { PdfPreview } from './pdf-preview';
import { StudentPanel } from './student-panel';
import { UploadFileList } from './upload-file-list';

export type UploadMode = 'initial' | 'addNew';

type Props = {
  mode: UploadMode;
  assignmentId: number;
  courseCode: string;
  /** Students who already have a submission: auto-match leaves them out. */
  submittedIds: readonly number[];
  onClose: () => void;
};

/**
 * Upload submissions (spec document 2 section 2): files on the left with their progress, Upload All
 * and the PDF picker; the student assignment panel and the PDF preview on the right.
 */
export function UploadModal({ mode, assignmentId, courseCode, submittedIds, onClose }: Props) {
  const students = useCourseStudents(courseCode);
  const list = useMemo(() => students.data ?? [], [students.data]);
  const upload = useUploadItems(assignmentId, list, submittedIds);
  const [selected, setSelected] = useState<string | null>(null);
  const [panelError, setPanelError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const titleId = useId();
  const pickerId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => previous?.focus?.();
  }, []);

  const item = upload.items.find((i) => i.key === selected) ?? upload.items[0] ?? null;
  const nameOf = (id: number | null) => list.find((s) => s.student_id === id)?.name ?? null;
  const busy = running || upload.items.some((i) => i.loading);
  const pending = toUpload(upload.items);
  const hasStudentList = list.length > 0;

  const onFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const { items, rejected } = upload.add([...files]);
    rejected.forEach((r) => toast.error(r));
    const firstNew = items.find((i) => i.uploadPhase === 'pending' && i.mappedStudent == null) ?? items.at(-1);
    if (firstNew) setSelected(firstNew.key);
  };

  const onAssign = (studentId: number) => {
    if (!item) return false;
    const conflict = assignmentConflict(upload.items, item.key, studentId);
    setPanelError(conflict);
    if (conflict) return false;
    upload.assign(item.key, studentId);
    return true;
  };

  const onUploadAll = async () => {
    // Every submission not yet complete needs a student (the server files each under one).
    const missing = firstUnassigned(upload.items, true);
    if (missing) {
      setSelected(missing.key);
      setPanelError(MAPPING_MESSAGES.unassigned);
      return;
    }
    setPanelError(null);
    setRunning(true);
    try {
      await upload.uploadAll();
    } finally {
      setRunning(false);
    }
  };

  const done = upload.items.length > 0 && upload.items.every((i) => i.uploadPhase === 'complete');
  const close = () => {
    if (!busy) onClose();
  };

  // Escape closes (unless files are on their way); Tab stays inside the dialog.
  const onKeyDown = (e: React.KeyboardEvent) =>
    handleDialogKeys(e, ref.current, close, 'button:not([disabled]), [href], input:not([tabindex="-1"]), iframe');

  return createPortal(
    <div className="modal-overlay">
      <div
        ref={ref}
        className="modal gr-upload-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-mode={mode}
        onKeyDown={onKeyDown}
      >
        <header className="gr-upload-head">
          <h2 id={titleId} className="modal-title">
            {mode === 'initial' ? 'Upload submissions' : 'Add submissions'}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={close} disabled={busy}>
            <XIcon width={18} height={18} />
          </button>
        </header>
        <div className="gr-upload-body">
          <div className="gr-upload-left">
            <div className="gr-upload-pick">
              <button
                type="button"
                className="button button-secondary"
                data-autofocus
                onClick={() => pickerRef.current?.click()}
                disabled={busy}
              >
                <UploadIcon width={16} height={16} /> Choose PDF files
              </button>
              <input
                ref={pickerRef}
                id={pickerId}
                className="visually-hidden"
                type="file"
                accept="application/pdf,.pdf"
                multiple
                aria-label="PDF files"
                tabIndex={-1}
                onChange={(e) => {
                  onFiles(e.target.files);
                  e.target.value = '';
                }}
              />
              <span className="text-muted">PDF only; several at once, one per student.</span>
            </div>
            <UploadFileList
              items={upload.items}
              selected={item?.key ?? null}
              nameOf={nameOf}
              onSelect={(k) => {
                setSelected(k);
                setPanelError(null);
              }}
              onRemove={upload.remove}
            />
            <div className="gr-upload-actions">
              {done ? (
                <button type="button" className="button button-primary" onClick={onClose}>
                  Done
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => void onUploadAll()}
                  disabled={busy || pending.length === 0 || !hasStudentList}
                >
                  {busy ? 'Uploading…' : 'Upload All'}
                </button>
              )}
            </div>
          </div>
          <div className="gr-upload-right">
            {students.isPending && <Spinner label="Loading students" />}
            {students.isError && (
              <p className="gr-panel-error" role="alert">
                The course's students could not be loaded. Close and try again.
              </p>
            )}
            {students.isSuccess && !hasStudentList && (
              <p className="gr-panel-error" role="alert">
                The course {courseCode} has no students yet: a submission is filed under a student, so add students to the course first.
              </p>
            )}
            {item && hasStudentList && (
              <StudentPanel
                key={item.key}
                item={item}
                students={list}
                submittedIds={submittedIds}
                error={panelError}
                onAssign={onAssign}
                onClear={() => upload.assign(item.key, null)}
              />
            )}
            {item ? (
              <PdfPreview file={item.file} name={item.displayName} />
            ) : (
              <p className="text-muted gr-preview-empty">The selected file is shown here.</p>
            )}
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
