import { describe, expect, it } from 'vitest';
import {
  allSelected,
  byCategory,
  isCategoryLocked,
  levelSegments,
  RUBRIC_MESSAGES,
  rubricsForTags,
  selectedCategory,
  tagOf,
  tagsAfterPick,
  toggleCategory,
  toggleRubric,
} from './rules';

const R = [
  { id: 1, rubric_name: 'Problem Solving', criterion: 'Method', description: 'Novice: guesses. Proficient: clear method.' },
  { id: 2, rubric_name: 'Problem Solving', criterion: 'Accuracy', description: '' },
  { id: 3, rubric_name: 'Communication', criterion: 'Clarity', description: '' },
];

describe('one category at a time', () => {
  it('locks the other categories once a rubric is chosen', () => {
    const selected = toggleRubric([], R[0]!, R);
    expect(selectedCategory(selected, R)).toBe('Problem Solving');
    expect(isCategoryLocked('Communication', selected, R)).toBe(true);
    expect(isCategoryLocked('Problem Solving', selected, R)).toBe(false);
    expect(toggleRubric(selected, R[2]!, R)).toEqual([1]);
    expect(RUBRIC_MESSAGES.locked('Problem Solving')).toBe('Clear selections from "Problem Solving" to select from this category');
  });
  it('unlocks when the selection is cleared', () => {
    expect(isCategoryLocked('Communication', toggleRubric([1], R[0]!, R), R)).toBe(false);
  });
  it('Select All / Deselect All work within the category only', () => {
    const all = toggleCategory('Problem Solving', [], R);
    expect(all).toEqual([1, 2]);
    expect(allSelected('Problem Solving', all, R)).toBe(true);
    expect(toggleCategory('Communication', all, R)).toEqual([1, 2]);
    expect(toggleCategory('Problem Solving', all, R)).toEqual([]);
  });
  it('groups categories in order', () => {
    expect(byCategory(R).map(([c, items]) => [c, items.length])).toEqual([
      ['Problem Solving', 2],
      ['Communication', 1],
    ]);
  });
});

describe('tags', () => {
  it("are stored as 'rubric name - criterion'", () => {
    expect(tagOf(R[0]!)).toBe('Problem Solving - Method');
  });
  it('map back to rubrics, and unknown tags survive a new pick', () => {
    const tags = ['Problem Solving - Accuracy', 'Algebra'];
    expect(rubricsForTags(tags, R).map((r) => r.id)).toEqual([2]);
    expect(tagsAfterPick(tags, [R[2]!], R)).toEqual(['Algebra', 'Communication - Clarity']);
  });
});

it('marks the four levels for bold display', () => {
  expect(
    levelSegments('Novice: guesses. Proficient: clear.')
      .filter((s) => s.level)
      .map((s) => s.text),
  ).toEqual(['Novice', 'Proficient']);
});
