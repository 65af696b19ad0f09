import { EmptyState } from '../../../components/empty-state';
import { UploadIcon } from '../../../components/icons';

/** The Submissions side: uploading, mapping and grading arrive with the grading release. */
export function SubmissionsTab({ submissions }: { submissions: number }) {
  return (
    <EmptyState title={submissions > 0 ? `${submissions} ${submissions === 1 ? 'submission' : 'submissions'}` : 'No submissions yet.'}>
      <div className="ia-stack">
        <p id="upload-arrives-note">Uploading and grading submissions arrives with the grading release.</p>
        <button type="button" className="button button-primary" disabled aria-describedby="upload-arrives-note">
          <UploadIcon width={16} height={16} /> Upload Submissions
        </button>
      </div>
    </EmptyState>
  );
}
