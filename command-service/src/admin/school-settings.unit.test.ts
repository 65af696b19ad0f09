import { describe, expect, it } from 'vitest';
import { parsePreapprovalCsv } from './school-settings';

describe('pre-approval CSV', () => {
  it('reads one address per line, lower-cased, skipping blanks', () => {
    expect(parsePreapprovalCsv('A@Demo.school\n\nb@demo.school\r\n')).toEqual({
      entries: [
        { line: 1, email: 'a@demo.school' },
        { line: 3, email: 'b@demo.school' },
      ],
      skipped: [],
    });
  });

  it('reads the email column of a spreadsheet export and reports bad rows with their line', () => {
    const csv = 'name,email,class\n"Ada",ada@demo.school,10\nBob,not-an-address,9\nAda again,ada@demo.school,10';
    expect(parsePreapprovalCsv(csv)).toEqual({
      entries: [{ line: 2, email: 'ada@demo.school' }],
      skipped: [
        { line: 3, value: 'not-an-address', reason: 'not a valid e-mail address' },
        { line: 4, value: 'ada@demo.school', reason: 'duplicate in this file' },
      ],
    });
  });
});
