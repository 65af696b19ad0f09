import { describe, expect, it } from 'vitest';
import { MARKING_POLICY_SWITCHES, MarkingPolicySchema, RecordedMarkingPolicySchema, describeMarkingPolicy } from './marking-policy';

describe('marking policy', () => {
  it('lists every switch of the schema once, each of its values allowed and nothing else', () => {
    const names = MARKING_POLICY_SWITCHES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(RecordedMarkingPolicySchema.shape).sort());
    for (const s of MARKING_POLICY_SWITCHES) {
      expect(s.values.length).toBeGreaterThanOrEqual(2);
      for (const v of s.values) expect(MarkingPolicySchema.safeParse({ [s.name]: v.value }).success).toBe(true);
      expect(MarkingPolicySchema.safeParse({ [s.name]: 'something else' }).success).toBe(false);
    }
  });

  it('refuses an unknown switch from a request, but drops one from a recorded policy', () => {
    const refused = MarkingPolicySchema.safeParse({ formulaCase: 'exact', spelling: 'strict' });
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain('spelling');
    expect(RecordedMarkingPolicySchema.parse({ formulaCase: 'exact', spelling: 'strict' })).toEqual({ formulaCase: 'exact' });
  });

  it('says a policy in words, one line per switch set', () => {
    expect(describeMarkingPolicy({})).toEqual([]);
    const lines = describeMarkingPolicy({ formulaCase: 'exact', percentSignRequired: true });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('The % sign is required');
    expect(lines[1]).toContain('Case matters: a wrong case scores 0');
  });
});
