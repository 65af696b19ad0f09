type Props = {
  /** The bar's accessible name (left out when a surrounding element names it). */
  label?: string;
  value: number;
  max: number;
  /** Read out instead of the bare number, e.g. "3 of 10 answered". */
  valueText?: string;
  /** The fill's width in per cent; by default `value` over `max`, rounded (0 when `max` is 0). */
  percent?: number;
};

/** The app's progress bar (a WAI-ARIA progressbar): `.progress-track` with its `.progress-fill`. */
export function ProgressTrack({ label, value, max, valueText, percent }: Props) {
  const width = percent ?? (max > 0 ? Math.round((value / max) * 100) : 0);
  return (
    <div
      className="progress-track"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className="progress-fill" style={{ width: `${width}%` }} />
    </div>
  );
}
