import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PDF_HEADER_MESSAGES, PDF_LOGO_MAX_BYTES, PDF_LOGO_TYPES, type BodyOf } from '@evergrade/contracts';
import { pdfHeaderKeys } from '../../../api/get-pdf-headers';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';

/** The logo: checked here first (type, size), then an upload ticket and a PUT of the file; resolves to its logo_id. */
export async function uploadPdfLogo(file: File): Promise<string> {
  if (!Object.hasOwn(PDF_LOGO_TYPES, file.type)) throw new Error(PDF_HEADER_MESSAGES.logoType);
  if (file.size > PDF_LOGO_MAX_BYTES) throw new Error(PDF_HEADER_MESSAGES.logoTooLarge);
  const ticket = await callApi('getPdfLogoUploadUrl', { query: { content_type: file.type } });
  const response = await fetch(ticket.upload_url, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  if (!response.ok) throw new Error(response.status === 413 ? PDF_HEADER_MESSAGES.logoTooLarge : PDF_HEADER_MESSAGES.logoType);
  return ticket.logo_id;
}

export function useSetPdfHeaders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'setPdfHeaders'>) => callApi('setPdfHeaders', { body }),
    onSuccess: (reply) => invalidateAt(client, pdfHeaderKeys.all, reply.position),
  });
}
