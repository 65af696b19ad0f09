import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseDocument, type ParsedDocument } from '../utils/parse-document';

export class DocumentNotFoundError extends Error {}

const DOC_ID = /^[a-z0-9][a-z0-9-]{0,80}$/;

/**
 * GET /docs/{docId}.html as text. `Accept: text/plain` keeps the server from answering an unknown
 * file with the SPA's index.html, and the contents-list marker double-checks what came back.
 */
export async function getDocument(docId: string, signal?: AbortSignal): Promise<ParsedDocument> {
  if (!DOC_ID.test(docId)) throw new DocumentNotFoundError(docId);
  const response = await fetch(`/docs/${docId}.html`, { headers: { Accept: 'text/plain' }, signal });
  if (!response.ok) throw new DocumentNotFoundError(docId);
  const parsed = parseDocument(await response.text());
  if (!parsed) throw new DocumentNotFoundError(docId);
  return parsed;
}

export const documentQueryOptions = (docId: string) =>
  queryOptions({ queryKey: ['docs', docId], queryFn: ({ signal }) => getDocument(docId, signal), retry: false, staleTime: 5 * 60_000 });

export const useDocument = (docId: string) => useQuery(documentQueryOptions(docId));
