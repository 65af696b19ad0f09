import { ValidationError, type AiReferenceSchema } from '@evergrade/contracts';
import { UnreadablePdfError, extractPdfPages, joinPages, looksLikePdf, parseMarkingScheme } from '@evergrade/documents';
import type { BlobStore } from '@evergrade/platform/blob';
import type { z } from 'zod';
import type { ReadReferences } from './index';
import type { ReferenceQuestion } from './offline';

export type UploadedPdf = { name: string; data: Buffer };
export type ReferenceUrl = { gsutil_url: string; filename: string; original_url: string };

/** The form fields a refusal names: AI Express's by default; practice sends its own. */
export type ReferenceFields = { files: string; urls: string };
const AI_EXPRESS_FIELDS: ReferenceFields = { files: 'reference_docs', urls: 'reference_urls' };

/**
 * The reference documents read: each PDF's pages (text layer, OCR for scanned pages) and the questions
 * its text holds, by the same deterministic marking-scheme reader the document method uses.
 */
export async function readReferences(
  deps: { blobs: BlobStore; tenant: string },
  files: readonly UploadedPdf[],
  urls: readonly ReferenceUrl[],
  fields: ReferenceFields = AI_EXPRESS_FIELDS,
): Promise<ReadReferences> {
  const documents: { kind: 'file' | 'url'; name: string; location?: string; data: Buffer }[] = files.map((f) => ({ kind: 'file', ...f }));
  for (const url of urls) {
    // A stored copy belongs to its school: keys start with the tenant.
    const blob = url.gsutil_url.startsWith(`${deps.tenant}/`) ? await deps.blobs.get(url.gsutil_url) : null;
    if (!blob)
      throw new ValidationError(`Reference document not found: ${url.filename || url.original_url || url.gsutil_url}`, fields.urls);
    documents.push({ kind: 'url', name: url.filename || url.original_url, location: url.original_url || url.gsutil_url, data: blob.body });
  }
  const references: z.infer<typeof AiReferenceSchema>[] = [];
  const questions: ReferenceQuestion[] = [];
  const texts: string[] = [];
  for (const doc of documents) {
    const pages = await readPdf(doc.name, doc.data, doc.kind === 'file' ? fields.files : fields.urls);
    const text = joinPages(pages.map((p) => p.text));
    const found = parseMarkingScheme(text).filter((q) => q.question.trim() !== '');
    questions.push(
      ...found.map((q) => ({
        question: q.question,
        marks_possible: q.marks_possible,
        answer: q.answer,
        grading_instructions: q.grading_instructions,
        flagged_for_review: q.flagged_for_review,
        source: doc.name,
        original_question_number: q.question_number,
      })),
    );
    references.push({
      kind: doc.kind,
      name: doc.name,
      ...(doc.location ? { location: doc.location } : {}),
      pages: pages.length,
      questionsFound: found.length,
    });
    texts.push(`--- ${doc.name} ---\n${text}`);
  }
  return { references, questions, text: texts.join('\n\n') };
}

async function readPdf(name: string, data: Buffer, field: string) {
  if (!looksLikePdf(data)) throw new ValidationError(`Reference documents must be PDF files (${name})`, field);
  try {
    return await extractPdfPages(data);
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw new ValidationError(`${name}: ${err.message}`, field);
    throw err;
  }
}
