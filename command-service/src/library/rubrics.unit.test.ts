import { describe, expect, it } from 'vitest';
import { ConflictError } from '@evergrade/contracts';
import { decide, evolve, initialState, type AddRubric, type RubricEvent } from './rubrics';

const given = (events: RubricEvent[]) => events.reduce(evolve, initialState());
const add = (over: Partial<AddRubric> = {}): AddRubric => ({
  type: 'AddRubric',
  rubricId: 40,
  rubricName: 'Research Skills',
  criterion: 'Citing Sources',
  description: 'Novice: a. Apprentice: b. Competent: c. Proficient: d.',
  addedBy: 7,
  sharedKeys: [],
  now: '2026-03-01T10:00:00.000Z',
  ...over,
});
const added = (rubricName: string, criterion: string): RubricEvent => ({
  type: 'RubricAdded',
  data: { rubricId: 1, rubricName, criterion, description: 'x', addedBy: 7, addedAt: '2026-03-01T09:00:00.000Z' },
});

describe('the school rubric library', () => {
  it('adds a rubric with who added it and when', () => {
    expect(decide(add(), given([]))).toEqual([
      {
        type: 'RubricAdded',
        data: {
          rubricId: 40,
          rubricName: 'Research Skills',
          criterion: 'Citing Sources',
          description: 'Novice: a. Apprentice: b. Competent: c. Proficient: d.',
          addedBy: 7,
          addedAt: '2026-03-01T10:00:00.000Z',
        },
      },
    ]);
  });

  it('refuses a criterion the category already has, in the school or in the shared library, whatever the case', () => {
    expect(() =>
      decide(add({ rubricName: 'research skills', criterion: 'CITING SOURCES' }), given([added('Research Skills', 'Citing Sources')])),
    ).toThrow(ConflictError);
    expect(() => decide(add({ rubricName: 'Problem Solving', criterion: 'Strategy and Method' }), given([]))).not.toThrow();
    expect(() =>
      decide(
        add({ rubricName: 'Problem Solving', criterion: 'Strategy and Method', sharedKeys: ['problem solving - strategy and method'] }),
        given([]),
      ),
    ).toThrow('This rubric already exists');
  });

  it('allows the same criterion in another category', () => {
    expect(decide(add({ rubricName: 'Communication' }), given([added('Research Skills', 'Citing Sources')]))).toHaveLength(1);
  });
});
