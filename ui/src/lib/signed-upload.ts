import { ApiError, fetchOrUnreachable } from './api-client';

/**
 * PUT a PDF to a signed upload URL (from a get-signed-url call) with its type and no credentials:
 * the URL is the permission. A refusal is an ApiError with the storage's message when it sent one.
 */
export async function putPdf(uploadUrl: string, file: Blob, signal?: AbortSignal): Promise<void> {
  const response = await fetchOrUnreachable(uploadUrl, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': 'application/pdf' },
    credentials: 'omit',
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message || `Upload failed with status: ${response.status}`, undefined, !!body?.message);
  }
}
