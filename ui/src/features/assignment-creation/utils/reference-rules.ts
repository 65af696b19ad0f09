import { LIBRARY_MESSAGES, MAX_REFERENCE_DOCUMENTS } from '@evergrade/contracts';

/** Spec document 3 section 5 (AI reference documents) and section 8 (URL validation failures). */
export const REFERENCE_MESSAGES = {
  urlRequired: 'Please enter a URL',
  urlIncomplete: (host: string) => `Invalid URL format. Please enter a complete URL (e.g., ${host}/document.pdf)`,
  urlProtocol: (protocol: string) => `Unsupported protocol "${protocol}". Please use HTTP or HTTPS URLs only.`,
  maxDocuments: LIBRARY_MESSAGES.maxDocuments,
  pdfOnly: LIBRARY_MESSAGES.pdfOnly,
  urlUnreachable: 'Unable to access this URL. Please check if the URL is correct and publicly accessible.',
  urlFailed: 'Unable to validate this URL. Please try again.',
  httpUrl: 'Please enter a valid HTTP or HTTPS URL',
} as const;

export const EXAMPLE_HOST = 'https://example.com';

/** The reference URL's first problem, or null. */
export function referenceUrlError(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return REFERENCE_MESSAGES.urlRequired;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return REFERENCE_MESSAGES.urlIncomplete(EXAMPLE_HOST);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return REFERENCE_MESSAGES.urlProtocol(url.protocol.replace(/:$/, ''));
  if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !/^\d+\.\d+\.\d+\.\d+$/.test(url.hostname))
    return REFERENCE_MESSAGES.urlIncomplete(EXAMPLE_HOST);
  return null;
}

/** PDFs only, at most 5 in all: which files may be added and the alert for the rest. */
export function acceptReferenceFiles(files: readonly File[], already: number): { accepted: File[]; alert: string | null } {
  const pdfs = files.filter((f) => f.type === 'application/pdf');
  const room = Math.max(0, MAX_REFERENCE_DOCUMENTS - already);
  const accepted = pdfs.slice(0, room);
  const alert = pdfs.length > room ? REFERENCE_MESSAGES.maxDocuments : pdfs.length < files.length ? REFERENCE_MESSAGES.pdfOnly : null;
  return { accepted, alert };
}

/** The server's error, else the unreachable text, else the thrown message, else the generic one (section 8). */
export function urlValidationMessage(
  serverError: string | null | undefined,
  status: number | null,
  thrown: string | null | undefined,
): string {
  if (serverError) return serverError;
  if (status !== null && status >= 400) return REFERENCE_MESSAGES.urlUnreachable;
  if (thrown) return thrown;
  return REFERENCE_MESSAGES.urlFailed;
}
