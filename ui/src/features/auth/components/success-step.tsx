import { CheckIcon } from '../../../components/icons';

/** `destination` names where the countdown leads (login unless told). */
type Props = { title: string; message: string; secondsLeft: number; onContinue: () => void; destination?: string };

export function SuccessStep({ title, message, secondsLeft, onContinue, destination = 'login' }: Props) {
  return (
    <div className="success-step" data-testid="flow-success">
      <span className="success-badge" aria-hidden="true">
        <CheckIcon width={30} height={30} />
      </span>
      <h2 className="success-title">{title}</h2>
      <p className="text-muted">{message}</p>
      <p className="small text-muted" aria-live="polite" data-testid="redirect-countdown">
        Redirecting to {destination} in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}…
      </p>
      <button type="button" className="button button-primary button-block" onClick={onContinue}>
        Login Now
      </button>
    </div>
  );
}
