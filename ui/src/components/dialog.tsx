import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What Tab moves between inside a dialog. */
export const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea';

/**
 * A dialog's keys: Escape calls `onEscape` (and goes no further), Tab and Shift+Tab wrap around the
 * elements of `container` that match `focusable`, so focus stays inside.
 */
export function handleDialogKeys(e: React.KeyboardEvent, container: HTMLElement | null, onEscape: () => void, focusable = FOCUSABLE): void {
  if (e.key === 'Escape') {
    e.stopPropagation();
    onEscape();
  }
  if (e.key !== 'Tab' || !container) return;
  const elements = [...container.querySelectorAll<HTMLElement>(focusable)];
  const first = elements[0];
  const last = elements[elements.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last?.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first?.focus();
  }
}

type ModalProps = {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onEscape: () => void;
  tone?: 'default' | 'danger';
  /** 'dialog' for forms; confirmations and alerts stay alertdialogs. */
  role?: 'dialog' | 'alertdialog';
};

/** An accessible alert dialog: focus moves in, Tab stays in, Escape cancels, focus returns on close. */
export function Modal({ title, children, actions, onEscape, tone = 'default', role = 'alertdialog' }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => handleDialogKeys(e, ref.current, onEscape);

  return createPortal(
    <div className="modal-overlay">
      <div
        ref={ref}
        className={`modal modal-${tone}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div id={bodyId} className="modal-body">
          {children}
        </div>
        <div className="modal-actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

export function AlertDialog({
  title = 'Notice',
  message,
  onClose,
  closeLabel = 'OK',
}: {
  title?: string;
  message: string;
  onClose: () => void;
  closeLabel?: string;
}) {
  return (
    <Modal
      title={title}
      onEscape={onClose}
      tone="danger"
      actions={
        <button type="button" className="button button-primary" data-autofocus onClick={onClose}>
          {closeLabel}
        </button>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

export function ConfirmDialog({
  title = 'Please confirm',
  message,
  onConfirm,
  onCancel,
  busy = false,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
}: {
  title?: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  return (
    <Modal
      title={title}
      onEscape={onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </button>
          <button type="button" className="button button-primary" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
