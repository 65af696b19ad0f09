import { useToastStore } from '../stores/toast';

const titles = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Info' } as const;

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.kind}${t.leaving ? ' is-leaving' : ''}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${t.kind}`}
        >
          <span className="toast-bar" aria-hidden="true" />
          <div className="toast-body">
            <strong className="toast-title">{titles[t.kind]}</strong>
            <span>{t.message}</span>
          </div>
          <button type="button" className="icon-button toast-close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
