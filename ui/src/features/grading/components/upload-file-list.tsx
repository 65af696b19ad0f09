import { AlertIcon, CheckIcon, XIcon } from '../../../components/icons';
import type { UploadItem } from '../utils/upload-items';
import { percentLabel, UPLOAD_PHASE_LABELS } from '../utils/upload-progress';
import { ProgressTrack } from '../../../components/progress-track';

type Props = {
  items: UploadItem[];
  selected: string | null;
  nameOf: (studentId: number | null) => string | null;
  onSelect: (key: string) => void;
  onRemove: (key: string) => void;
};

/** The modal's left side: each file with its student, phase and progress. */
export function UploadFileList({ items, selected, nameOf, onSelect, onRemove }: Props) {
  if (items.length === 0)
    return <p className="text-muted gr-upload-empty">No files chosen yet. Choose one or more PDF files, one per student.</p>;
  return (
    <ul className="gr-file-list" aria-label="Files to upload">
      {items.map((item) => {
        const student = nameOf(item.mappedStudent);
        const busy = item.loading;
        return (
          <li
            key={item.key}
            className="gr-file"
            data-testid={`upload-file-${item.key}`}
            data-phase={item.uploadPhase}
            aria-current={item.key === selected || undefined}
          >
            <button
              type="button"
              className="gr-file-select"
              onClick={() => onSelect(item.key)}
              aria-label={`${item.displayName}: ${student ?? 'no student assigned'}, ${UPLOAD_PHASE_LABELS[item.uploadPhase]}`}
            >
              <span className="gr-file-name">{item.displayName}</span>
              <span className={`gr-file-student${student ? '' : ' gr-file-unassigned'}`} data-testid="mapped-student">
                {student ?? 'Unassigned'}
                {student && item.mappedBy && item.mappedBy !== 'manual' && <span className="gr-auto"> · matched automatically</span>}
              </span>
            </button>
            <div className="gr-file-status">
              <span className={`gr-phase gr-phase-${item.uploadPhase}`} data-testid="upload-phase">
                {item.uploadPhase === 'complete' && <CheckIcon width={12} height={12} aria-hidden="true" />}
                {item.uploadPhase === 'error' && <AlertIcon width={12} height={12} aria-hidden="true" />}
                {UPLOAD_PHASE_LABELS[item.uploadPhase]}
                {item.pages != null && item.uploadPhase !== 'error' && ` · ${item.pages} ${item.pages === 1 ? 'page' : 'pages'}`}
              </span>
              {item.uploadPhase !== 'pending' && (
                <div className="gr-file-progress">
                  <ProgressTrack
                    label={`Progress of ${item.displayName}`}
                    value={Math.round(item.progress)}
                    max={100}
                    percent={item.progress}
                  />
                  <span className="gr-percent">{percentLabel(item.progress)}</span>
                </div>
              )}
              {item.error && (
                <p className="gr-file-error" role="alert">
                  {item.error}
                </p>
              )}
            </div>
            {!busy && item.uploadPhase !== 'complete' && (
              <button
                type="button"
                className="icon-button gr-file-remove"
                aria-label={`Remove ${item.displayName}`}
                onClick={() => onRemove(item.key)}
              >
                <XIcon width={14} height={14} />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
