import { formatMark, marksLabel } from '../lib/format';

export type GradeTone = 'success' | 'warning' | 'danger' | 'neutral';

/** Full marks are a success; some marks a warning; none a danger (never green); out of nothing, neutral. */
export function gradeTone(obtained: number, possible: number): GradeTone {
  if (possible <= 0) return 'neutral';
  if (obtained >= possible) return 'success';
  return obtained > 0 ? 'warning' : 'danger';
}

/** A mark as "obtained / possible marks", coloured by how much of it was earned. */
export function GradeBadge({ obtained, possible, testId }: { obtained: number; possible: number; testId?: string }) {
  const tone = gradeTone(obtained, possible);
  return (
    <span className={`badge badge-${tone}`} data-testid={testId} data-tone={tone}>
      {formatMark(obtained)} / {marksLabel(possible)}
    </span>
  );
}
