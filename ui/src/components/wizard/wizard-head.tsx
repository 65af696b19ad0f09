import { ArrowLeftIcon } from '../icons';
import './wizard.css';

type Props = {
  /** Where the wizard sits, e.g. ['Assignments', 'New Assignment']. */
  crumbs: readonly string[];
  /** The step's title, e.g. 'Step 1 of 3: Setup'. */
  title: string;
  steps: readonly string[];
  /** The current step's index in `steps`. */
  current: number;
  /** The back arrow and Discard: leave the wizard (after asking, when something was entered). */
  onLeave: () => void;
  backLabel: string;
  titleTestId?: string;
};

/** A wizard's head: back arrow, breadcrumbs, step title, the numbered steps and Discard. */
export function WizardHead({ crumbs, title, steps, current, onLeave, backLabel, titleTestId }: Props) {
  return (
    <header className="wz-head">
      <button type="button" className="icon-button" aria-label={backLabel} onClick={onLeave}>
        <ArrowLeftIcon />
      </button>
      <div className="wz-head-text">
        <p className="wz-crumbs">
          {crumbs.map((c, i) => (
            <span key={c}>
              {i > 0 && <span aria-hidden="true"> &gt; </span>}
              {c}
            </span>
          ))}
        </p>
        <h2 className="page-title wz-step-title" data-testid={titleTestId}>
          {title}
        </h2>
      </div>
      <ol className="wz-progress" aria-label="Progress">
        {steps.map((s, i) => (
          <li
            key={s}
            className="wz-progress-step"
            data-state={i === current ? 'current' : current > i ? 'done' : 'todo'}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="wz-progress-dot">{i + 1}</span>
            <span className="wz-progress-label">{s}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-ghost" onClick={onLeave}>
        Discard
      </button>
    </header>
  );
}
