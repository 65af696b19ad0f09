/**
 * Per-assignment marking policy: conventions teachers mark differently, which the checker otherwise decides one way and
 * flags for a teacher to confirm. A teacher sets the ones they care about for an assignment (as Moodle's short-answer
 * question has a case-sensitivity switch); a switch left unset keeps the checker's usual behaviour exactly (its mark,
 * and its flag). A switch that is set decides its case the teacher's way, confidently.
 */
export type MarkingPolicy = {
  /**
   * A key with a mark of its own for the unit ("1 value, 1 unit"): does the right unit with a wrong value earn it?
   * true: it stands alone; false: it needs the right value. Unset: given, flagged.
   */
  unitMarkStandsAlone?: boolean;
  /**
   * The question names the unit ("in km/h") and the key gives the unit a mark or requires it: is the number alone enough?
   * true: full marks; false: the unit must be written (the unit mark lost; of one mark, as missingUnitOnOneMark says).
   * Unset: the unit mark lost, flagged (of one mark, as missingUnitOnOneMark says).
   */
  bareNumberIfQuestionNamesUnit?: boolean;
  /**
   * The right value without the unit, on a one-mark question whose key requires the unit or which says "include the
   * unit". 'none': 0; 'half': half the mark. Unset: half, flagged.
   */
  missingUnitOnOneMark?: 'none' | 'half';
  /**
   * The right amount in another unit than the one the question asks for ("3.3 cm" where it asks in mm; pence where it
   * asks in pounds). 'accepted': full marks; 'accuracy-mark-lost': the accuracy mark lost (of one mark: half, or none
   * where missingUnitOnOneMark is 'none'; pence for pounds: none). Unset: the accuracy mark lost, flagged.
   */
  otherUnitThanAsked?: 'accepted' | 'accuracy-mark-lost';
  /**
   * The right number with a wrong unit's name ("2500 kg" for "how many grams…", 2500 g) or another temperature scale
   * ("20 °F" for 20 °C). 'nothing': 0; 'half-off': half a mark taken off. Unset: 0, flagged.
   */
  rightNumberWrongUnit?: 'nothing' | 'half-off';
  /**
   * A decimal or fraction of the right value where the question asks for a percentage (0.35 for 35%). 'form-mark-lost':
   * the accuracy / form mark is lost (0 of one mark); 'accepted': full marks. Unset: the form mark lost, flagged.
   */
  decimalForPercentage?: 'form-mark-lost' | 'accepted';
  /**
   * Calculator notation ("3.6E-4") where standard form is asked. 'not-standard-form': it is not (0 of one mark);
   * 'accepted': it is taken as standard form. Unset: 0 of one mark, flagged (of more, half, flagged).
   */
  calculatorNotation?: 'not-standard-form' | 'accepted';
  /**
   * "Write 0.35 as a percentage" answered "35": must the % sign be written? true: 0 without it; false: accepted.
   * Unset: accepted, flagged.
   */
  percentSignRequired?: boolean;
  /**
   * Chemical formulas in the wrong letter case. 'exact': any wrong case scores 0 (co2, Co2, h2so4); 'lower-case-accepted':
   * a formula typed all in lower case is accepted (co2, nacl), other case slips stay flagged. Unset: accepted, flagged.
   */
  formulaCase?: 'exact' | 'lower-case-accepted';
  /**
   * More list items than asked ("give two", three given, the third wrong). 'first-n': only the first n are marked, the
   * rest ignored; 'wrong-cancels-right': every item is marked and each wrong one cancels a right one. Unset: the first
   * n's mark, flagged.
   */
  listItemsBeyondN?: 'first-n' | 'wrong-cancels-right';
  /**
   * A hedged yes / no ("maybe yes", "perhaps not"). 'no-decision': 0; 'as-answered': marked as the yes or no it hedges.
   * Unset: 0, flagged.
   */
  hedgedYesNo?: 'no-decision' | 'as-answered';
  /**
   * "Write 4070 in words" answered with a misspelt number word ("fourty"). 'exact': 0; 'slips-accepted': the value
   * counts. Unset: accepted, flagged.
   */
  numberWordSpelling?: 'exact' | 'slips-accepted';
};

export type PolicySwitch = {
  /** The MarkingPolicy field. */
  name: keyof MarkingPolicy;
  /** What it decides, in a line a teacher understands. */
  description: string;
  /** The values a teacher may choose, each with what it means. */
  values: readonly { value: boolean | string; label: string }[];
  /** What the checker does when the switch is not set. */
  whenUnset: string;
};

/** Every switch, for a UI to list. */
export const POLICY_SWITCHES: readonly PolicySwitch[] = [
  {
    name: 'unitMarkStandsAlone',
    description: 'Where the key gives the unit a mark of its own, the right unit with a wrong value still earns that mark.',
    values: [
      { value: true, label: 'The unit mark stands alone' },
      { value: false, label: 'The unit mark needs the right value' },
    ],
    whenUnset: 'The unit mark is given, and the answer is flagged for review.',
  },
  {
    name: 'bareNumberIfQuestionNamesUnit',
    description: 'Where the question names the unit ("in km/h"), the number alone is enough even if the key gives the unit a mark.',
    values: [
      { value: true, label: 'The number alone is enough' },
      { value: false, label: 'The unit must be written' },
    ],
    whenUnset: 'The unit mark is lost, and the answer is flagged for review.',
  },
  {
    name: 'missingUnitOnOneMark',
    description: 'A right value without the unit, on a one-mark question that requires the unit.',
    values: [
      { value: 'none', label: 'No mark' },
      { value: 'half', label: 'Half the mark' },
    ],
    whenUnset: 'Half the mark, flagged for review.',
  },
  {
    name: 'otherUnitThanAsked',
    description: 'The right amount in another unit than the one the question asks for ("3.3 cm" when asked in mm).',
    values: [
      { value: 'accepted', label: 'Full marks' },
      { value: 'accuracy-mark-lost', label: 'The accuracy mark is lost' },
    ],
    whenUnset: 'The accuracy mark is lost (half of a one-mark question), flagged for review.',
  },
  {
    name: 'rightNumberWrongUnit',
    description: 'The right number with a wrong unit ("2500 kg" for 2500 g) or another temperature scale ("20 °F" for 20 °C).',
    values: [
      { value: 'nothing', label: 'No mark' },
      { value: 'half-off', label: 'Half a mark taken off' },
    ],
    whenUnset: 'No mark, flagged for review.',
  },
  {
    name: 'decimalForPercentage',
    description: 'A decimal or fraction of the right value where the question asks for a percentage (0.35 for 35%).',
    values: [
      { value: 'form-mark-lost', label: 'The accuracy (form) mark is lost' },
      { value: 'accepted', label: 'Full marks' },
    ],
    whenUnset: 'The accuracy mark is lost, flagged for review.',
  },
  {
    name: 'calculatorNotation',
    description: 'Calculator notation ("3.6E-4") where the question asks for standard form.',
    values: [
      { value: 'not-standard-form', label: 'Not standard form: the form mark is lost' },
      { value: 'accepted', label: 'Accepted as standard form' },
    ],
    whenUnset: 'The form mark is lost, flagged for review.',
  },
  {
    name: 'percentSignRequired',
    description: '"Write … as a percentage" answered with the right number but no % sign.',
    values: [
      { value: true, label: 'The % sign is required' },
      { value: false, label: 'The number alone is accepted' },
    ],
    whenUnset: 'Accepted, flagged for review.',
  },
  {
    name: 'formulaCase',
    description: 'Chemical formulas written in the wrong letter case (co2, h2so4, Co2).',
    values: [
      { value: 'exact', label: 'Case matters: a wrong case scores 0' },
      { value: 'lower-case-accepted', label: 'A formula typed all in lower case is accepted' },
    ],
    whenUnset: 'Accepted, flagged for review.',
  },
  {
    name: 'listItemsBeyondN',
    description: 'More list items than the question asks for, with a wrong one among the extras.',
    values: [
      { value: 'first-n', label: 'Only the first n items are marked' },
      { value: 'wrong-cancels-right', label: 'Every item is marked; each wrong item cancels a right one' },
    ],
    whenUnset: 'The first n items are marked, flagged for review.',
  },
  {
    name: 'hedgedYesNo',
    description: 'A yes / no answer hedged with "maybe", "perhaps" or "possibly".',
    values: [
      { value: 'no-decision', label: 'No decision: 0' },
      { value: 'as-answered', label: 'Marked as the yes or no it hedges' },
    ],
    whenUnset: '0, flagged for review.',
  },
  {
    name: 'numberWordSpelling',
    description: 'A misspelt number word ("fourty") where the question asks for the number in words.',
    values: [
      { value: 'exact', label: 'The spelling must be exact: 0' },
      { value: 'slips-accepted', label: 'The value counts: accepted' },
    ],
    whenUnset: 'Accepted, flagged for review.',
  },
];

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
