import { z } from 'zod';

/**
 * An assignment's marking policy (issue 14): the conventions teachers mark differently, which the offline checker
 * otherwise decides one way and flags for a teacher to confirm (as Moodle's short-answer question has a case-sensitivity
 * switch). An instructor sets the ones they care about; a switch left unset keeps the checker's usual behaviour, mark
 * and flag alike. `MarkingPolicySet` on `marking-policy:{tenant}:{assignmentId}` records the whole policy each time it
 * changes; gradings after it use it (a regrade applies it to marks already given).
 */
const isoDate = z.iso.datetime({ offset: true });

/** As recorded: a switch a later version no longer knows is dropped when read. */
export const RecordedMarkingPolicySchema = z
  .object({
    unitMarkStandsAlone: z.boolean({ error: 'unitMarkStandsAlone must be true or false' }),
    missingUnitOnOneMark: z.enum(['none', 'half'], { error: 'missingUnitOnOneMark must be none or half' }),
    decimalForPercentage: z.enum(['form-mark-lost', 'accepted'], {
      error: 'decimalForPercentage must be form-mark-lost or accepted',
    }),
    percentSignRequired: z.boolean({ error: 'percentSignRequired must be true or false' }),
    formulaCase: z.enum(['exact', 'lower-case-accepted'], { error: 'formulaCase must be exact or lower-case-accepted' }),
    listItemsBeyondN: z.enum(['first-n', 'wrong-cancels-right'], {
      error: 'listItemsBeyondN must be first-n or wrong-cancels-right',
    }),
    hedgedYesNo: z.enum(['no-decision', 'as-answered'], { error: 'hedgedYesNo must be no-decision or as-answered' }),
    numberWordSpelling: z.enum(['exact', 'slips-accepted'], { error: 'numberWordSpelling must be exact or slips-accepted' }),
  })
  .partial();
/** As a request gives it: an unknown switch is a 400 that names it. */
export const MarkingPolicySchema = RecordedMarkingPolicySchema.strict();
export type MarkingPolicy = z.infer<typeof MarkingPolicySchema>;
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

/** Every switch, in the order a settings screen lists them. */
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
    name: 'missingUnitOnOneMark',
    description: 'A right value without the unit, on a one-mark question that requires the unit.',
    values: [
      { value: 'none', label: 'No mark' },
      { value: 'half', label: 'Half the mark' },
    ],
    whenUnset: 'Half the mark, flagged for review.',
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
      { value: 'no-decision', label: 'No decision: no mark' },
      { value: 'as-answered', label: 'Marked as the yes or no it leans to' },
    ],
    whenUnset: 'No mark, flagged for review.',
  },
  {
    name: 'numberWordSpelling',
    description: '"Write 4070 in words" answered with a misspelt number word ("fourty").',
    values: [
      { value: 'exact', label: 'The spelling must be exact' },
      { value: 'slips-accepted', label: 'A slip is accepted when the number is clear' },
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
