import { describe, expect, it } from 'vitest';
import { EMPTY_GROUP_KEY, effectiveKey, groupKey, groupResponses } from './groups';

const same = (a: string, b: string) => expect(groupKey(a), `${a} ~ ${b}`).toBe(groupKey(b));
const apart = (a: string, b: string) => expect(groupKey(a), `${a} ≁ ${b}`).not.toBe(groupKey(b));

describe('groupKey: numbers with units', () => {
  it('groups one value written with the same unit in other spellings', () => {
    same('60 km/h', '60 kmph');
    same('60 km/h', '60 kph');
    same('60 km/h', '60km/h.');
    same('0.5', '0.50');
    same('−5', '-5');
    same('1.2 × 10⁻⁴', '1.2e-4');
    same('½', '1/2');
  });

  it('keeps apart what a teacher may mark differently', () => {
    apart('60 km/h', '60');
    apart('60 km/h', '61 km/h');
    apart('1200 g', '1.2 kg');
    apart('1/2', '0.5');
    apart('3 + 4', '7');
    apart('-5', '5');
    apart('3.14', '3.1416');
    apart('10 0', '100');
    apart('twelve', '12');
    apart('twelve', 'a dozen');
    same('Twelve', 'twelve.');
    apart('05', '5');
    apart('60 mph', '60 km/h');
  });
});

describe('groupKey: words', () => {
  it('ignores case, punctuation, whitespace and filler words', () => {
    same('Carbon dioxide', '  carbon   DIOXIDE! ');
    same('The mitochondria.', 'mitochondria');
    same('It is photosynthesis', 'photosynthesis');
    same('Yes', 'yes.');
    same('B', 'b');
  });

  it('keeps negations, word order, spelling, accents and other scripts', () => {
    apart('It is not a mammal', 'It is a mammal');
    apart('carbon monoxide', 'carbon dioxide');
    apart('Tokyo', 'Kyoto');
    apart('run', 'ran');
    apart('dog bites man', 'man bites dog');
    apart('café', 'cafe');
    apart('光合作用', '呼吸作用');
    apart('Photosynthesys', 'Photosynthesis');
  });

  it('keeps the case that is meaning in short answers (Co is not CO) and every sign in maths', () => {
    apart('CO', 'Co');
    apart('NaCl', 'nacl');
    apart('x = -5', 'x = 5');
    apart('CO₂', 'CO₃');
    same('CO₂', 'CO2');
    same('x = 5', 'x=5');
  });

  it('puts every empty answer in one group of its own', () => {
    expect(groupKey('')).toBe(EMPTY_GROUP_KEY);
    expect(groupKey('   \n')).toBe(EMPTY_GROUP_KEY);
    expect(groupKey('?!')).toBe(EMPTY_GROUP_KEY);
    // An answer the PDF reader could not read is not 'no answer', and never shares a group.
    const unreadable = (responseId: number) => groupKey('', { responseId, flaggedForReview: 'Could not read this answer. OCR 31%' });
    expect(unreadable(7)).not.toBe(EMPTY_GROUP_KEY);
    expect(unreadable(7)).not.toBe(unreadable(8));
    expect(groupKey('', { responseId: 7, flaggedForReview: 'Only some key terms matched' })).toBe(EMPTY_GROUP_KEY);
    expect(groupKey('0')).not.toBe(EMPTY_GROUP_KEY);
    expect(groupKey('no')).not.toBe(EMPTY_GROUP_KEY);
    expect(groupKey('✓')).not.toBe(EMPTY_GROUP_KEY);
    apart('✓', '✗');
    same('✓', ' ✓. ');
  });

  it('makes short, stable keys', () => {
    const key = groupKey('a very long explanation '.repeat(200));
    expect(key).toMatch(/^t-[0-9a-f]{20}$/);
    expect(groupKey('a very long explanation '.repeat(200))).toBe(key);
  });
});

describe('groupResponses', () => {
  const r = (responseId: number, response: string) => ({ responseId, response });

  it('groups a question’s responses, largest group first, members in id order', () => {
    const groups = groupResponses([r(5, '60 kmph'), r(2, 'sixty'), r(1, '60 km/h'), r(3, ''), r(4, '60 km/h')]);
    expect(groups.map((g) => g.members.map((m) => m.responseId))).toEqual([[1, 4, 5], [2], [3]]);
    expect(groups[2]!.key).toBe(EMPTY_GROUP_KEY);
  });

  it('keeps a split response in its own group until its answer changes', () => {
    const natural = groupKey('60 km/h');
    const overrides = { 4: { naturalKey: natural, key: `${natural}.1` } };
    const split = groupResponses([r(1, '60 km/h'), r(4, '60 km/h')], overrides);
    expect(split.map((g) => g.members.map((m) => m.responseId))).toEqual([[1], [4]]);
    expect(split[1]!.key).toBe(`${natural}.1`);
    const changed = groupResponses([r(1, '60 km/h'), r(4, '70 km/h')], overrides);
    expect(changed[1]!.key).toBe(groupKey('70 km/h'));
    expect(effectiveKey(groupKey('70 km/h'), overrides[4])).toBe(groupKey('70 km/h'));
  });
});
