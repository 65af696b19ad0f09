import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as V } from '@evergrade/contracts';
import { instructorIssues, passwordIssues, studentIssues } from './details-rules';

const good = { password: 'Maple#Leaf7', confirm: 'Maple#Leaf7' };

describe('signup details rules', () => {
  it('lists nothing when every rule holds', () => {
    expect(instructorIssues({ firstName: 'Mary-Jo', lastName: "O'Neil", title: "Ma'am", customTitle: '', ...good })).toEqual([]);
    expect(studentIssues({ firstName: 'Ada', lastName: 'Lovelace', grade: '9', ...good })).toEqual([]);
  });

  it('names each outstanding rule with the spec wording', () => {
    expect(
      instructorIssues({ firstName: 'A', lastName: 'B2', title: 'Other', customTitle: ' ', password: 'short', confirm: 'other' }),
    ).toEqual([V.signupName, V.customTitle, V.passwordRules, V.passwordsDoNotMatch]);
    expect(instructorIssues({ firstName: 'Ada', lastName: 'Byron', title: '', customTitle: '', ...good })).toEqual([V.title]);
    expect(studentIssues({ firstName: 'Ada', lastName: 'Lovelace', grade: '', ...good })).toEqual([V.grade]);
    expect(studentIssues({ firstName: 'Ada', lastName: 'Lovelace', grade: '5', ...good })).toEqual([V.grade]);
  });

  it('requires every password rule and a matching confirmation', () => {
    expect(passwordIssues({ password: 'Maple#Leaf', confirm: 'Maple#Leaf' })).toEqual([V.passwordRules]);
    expect(passwordIssues({ password: 'maple#leaf7', confirm: 'maple#leaf7' })).toEqual([V.passwordRules]);
    expect(passwordIssues({ password: 'Maple#Leaf7', confirm: '' })).toEqual([V.passwordsDoNotMatch]);
  });
});
