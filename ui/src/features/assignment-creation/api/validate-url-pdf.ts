import { ApiError, callApi } from '../../../lib/api-client';
import { urlValidationMessage } from '../utils/reference-rules';

export type StoredUrlPdf = {
  gsutil_url: string;
  filename: string;
  original_url: string;
  file_size: number | null;
  page_count: number | null;
};

/**
 * POST /grader/validate-and-upload-url-pdf through the api client: the server fetches the PDF and stores a copy.
 * A refusal (400 not a PDF, 502 unreachable, 413 too large) carries the server's message; without one, the
 * spec's wording: unreachable URL for an HTTP failure, else the generic failure (section 8).
 */
export async function validateUrlPdf(
  body: { url: string; created_by: string; title: string },
  signal?: AbortSignal,
): Promise<StoredUrlPdf> {
  try {
    const d = await callApi('validateUrlPdf', { body, ...(signal ? { signal } : {}) });
    return {
      gsutil_url: d.gsutil_url,
      filename: d.filename || body.url.split('/').pop() || 'document.pdf',
      original_url: d.original_url || body.url,
      file_size: d.file_size,
      page_count: d.page_count,
    };
  } catch (err) {
    if (!(err instanceof ApiError) || err.fromServer) throw err;
    throw new ApiError(err.status, urlValidationMessage(null, err.status >= 400 ? err.status : null, null), err.field, false);
  }
}
