import { PDF_SUBMISSION_MESSAGES } from '@evergrade/contracts';
import { countPdfPages, UnreadablePdfError } from '@evergrade/documents';

/**
 * The deeper check of a file uploaded to a signed URL (the local blob adapter's PUT): a PDF must open in
 * pdf.js, not just start with `%PDF-`. Null when the file is fine, else the 400's message. (With S3 the browser
 * uploads to the bucket directly; the same parse then refuses the file when its processing is asked for.)
 */
export async function checkUploadedContent(contentType: string, body: Buffer): Promise<string | null> {
  if (contentType !== 'application/pdf') return null;
  try {
    await countPdfPages(body);
    return null;
  } catch (err) {
    if (err instanceof UnreadablePdfError) return PDF_SUBMISSION_MESSAGES.unreadable;
    throw err;
  }
}
