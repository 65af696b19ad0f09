import './wizard.css';

type Props = { phase: string; details?: readonly string[]; percent: number; testId?: string };

/** Where a long job is (uploading, reading page 3 of 8...): its phase, details and a bar. */
export function ProgressPanel({ phase, details = [], percent, testId }: Props) {
  return (
    <div className="wz-progress-panel" role="status" data-testid={testId}>
      <div className="wz-progress-line">
        <span className="strong">{phase}</span>
        {details.map((d) => (
          <span key={d} className="text-muted">
            {d}
          </span>
        ))}
      </div>
      <div
        className="wz-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="Processing progress"
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
