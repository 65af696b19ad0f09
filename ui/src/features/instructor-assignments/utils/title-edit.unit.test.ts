import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_TITLE_MESSAGES } from '@evergrade/contracts';
import { decideTitle } from './title-edit';

describe('decideTitle', () => {
  it('cancels an empty or unchanged title', () => {
    expect(decideTitle('', 'Algebra')).toEqual({ kind: 'cancel' });
    expect(decideTitle('   ', 'Algebra')).toEqual({ kind: 'cancel' });
    expect(decideTitle(' Algebra ', 'Algebra')).toEqual({ kind: 'cancel' });
  });
  it('applies the creation rules to a new title', () => {
    expect(decideTitle('1st quiz', 'Algebra')).toEqual({ kind: 'invalid', message: ASSIGNMENT_TITLE_MESSAGES.startLetter });
    expect(decideTitle('Quiz!', 'Algebra')).toEqual({ kind: 'invalid', message: ASSIGNMENT_TITLE_MESSAGES.characters });
  });
  it('saves a valid changed title, trimmed', () => {
    expect(decideTitle('  Algebra (Part 2) ', 'Algebra')).toEqual({ kind: 'save', title: 'Algebra (Part 2)' });
  });
});
