import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_BATCH_SIZE, DOCUMENT_MESSAGES, PRACTICE_LIMITS, type ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { processMarkingScheme, UnreadablePdfError, type OcrEngine } from '@evergrade/documents';
import type { AiProvider } from '@evergrade/platform/ai';
import type { BlobStore } from '@evergrade/platform/blob';
import type { Session } from '@evergrade/platform/auth';
import { ndjson } from '@evergrade/platform/http';
import { loadDocument, ownEmail, readDocumentForm, refuse } from '../document-intake';

/**
 * From Document for practice: like the instructor's processing (document 3), one marking scheme uploaded as
 * `file` or stored before (`gsutil_url`, a key of the student's school), progress as NDJSON lines. Questions
 * come back with the practice defaults (type short_answer); nothing is an event until add-practice-assignment.
 */
export async function processPracticeDocument(
  deps: { blobs: BlobStore; ai: AiProvider; ocr: OcrEngine },
  session: Session,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!request.isMultipart()) return refuse(reply, 400, DOCUMENT_MESSAGES.notMultipart);
  const form = await readDocumentForm(request, ['file'], { unnamed: () => 'document.pdf', maxFieldChars: 2000 });
  if ('error' in form) return refuse(reply, form.status, form.error, form.field);
  const { fields } = form;
  if (!ownEmail(session, fields.created_by)) return refuse(reply, 403, DOCUMENT_MESSAGES.notYourEmail, 'created_by');
  const document = await loadDocument(deps.blobs, session, 'file', form.files.file, fields.gsutil_url?.trim());
  if ('error' in document) return refuse(reply, document.status, document.error, document.field);
  const { pdf, key: documentKey } = document;

  const expressMode = fields.expressMode === 'true';
  await ndjson<ProcessMarkingSchemeLine>(reply, request, 'practice document', async (write, signal) => {
    write({
      status: 'processing',
      stage: 'stored',
      message: 'Document received',
      pages: 0,
      gsutil_url: documentKey,
      marking_scheme_id: -1,
      expressMode,
    });
    try {
      const result = await processMarkingScheme(
        { kind: 'combined', scheme: pdf },
        {
          mode: expressMode ? 'express' : 'normal',
          ocr: deps.ocr,
          ai: deps.ai.offline ? null : deps.ai,
          rubrics: [],
          batchSize: DOCUMENT_BATCH_SIZE,
          signal,
          onProgress: (progress) => write({ status: 'processing', ...progress }),
        },
      );
      if (result.questions.length === 0) {
        write({ status: 'error', error: DOCUMENT_MESSAGES.noQuestions, pages: result.pages, total_pages: result.pages });
        return;
      }
      write({
        status: 'complete',
        gsutil_url: documentKey,
        marking_scheme_id: -1,
        expressMode,
        pages: result.pages,
        total_pages: result.pages,
        current_page: result.pages,
        method: result.method,
        questions: result.questions.map((q) => ({ ...q, tags: [] })),
      });
    } catch (err) {
      if (signal.aborted) return;
      request.log.error({ err }, 'practice document processing failed');
      write({
        status: 'error',
        error: err instanceof UnreadablePdfError ? DOCUMENT_MESSAGES.unreadable : DOCUMENT_MESSAGES.processingFailed,
      });
    }
  });
}

/** Practice defaults for a question read from a document. */
export const PRACTICE_DOCUMENT_DEFAULTS = { type: PRACTICE_LIMITS.defaultType };
