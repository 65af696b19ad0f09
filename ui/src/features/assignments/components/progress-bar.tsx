import { ProgressTrack } from '../../../components/progress-track';

export function ProgressBar({ done, total }: { done: number; total: number }) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="progress">
      <div className="progress-head">
        <span className="progress-label">Progress</span>
        <span className="progress-text" data-testid="progress">
          {done}/{total} answered
        </span>
      </div>
      <ProgressTrack label="Questions answered" value={done} max={total} valueText={`${done} of ${total} answered`} percent={pct} />
    </div>
  );
}
