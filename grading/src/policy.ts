import { MARKING_POLICY_SWITCHES, type MarkingPolicy, type MarkingPolicySwitch } from '@evergrade/contracts';

/**
 * Per-assignment marking policy: conventions teachers mark differently, which the checker otherwise decides one way and
 * flags for a teacher to confirm. A teacher sets the ones they care about for an assignment (as Moodle's short-answer
 * question has a case-sensitivity switch); a switch left unset keeps the checker's usual behaviour exactly (its mark,
 * and its flag). A switch that is set decides its case the teacher's way, confidently. The switches, their values and
 * what each means are the contracts' (`contracts/src/marking-policy.ts`), shared with the API and the UI.
 */
export type { MarkingPolicy };
export type PolicySwitch = MarkingPolicySwitch;

/** Every switch, for a UI to list. */
export const POLICY_SWITCHES: readonly PolicySwitch[] = MARKING_POLICY_SWITCHES;

/** The policy of an assignment that sets no switch: the checker's usual behaviour. */
export const DEFAULT_POLICY: MarkingPolicy = {};

/** A policy read from JSON: only the known switches with allowed values; throws on anything else. */
export function parsePolicy(raw: unknown, where = 'policy'): MarkingPolicy {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where}: expected an object of switches`);
  const policy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const known = POLICY_SWITCHES.find((s) => s.name === name);
    if (!known) throw new Error(`${where}: unknown switch "${name}"`);
    if (!known.values.some((v) => v.value === value))
      throw new Error(`${where}: "${name}" takes ${known.values.map((v) => JSON.stringify(v.value)).join(' or ')}`);
    policy[name] = value;
  }
  return policy as MarkingPolicy;
}
