import { routes } from '@evergrade/contracts';
import { ApiError, apiHeaders } from '../../../lib/api-client';
import { urlValidationMessage } from '../utils/reference-rules';

const PATH = routes.validateUrlPdf.path;
type Reply = { success?: boolean; error?: string | null; message?: string; gsutil_url?: string | null; filename?: string | null; original_url?: string | null; file_size?: number | null; page_count?: number | null };
export type StoredUrlPdf = { gsutil_url: string; filename: string; original_url: string; file_size: number | null; page_count: number | null };

/**
 * POST /grader/validate-and-upload-url-pdf: the server fetches the PDF and stores a copy. Failures carry
 * the spec's message in order: server text, unreachable URL, thrown message, generic.
 */
export async function validateUrlPdf(body: { url: string; created_by: string; title: string }, signal?: AbortSignal): Promise<StoredUrlPdf> {
  let response: Response;
  try {
    response = await fetch(PATH, { method: 'POST', credentials: 'include', signal, body: JSON.stringify(body), headers: apiHeaders({ 'Content-Type': 'application/json', Accept: 'application/json' }) });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, urlValidationMessage(null, null, err instanceof Error ? err.message : null), undefined, false);
  }
  const json = await response.json().catch(() => null) as Reply | null;
  const d: Reply = json && typeof json === 'object' ? json : {};
  if (!response.ok || d.success !== true || typeof d.gsutil_url !== 'string') {
    throw new ApiError(response.status, urlValidationMessage(d.error || d.message, response.ok ? null : response.status, null));
  }
  return { gsutil_url: d.gsutil_url!, filename: d.filename || body.url.split('/').pop() || 'document.pdf', original_url: d.original_url || body.url, file_size: typeof d.file_size === 'number' ? d.file_size : null, page_count: typeof d.page_count === 'number' ? d.page_count : null };
}
