import { describe, expect, it } from 'vitest';
import { plainTextToRichText } from '@evergrade/contracts';
import type { TimeLimitValue } from '../../../components/assignment-preview/time-limit';
import { canCreate, createButtonLabel, scratchPreviewAlert } from './create-rules';

const off: TimeLimitValue = { mode: 'disabled', hours: 0, minutes: 0 };
const base = { phase: 'idle' as const, flaggedCount: 0, submissionsAllowed: true, timeLimit: off };

describe('the Create button', () => {
  it('reads Create Assignment when everything is in order', () => {
    expect(createButtonLabel(base)).toBe('Create Assignment');
    expect(canCreate(base)).toBe(true);
  });
  it('moves through Creating... and Success! Redirecting...', () => {
    expect(createButtonLabel({ ...base, phase: 'creating' })).toBe('Creating...');
    expect(createButtonLabel({ ...base, phase: 'success' })).toBe('Success! Redirecting...');
    expect(canCreate({ ...base, phase: 'creating' })).toBe(false);
  });
  it('is blocked while a question is flagged', () => {
    expect(createButtonLabel({ ...base, flaggedCount: 1 })).toBe('Resolve Issues First');
    expect(canCreate({ ...base, flaggedCount: 2 })).toBe(false);
  });
  it('needs a time-limit choice when students submit', () => {
    const unchosen = { ...base, timeLimit: { mode: null, hours: 0, minutes: 0 } };
    expect(createButtonLabel(unchosen)).toBe('Select Time Limit Option');
    expect(createButtonLabel({ ...unchosen, submissionsAllowed: false })).toBe('Create Assignment');
  });
  it('needs an enabled limit above zero', () => {
    expect(createButtonLabel({ ...base, timeLimit: { mode: 'enabled', hours: 0, minutes: 0 } })).toBe('Set Valid Time Limit');
    expect(createButtonLabel({ ...base, timeLimit: { mode: 'enabled', hours: 0, minutes: 45 } })).toBe('Create Assignment');
  });
});

describe('scratch preview alerts', () => {
  it('need at least one question', () => {
    expect(scratchPreviewAlert([])).toBe('Please add at least one question before previewing.');
  });
  it('name the first empty question', () => {
    expect(scratchPreviewAlert([{ question: plainTextToRichText('2 + 2?') }, { question: null }, { question: '' }])).toBe(
      'Question 2 is empty. Please add content before previewing.',
    );
    expect(scratchPreviewAlert([{ question: plainTextToRichText('   ') }])).toBe(
      'Question 1 is empty. Please add content before previewing.',
    );
  });
  it('pass questions with content', () => {
    expect(scratchPreviewAlert([{ question: plainTextToRichText('Prove it') }])).toBeNull();
  });
});
