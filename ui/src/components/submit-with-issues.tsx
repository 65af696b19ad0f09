import { useId, type ReactNode } from 'react';

type Props = { issues: string[]; busy?: boolean; children: ReactNode; className?: string; testId?: string };

/**
 * A submit button that stays disabled while `issues` is non-empty; hovering or focusing it shows
 * what is outstanding (also in the title attribute, for a native tooltip).
 */
export function SubmitWithIssues({ issues, busy, children, className = 'button button-primary button-block', testId }: Props) {
  const id = useId();
  const blocked = issues.length > 0;
  return (
    <div
      className={`issues-wrap${blocked ? ' is-blocked' : ''}`}
      title={blocked ? issues.join('\n') : undefined}
      tabIndex={blocked ? 0 : undefined}
    >
      <button
        type="submit"
        className={className}
        disabled={blocked || busy}
        aria-describedby={blocked ? id : undefined}
        data-testid={testId}
      >
        {children}
      </button>
      {blocked && (
        <div className="issues-tooltip" id={id} role="tooltip" data-testid="submit-issues">
          <p className="issues-heading">To continue:</p>
          <ul>
            {issues.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
