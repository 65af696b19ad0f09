import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DOCUMENT_BATCH_SIZE, DOCUMENT_MAX_PAGES, DOCUMENT_MESSAGES, PRACTICE_LIMITS, type DocumentErrorReply, type ProcessMarkingSchemeLine,
} from '@evergrade/contracts';
import { countPdfPages, looksLikePdf, processMarkingScheme, UnreadablePdfError, type OcrEngine } from '@evergrade/documents';
import type { AiProvider } from '@evergrade/platform/ai';
import { isValidBlobKey, tenantOfKey, type BlobStore } from '@evergrade/platform/blob';
import type { Session } from '@evergrade/platform/auth';
import { ndjson } from '@evergrade/platform/http';

/**
 * From Document for practice: like the instructor's processing (document 3), one marking scheme uploaded as
 * `file` or stored before (`gsutil_url`, a key of the student's school), progress as NDJSON lines. Questions
 * come back with the practice defaults (type short_answer); nothing is an event until add-practice-assignment.
 */
export async function processPracticeDocument(
  deps: { blobs: BlobStore; ai: AiProvider; ocr: OcrEngine }, session: Session, request: FastifyRequest, reply: FastifyReply,
): Promise<void> {
  if (!request.isMultipart()) return refuse(reply, 400, DOCUMENT_MESSAGES.notMultipart);
  let upload: { body: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          return refuse(reply, 400, `Unexpected file field ${part.fieldname}`, part.fieldname);
        }
        upload = { body: await part.toBuffer(), filename: part.filename || 'document.pdf' };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 2000);
    }
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) return refuse(reply, 413, DOCUMENT_MESSAGES.tooLarge);
    if (status && status >= 400 && status < 500) return refuse(reply, status, (err as Error).message);
    throw err;
  }
  const createdBy = fields.created_by?.trim();
  if (createdBy && createdBy.toLowerCase() !== session.email.toLowerCase()) return refuse(reply, 403, DOCUMENT_MESSAGES.notYourEmail, 'created_by');
  const key = fields.gsutil_url?.trim();
  if (upload && key) return refuse(reply, 400, DOCUMENT_MESSAGES.bothForms('file', 'gsutil_url'), 'file');
  if (!upload && !key) return refuse(reply, 400, DOCUMENT_MESSAGES.missingDocument, 'file');

  let pdf: Buffer;
  if (upload) {
    if (!looksLikePdf(upload.body)) return refuse(reply, 400, DOCUMENT_MESSAGES.notPdfFile('file'), 'file');
    pdf = upload.body;
  } else {
    // Another school's key (or a made-up one) reads as missing.
    const stored = isValidBlobKey(key!) && tenantOfKey(key!) === session.tenant ? await deps.blobs.get(key!) : null;
    if (!stored) return refuse(reply, 404, DOCUMENT_MESSAGES.unknownDocument, 'gsutil_url');
    if (!looksLikePdf(stored.body)) return refuse(reply, 400, DOCUMENT_MESSAGES.notPdfFile('gsutil_url'), 'gsutil_url');
    pdf = stored.body;
  }
  try {
    if ((await countPdfPages(pdf)) > DOCUMENT_MAX_PAGES) return refuse(reply, 422, DOCUMENT_MESSAGES.tooManyPages, upload ? 'file' : 'gsutil_url');
  } catch (err) {
    if (err instanceof UnreadablePdfError) return refuse(reply, 422, DOCUMENT_MESSAGES.unreadable, upload ? 'file' : 'gsutil_url');
    throw err;
  }
  let documentKey = key!;
  if (upload) {
    const name = upload.filename.replace(/\.pdf$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '').slice(0, 80) || 'document';
    documentKey = `${session.tenant}/documents/${randomUUID()}/${name}.pdf`;
    await deps.blobs.put(documentKey, pdf, 'application/pdf');
  }

  const expressMode = fields.expressMode === 'true';
  await ndjson<ProcessMarkingSchemeLine>(reply, request, 'practice document', async (write, signal) => {
    write({ status: 'processing', stage: 'stored', message: 'Document received', pages: 0, gsutil_url: documentKey, marking_scheme_id: -1, expressMode });
    try {
      const result = await processMarkingScheme({ kind: 'combined', scheme: pdf }, {
        mode: expressMode ? 'express' : 'normal', ocr: deps.ocr, ai: deps.ai.offline ? null : deps.ai, rubrics: [],
        batchSize: DOCUMENT_BATCH_SIZE, signal, onProgress: (progress) => write({ status: 'processing', ...progress }),
      });
      if (result.questions.length === 0) {
        write({ status: 'error', error: DOCUMENT_MESSAGES.noQuestions, pages: result.pages, total_pages: result.pages });
        return;
      }
      write({
        status: 'complete', gsutil_url: documentKey, marking_scheme_id: -1, expressMode, pages: result.pages, total_pages: result.pages,
        current_page: result.pages, method: result.method,
        questions: result.questions.map((q) => ({ ...q, tags: [] })),
      });
    } catch (err) {
      if (signal.aborted) return;
      request.log.error({ err }, 'practice document processing failed');
      write({ status: 'error', error: err instanceof UnreadablePdfError ? DOCUMENT_MESSAGES.unreadable : DOCUMENT_MESSAGES.processingFailed });
    }
  });
}

async function refuse(reply: FastifyReply, status: number, error: string, field?: string): Promise<void> {
  const body: DocumentErrorReply = { success: false, status: 'error', error, message: error, ...(field ? { field } : {}) };
  await reply.code(status).send(body);
}

/** Practice defaults for a question read from a document. */
export const PRACTICE_DOCUMENT_DEFAULTS = { type: PRACTICE_LIMITS.defaultType };
