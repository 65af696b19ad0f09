import type { FlowStatus } from '../hooks/use-code-flow';

export function FlowStatusBanner({ status }: { status: FlowStatus }) {
  if (!status) return null;
  return (
    <p className={`flow-status flow-status-${status.tone}`} role={status.tone === 'error' ? 'alert' : 'status'} data-testid="flow-status">
      {status.text}
    </p>
  );
}

const LABELS = ['Email', 'Verify', 'Details', 'Done'];

export function StepIndicator({ step, labels = LABELS }: { step: number; labels?: string[] }) {
  return (
    <ol className="steps" aria-label={`Step ${step} of ${labels.length}`}>
      {labels.map((label, i) => {
        const n = i + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} className={`step step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="step-dot" aria-hidden="true">
              {state === 'done' ? '✓' : n}
            </span>
            <span className="step-label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
