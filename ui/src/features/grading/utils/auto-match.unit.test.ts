import { describe, expect, it } from 'vitest';
import { autoMatchAll, FUZZY_THRESHOLD, matchStudent, normaliseName, overlapScore, stripPdf, submissionKey } from './auto-match';

const ada = { student_id: 11, name: 'Ada Lovelace' };
const emmy = { student_id: 12, name: 'Emmy Noether' };
const alan = { student_id: 13, name: 'Alan Turing' };
const adaB = { student_id: 14, name: 'Ada Byron' };
const grace = { student_id: 15, name: 'Grace Brewster Hopper', first_name: 'Grace', last_name: 'Hopper' };
const students = [ada, emmy, alan];

const rule = (file: string, list = students) => {
  const m = matchStudent(file, list);
  return m && { id: m.student.student_id, rule: m.rule };
};

describe('names and keys', () => {
  it('normalises to lowercase with non-alphanumerics as single spaces', () => {
    expect(normaliseName('  Ada_LOVELACE--(final).v2 ')).toBe('ada lovelace final v2');
    expect(normaliseName('Émile')).toBe('mile');
  });

  it('keys a submission by the file name without .pdf, first space replaced by an underscore', () => {
    expect(submissionKey('Ada Lovelace quiz.pdf')).toBe('Ada_Lovelace quiz');
    expect(submissionKey('emmy.PDF')).toBe('emmy');
    expect(submissionKey('no_space.pdf')).toBe('no_space');
    expect(stripPdf('report.pdf.pdf')).toBe('report.pdf');
  });
});

describe('matchStudent, rule by rule in the spec order', () => {
  it('1. exact student id', () => {
    expect(rule('12.pdf')).toEqual({ id: 12, rule: 'id' });
    expect(rule(' 12 .pdf')).toEqual({ id: 12, rule: 'id' });
    // an id inside a longer name is not an exact id
    expect(rule('quiz 12.pdf')).toBeNull();
  });

  it('2. exact full name, whatever the separators and case', () => {
    expect(rule('Ada_Lovelace.pdf')).toEqual({ id: 11, rule: 'fullName' });
    expect(rule('ada-lovelace.pdf')).toEqual({ id: 11, rule: 'fullName' });
    expect(rule('ADA LOVELACE.pdf')).toEqual({ id: 11, rule: 'fullName' });
  });

  it('the id rule comes before the name rules', () => {
    const numbered = { student_id: 7, name: '11' };
    expect(rule('11.pdf', [ada, numbered])).toEqual({ id: 11, rule: 'id' });
  });

  it('3. a unique first-name match', () => {
    expect(rule('emmy_homework.pdf')).toEqual({ id: 12, rule: 'firstName' });
    expect(rule('quiz3 alan.pdf')).toEqual({ id: 13, rule: 'firstName' });
  });

  it('3. an ambiguous first name is skipped and later rules decide', () => {
    const list = [ada, adaB, emmy];
    expect(rule('ada_quiz.pdf', list)).toBeNull();
    expect(rule('lovelace_ada_quiz.pdf', list)).toEqual({ id: 11, rule: 'nameParts' });
  });

  it('3. the first name must be a whole word of the file name', () => {
    expect(rule('adamant.pdf', [ada, emmy])).toBeNull();
  });

  it('4. all name parts longer than 2 characters contained in the name', () => {
    const list = [ada, adaB, { student_id: 20, name: 'Li De Souza' }];
    expect(rule('homework-souza.pdf', list)).toEqual({ id: 20, rule: 'nameParts' });
    expect(rule('byron_ada_hw.pdf', list)).toEqual({ id: 14, rule: 'nameParts' });
    expect(rule('adalovelace2.pdf', list)).toEqual({ id: 11, rule: 'nameParts' });
  });

  it('4. a name with no part longer than 2 characters is never matched by parts', () => {
    const list = [
      { student_id: 30, name: 'Li Xu' },
      { student_id: 31, name: 'Li Wu' },
    ];
    expect(rule('anything.pdf', list)).toBeNull();
  });

  it('5. first/last initial patterns: last_f, f_last, last.f, f.last', () => {
    const list = [ada, adaB, emmy];
    expect(rule('lovelace_a.pdf', list)).toEqual({ id: 11, rule: 'initials' });
    expect(rule('a_byron.pdf', list)).toEqual({ id: 14, rule: 'initials' });
    expect(rule('Noether.E.pdf', [...list, { student_id: 40, name: 'Ewa Noether' }])).toBeNull();
    expect(rule('Noether.E.pdf', [...list, { student_id: 40, name: 'Max Noether' }])).toEqual({ id: 12, rule: 'initials' });
    expect(rule('hw1 e.noether.pdf', [...list, { student_id: 40, name: 'Max Noether' }])).toEqual({ id: 12, rule: 'initials' });
  });

  it('5. uses the given first and last names when the student has them', () => {
    const list = [grace, { student_id: 16, name: 'Grace Kelly' }];
    expect(rule('hopper_g.pdf', list)).toEqual({ id: 15, rule: 'initials' });
  });

  it('5. a pattern inside a longer word does not count', () => {
    expect(rule('xlovelace_ay.pdf', [ada, adaB])).toBeNull();
  });

  it('6. fuzzy overlap above 75%', () => {
    expect(rule('Ada Lovelase.pdf', [ada, adaB])).toEqual({ id: 11, rule: 'fuzzy' });
    expect(rule('Emy Noeter.pdf')).toEqual({ id: 12, rule: 'fuzzy' });
  });

  it('6. an overlap at or below 75% is no match', () => {
    expect(rule('Adx Lxvxlxcx.pdf', [ada, adaB])).toBeNull();
    expect(rule('physics_worksheet.pdf')).toBeNull();
  });

  it('no file name or no students: no match', () => {
    expect(rule('.pdf')).toBeNull();
    expect(rule('Ada Lovelace.pdf', [])).toBeNull();
  });
});

describe('overlapScore', () => {
  it('is 1 for the same name and ignores spacing and case', () => {
    expect(overlapScore('Ada Lovelace', 'ada_lovelace')).toBe(1);
    expect(overlapScore('adalovelace', 'Ada Lovelace')).toBe(1);
  });

  it('is 0 for nothing in common and for empty names', () => {
    expect(overlapScore('xyz', 'abc')).toBe(0);
    expect(overlapScore('', '')).toBe(0);
  });

  it('puts a one-letter typo above the threshold and a different name below it', () => {
    expect(overlapScore('Ada Lovelase', 'Ada Lovelace')).toBeGreaterThan(FUZZY_THRESHOLD);
    expect(overlapScore('Ada Byron', 'Ada Lovelace')).toBeLessThanOrEqual(FUZZY_THRESHOLD);
  });
});

describe('autoMatchAll', () => {
  it('matches each file to a different student', () => {
    const result = autoMatchAll(['Ada Lovelace.pdf', 'noether_e.pdf', 'Turing Alan.pdf', 'misc.pdf'], students);
    expect([...result].map(([f, m]) => [f, m.student.student_id])).toEqual([
      ['Ada Lovelace.pdf', 11],
      ['noether_e.pdf', 12],
      ['Turing Alan.pdf', 13],
    ]);
  });

  it('never assigns a student already taken, before or in the batch', () => {
    const result = autoMatchAll(['ada.pdf', 'Ada Lovelace copy.pdf'], students, [12]);
    expect(result.get('ada.pdf')?.student.student_id).toBe(11);
    expect(result.has('Ada Lovelace copy.pdf')).toBe(false);
    expect(autoMatchAll(['emmy.pdf'], students, [12]).size).toBe(0);
  });

  it('a student taken by an earlier file leaves an ambiguous first name unique', () => {
    const result = autoMatchAll(['Ada Lovelace.pdf', 'ada.pdf'], [ada, adaB]);
    expect(result.get('ada.pdf')?.student.student_id).toBe(14);
  });
});
