import {
  DomainError,
  NotFoundError,
  PDF_SUBMISSION_MESSAGES,
  SUBMISSION_PDF_MAX_BYTES,
  SUBMISSION_PDF_MAX_PAGES,
  ValidationError,
} from '@evergrade/contracts';
import { countPdfPages, looksLikePdf, UnreadablePdfError } from '@evergrade/documents';
import type { BlobStore } from '@evergrade/platform/blob';

/** The two refusals whose wording depends on who uploaded (a student's own PDF, an instructor's upload). */
export type StoredPdfMessages = { notUploaded: string; notPdf: string };

/**
 * An uploaded submission PDF, checked (S3 cannot check on upload): present (404), at most the size limit (413, the
 * file deleted), a PDF by its bytes (400, the file deleted), readable and not too many pages (400).
 */
export async function storedSubmissionPdf(blobs: BlobStore, key: string, messages: StoredPdfMessages): Promise<Buffer> {
  const info = await blobs.head(key);
  if (!info) throw new NotFoundError(messages.notUploaded);
  if (info.size > SUBMISSION_PDF_MAX_BYTES) {
    await blobs.delete(key);
    throw new DomainError(413, PDF_SUBMISSION_MESSAGES.tooLarge, 'file_name');
  }
  const blob = await blobs.get(key);
  if (!blob) throw new NotFoundError(messages.notUploaded);
  if (!looksLikePdf(blob.body)) {
    await blobs.delete(key);
    throw new ValidationError(messages.notPdf, 'file_name');
  }
  let pages: number;
  try {
    pages = await countPdfPages(blob.body);
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw new ValidationError(PDF_SUBMISSION_MESSAGES.unreadable, 'file_name');
    throw err;
  }
  if (pages > SUBMISSION_PDF_MAX_PAGES) throw new ValidationError(PDF_SUBMISSION_MESSAGES.tooManyPages, 'file_name');
  return blob.body;
}
