import { describe, expect, it } from 'vitest';
import { acceptReferenceFiles, referenceUrlError, urlValidationMessage } from './reference-rules';

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('reference URL', () => {
  it('must be given, complete and http(s)', () => {
    expect(referenceUrlError('  ')).toBe('Please enter a URL');
    expect(referenceUrlError('example.com/a.pdf')).toBe(
      'Invalid URL format. Please enter a complete URL (e.g., https://example.com/document.pdf)',
    );
    expect(referenceUrlError('ftp://example.com/a.pdf')).toBe('Unsupported protocol "ftp". Please use HTTP or HTTPS URLs only.');
    expect(referenceUrlError('https://example.com/a.pdf')).toBeNull();
  });
  it('failures show the server text first, then the fallbacks in order', () => {
    expect(urlValidationMessage('Not a PDF', 400, 'x')).toBe('Not a PDF');
    expect(urlValidationMessage(null, 404, 'x')).toBe(
      'Unable to access this URL. Please check if the URL is correct and publicly accessible.',
    );
    expect(urlValidationMessage(null, null, 'Network down')).toBe('Network down');
    expect(urlValidationMessage(null, null, null)).toBe('Unable to validate this URL. Please try again.');
  });
});

describe('reference files', () => {
  it('accept PDFs up to 5 in all', () => {
    expect(acceptReferenceFiles([pdf('a.pdf'), pdf('b.pdf')], 4)).toMatchObject({ alert: 'Maximum of 5 documents reached' });
    expect(acceptReferenceFiles([pdf('a.pdf'), pdf('b.pdf')], 4).accepted).toHaveLength(1);
    const mixed = acceptReferenceFiles([pdf('a.pdf'), new File(['x'], 'b.png', { type: 'image/png' })], 0);
    expect(mixed.accepted).toHaveLength(1);
    expect(mixed.alert).toBe('Reference documents must be PDF files');
  });
});
