import { useId, useState } from 'react';
import { MARKING_POLICY_SWITCHES, type MarkingPolicy, type MarkingPolicySwitch } from '@evergrade/contracts';
import { useMarkingPolicy, useSetMarkingPolicy } from '../../../api/marking-policy';
import { formatDateTime } from '../../../lib/format';
import { PolicyRegrade } from './policy-regrade';
import './marking-policy-panel.css';

/** A switch's choice as the form holds it: '' is unset, else the value as text ('true', 'half', …). */
type Choices = Partial<Record<MarkingPolicySwitch['name'], string>>;

const choicesOf = (policy: MarkingPolicy): Choices => Object.fromEntries(Object.entries(policy).map(([k, v]) => [k, String(v)])) as Choices;

function policyOf(choices: Choices): MarkingPolicy {
  const policy: Record<string, boolean | string> = {};
  for (const s of MARKING_POLICY_SWITCHES) {
    const chosen = s.values.find((v) => String(v.value) === choices[s.name]);
    if (chosen) policy[s.name] = chosen.value;
  }
  return policy as MarkingPolicy;
}

const sameChoices = (a: Choices, b: Choices) => MARKING_POLICY_SWITCHES.every((s) => (a[s.name] ?? '') === (b[s.name] ?? ''));

/**
 * The assignment's marking policy: where teachers mark differently (a unit's mark, a formula's case, extra list
 * items…), the instructor says how; the offline grader then decides those answers their way instead of flagging them.
 */
export function MarkingPolicyPanel({ assignmentId }: { assignmentId: number }) {
  const query = useMarkingPolicy(assignmentId);
  const save = useSetMarkingPolicy(assignmentId);
  const id = useId();
  const saved = query.data ? choicesOf(query.data.policy) : null;
  const [choices, setChoices] = useState<Choices>({});
  /** Choices made and not yet saved or discarded: a policy saved meanwhile (another instructor) does not replace them. */
  const [editing, setEditing] = useState(false);
  /** What the form shows: the instructor's choices while editing, else the saved policy (in the render it loads in). */
  const shown = editing ? choices : (saved ?? {});
  const choose = (name: MarkingPolicySwitch['name'], value: string) => {
    setChoices({ ...shown, [name]: value });
    setEditing(true);
  };

  if (query.isPending) return <p className="text-muted mp-state">Loading the marking policy…</p>;
  if (query.isError)
    return (
      <div className="mp-state" role="alert">
        <p>The marking policy could not be loaded: {query.error.message}</p>
        <button type="button" className="button button-secondary button-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  const changed = editing && !sameChoices(choices, saved ?? {});
  const setCount = MARKING_POLICY_SWITCHES.filter((s) => (saved?.[s.name] ?? '') !== '').length;
  return (
    <form
      className="mp"
      data-testid="marking-policy"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(policyOf(shown), { onSuccess: () => setEditing(false) });
      }}
    >
      <div className="mp-intro">
        <h3 id={`${id}-title`} className="mp-heading">
          Marking policy
        </h3>
        <p className="text-muted small">
          Where teachers mark differently, say how you mark. The automatic grader follows your choice instead of flagging those answers for
          you to check.
        </p>
        <p className="small">
          {query.data.set_at
            ? `${setCount} of ${MARKING_POLICY_SWITCHES.length} set, last changed ${formatDateTime(query.data.set_at)}.`
            : 'Nothing set yet: the grader uses its usual rules and flags these cases.'}
        </p>
      </div>
      {MARKING_POLICY_SWITCHES.map((s) => (
        <fieldset key={s.name} className="mp-switch">
          <legend className="mp-legend">{s.description}</legend>
          <label className="mp-option">
            <input
              type="radio"
              name={`${id}-${s.name}`}
              value=""
              checked={(shown[s.name] ?? '') === ''}
              onChange={() => choose(s.name, '')}
            />
            <span>
              Not set <span className="text-muted">({s.whenUnset})</span>
            </span>
          </label>
          {s.values.map((v) => (
            <label key={String(v.value)} className="mp-option">
              <input
                type="radio"
                name={`${id}-${s.name}`}
                value={String(v.value)}
                checked={shown[s.name] === String(v.value)}
                onChange={() => choose(s.name, String(v.value))}
              />
              <span>{v.label}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <div className="mp-actions">
        <button type="submit" className="button button-primary button-sm" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save policy'}
        </button>
        <button
          type="button"
          className="button button-secondary button-sm"
          disabled={!changed || save.isPending}
          onClick={() => {
            setEditing(false);
          }}
        >
          Discard changes
        </button>
        {save.isError ? (
          <span role="alert" className="form-error">
            {save.error.message}
          </span>
        ) : (
          save.isSuccess && !changed && <span role="status">Saved. Gradings from now on follow this policy.</span>
        )}
      </div>
      {query.data.set_at && <PolicyRegrade assignmentId={assignmentId} disabled={changed || save.isPending} />}
    </form>
  );
}
