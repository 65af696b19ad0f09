import { z } from 'zod';

/**
 * An assignment's marking policy (issue 14): the conventions teachers mark differently, which the offline checker
 * otherwise decides one way and flags for a teacher to confirm (as Moodle's short-answer question has a case-sensitivity
 * switch). An instructor sets the ones they care about; a switch left unset keeps the checker's usual behaviour, mark
 * and flag alike. `MarkingPolicySet` on `marking-policy:{tenant}:{assignmentId}` records the whole policy each time it
 * changes; gradings after it use it (a regrade applies it to marks already given).
 */
const isoDate = z.iso.datetime({ offset: true });

/**
 * As recorded: a switch a later version no longer knows is dropped when read. Each switch, and what its values mean
 * (the labels a teacher reads are in MARKING_POLICY_SWITCHES; grading/src/policy.ts applies them):
 * - unitMarkStandsAlone: a key with a mark of its own for the unit ("1 value, 1 unit"); true: the right unit with a
 *   wrong value earns it; false: it needs the right value. Unset: given, flagged.
 * - bareNumberIfQuestionNamesUnit: the question names the unit ("in km/h") and the key gives the unit a mark or requires
 *   it; true: the number alone is enough; false: the unit must be written. Unset: the unit mark lost, flagged.
 * - missingUnitOnOneMark: the right value without the unit on a one-mark question that requires it; none or half.
 *   Unset: half, flagged.
 * - otherUnitThanAsked: the right amount in another unit than the one asked for ("3.3 cm" asked in mm, pence for
 *   pounds); accepted, or accuracy-mark-lost. Unset: the accuracy mark lost, flagged.
 * - rightNumberWrongUnit: the right number with a wrong unit's name ("2500 kg" for 2500 g) or another temperature
 *   scale; nothing, or half-off. Unset: 0, flagged.
 * - decimalForPercentage: 0.35 where 35% is asked; form-mark-lost or accepted. Unset: the form mark lost, flagged.
 * - calculatorNotation: "3.6E-4" where standard form is asked; not-standard-form or accepted. Unset: the form mark
 *   lost, flagged.
 * - percentSignRequired: "as a percentage" answered without the % sign; true: 0; false: accepted. Unset: accepted,
 *   flagged.
 * - formulaCase: formulas in the wrong letter case; exact (any wrong case 0) or lower-case-accepted (co2, nacl; other
 *   slips stay flagged). Unset: accepted, flagged.
 * - listItemsBeyondN: more items than asked with a wrong extra; first-n (the rest ignored) or wrong-cancels-right.
 *   Unset: the first n's mark, flagged.
 * - hedgedYesNo: "maybe yes"; no-decision (0) or as-answered. Unset: 0, flagged.
 * - numberWordSpelling: "fourty" where the number is asked in words; exact (0) or slips-accepted. Unset: accepted,
 *   flagged.
 */
const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be ${values.join(' or ')}` });
const yesNo = (name: string) => z.boolean({ error: `${name} must be true or false` });
export const RecordedMarkingPolicySchema = z
  .object({
    unitMarkStandsAlone: yesNo('unitMarkStandsAlone'),
    bareNumberIfQuestionNamesUnit: yesNo('bareNumberIfQuestionNamesUnit'),
    missingUnitOnOneMark: oneOf('missingUnitOnOneMark', ['none', 'half']),
    otherUnitThanAsked: oneOf('otherUnitThanAsked', ['accepted', 'accuracy-mark-lost']),
    rightNumberWrongUnit: oneOf('rightNumberWrongUnit', ['nothing', 'half-off']),
    decimalForPercentage: oneOf('decimalForPercentage', ['form-mark-lost', 'accepted']),
    calculatorNotation: oneOf('calculatorNotation', ['not-standard-form', 'accepted']),
    percentSignRequired: yesNo('percentSignRequired'),
    formulaCase: oneOf('formulaCase', ['exact', 'lower-case-accepted']),
    listItemsBeyondN: oneOf('listItemsBeyondN', ['first-n', 'wrong-cancels-right']),
    hedgedYesNo: oneOf('hedgedYesNo', ['no-decision', 'as-answered']),
    numberWordSpelling: oneOf('numberWordSpelling', ['exact', 'slips-accepted']),
  })
  .partial();
/** As a request gives it: an unknown switch is a 400 that names it. */
export const MarkingPolicySchema = RecordedMarkingPolicySchema.strict();
export type MarkingPolicy = z.infer<typeof MarkingPolicySchema>;

/** A recorded policy as this version reads it: the switches it knows, or none when the record is unreadable. */
export function recordedMarkingPolicy(raw: unknown): MarkingPolicy {
  const parsed = RecordedMarkingPolicySchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}
export type MarkingPolicySwitchName = keyof MarkingPolicy;

export type MarkingPolicySwitch = {
  /** The MarkingPolicy field. */
  name: MarkingPolicySwitchName;
  /** What it decides, in a line a teacher understands. */
  description: string;
  /** The values a teacher may choose, each with what it means. */
  values: readonly { value: boolean | string; label: string }[];
  /** What the checker does when the switch is not set. */
  whenUnset: string;
};

/** Every switch, in the order a settings screen lists them (a test checks it matches the schema). */
export const MARKING_POLICY_SWITCHES: readonly MarkingPolicySwitch[] = [
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

/** The policy in words, one line per switch that is set: for a model's prompt and for the audit. */
export function describeMarkingPolicy(policy: MarkingPolicy): string[] {
  const lines: string[] = [];
  for (const s of MARKING_POLICY_SWITCHES) {
    const value = policy[s.name];
    if (value === undefined) continue;
    const chosen = s.values.find((v) => v.value === value);
    if (chosen) lines.push(`${s.description} ${chosen.label}.`);
  }
  return lines;
}

/** The read model of policies (for read-your-writes). */
export const MARKING_POLICIES_PROJECTION = 'marking-policies';

/** The instructor set the assignment's marking policy (the whole policy: switches left out are unset). */
export const MarkingPolicySetSchema = z.object({
  type: z.literal('MarkingPolicySet'),
  data: z.object({
    assignmentId: z.number().int(),
    policy: RecordedMarkingPolicySchema,
    by: z.number().int(),
    setAt: isoDate,
  }),
});

export const MARKING_POLICY_EVENT_SCHEMAS = [MarkingPolicySetSchema] as const;
