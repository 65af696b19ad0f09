/** Spec document 3 sections 3-4: rubric levels, one category at a time, tags 'rubric name - criterion'. */
export type RubricItem = { id: string | number; rubric_name: string; criterion: string; description?: string | null };
export type RubricId = RubricItem['id'];

export const RUBRIC_MESSAGES = {
  loadFailed: 'Failed to load rubrics. Please try again.',
  oneCategory: 'You can only select rubrics from one category at a time',
  locked: (category: string) => `Clear selections from "${category}" to select from this category`,
} as const;

export const RUBRIC_LEVELS = ['Novice', 'Apprentice', 'Competent', 'Proficient'] as const;

export const tagOf = (r: Pick<RubricItem, 'rubric_name' | 'criterion'>) => `${r.rubric_name} - ${r.criterion}`;
const sameId = (a: RubricId, b: RubricId) => String(a) === String(b);

/** Categories (rubric_name) in first-seen order, each with its criteria. */
export function byCategory(rubrics: readonly RubricItem[]): [string, RubricItem[]][] {
  const groups = new Map<string, RubricItem[]>();
  for (const r of rubrics) groups.set(r.rubric_name, [...(groups.get(r.rubric_name) ?? []), r]);
  return [...groups];
}

/** The category the selection belongs to, or null when nothing is selected. */
export function selectedCategory(selected: readonly RubricId[], rubrics: readonly RubricItem[]): string | null {
  const first = rubrics.find((r) => selected.some((id) => sameId(id, r.id)));
  return first?.rubric_name ?? null;
}

export const isCategoryLocked = (category: string, selected: readonly RubricId[], rubrics: readonly RubricItem[]) => {
  const current = selectedCategory(selected, rubrics);
  return current !== null && current !== category;
};

/** Toggle one rubric; a rubric of a locked category is left alone. */
export function toggleRubric(selected: readonly RubricId[], rubric: RubricItem, rubrics: readonly RubricItem[]): RubricId[] {
  if (selected.some((id) => sameId(id, rubric.id))) return selected.filter((id) => !sameId(id, rubric.id));
  if (isCategoryLocked(rubric.rubric_name, selected, rubrics)) return [...selected];
  return [...selected, rubric.id];
}

export const allSelected = (category: string, selected: readonly RubricId[], rubrics: readonly RubricItem[]) =>
  rubrics.filter((r) => r.rubric_name === category).every((r) => selected.some((id) => sameId(id, r.id)));

/** Select All / Deselect All for one category. */
export function toggleCategory(category: string, selected: readonly RubricId[], rubrics: readonly RubricItem[]): RubricId[] {
  const ids = rubrics.filter((r) => r.rubric_name === category).map((r) => r.id);
  if (allSelected(category, selected, rubrics)) return selected.filter((id) => !ids.some((c) => sameId(c, id)));
  if (isCategoryLocked(category, selected, rubrics)) return [...selected];
  return [...selected, ...ids.filter((id) => !selected.some((s) => sameId(s, id)))];
}

/** The rubrics a question's tags name (get-rubrics is also used to map tags back to ids). */
export const rubricsForTags = (tags: readonly string[], rubrics: readonly RubricItem[]) => rubrics.filter((r) => tags.includes(tagOf(r)));

/** A question's tags after choosing rubrics: tags that name no known rubric are kept. */
export function tagsAfterPick(tags: readonly string[], picked: readonly RubricItem[], rubrics: readonly RubricItem[]): string[] {
  const known = new Set(rubrics.map(tagOf));
  return [...tags.filter((t) => !known.has(t)), ...picked.map(tagOf)];
}

/** A description split so the level labels can be shown bold. */
export function levelSegments(description: string): { text: string; level: boolean }[] {
  const pattern = new RegExp(`\\b(${RUBRIC_LEVELS.join('|')})\\b`, 'g');
  const out: { text: string; level: boolean }[] = [];
  let last = 0;
  for (const m of description.matchAll(pattern)) {
    if (m.index > last) out.push({ text: description.slice(last, m.index), level: false });
    out.push({ text: m[0], level: true });
    last = m.index + m[0].length;
  }
  if (last < description.length) out.push({ text: description.slice(last), level: false });
  return out;
}
