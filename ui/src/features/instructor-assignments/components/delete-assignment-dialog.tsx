import { Modal } from '../../../components/dialog';

type Props = { title: string; busy: boolean; error: string | null; onConfirm: () => void; onCancel: () => void };

/** Spec document 2 section 2: 'Are you sure you want to delete "{title}"?' with 'This action cannot be undone.' */
export function DeleteAssignmentDialog({ title, busy, error, onConfirm, onCancel }: Props) {
  return (
    <Modal
      title="Delete assignment"
      tone="danger"
      onEscape={() => !busy && onCancel()}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </>
      }
    >
      <p>Are you sure you want to delete "{title}"?</p>
      <p className="text-muted">This action cannot be undone.</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
