import { describe, expect, it } from 'vitest';
import { codeMail, newCode } from './codes';

describe('codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('appear plainly in the mail with their two-minute lifetime', () => {
    for (const purpose of ['signup', 'password_reset'] as const) {
      const { subject, text } = codeMail(purpose, '042917', 'Oak Academy');
      expect(subject).toContain('Oak Academy');
      expect(text).toMatch(/^042917$/m);
      expect(text).toContain('expires in 2 minutes');
    }
  });
});
