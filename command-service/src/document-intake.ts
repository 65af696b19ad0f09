import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DOCUMENT_MAX_PAGES,
  DOCUMENT_MESSAGES,
  DomainError,
  ValidationError,
  type DocumentErrorReply,
  type RefusalStatus,
} from '@evergrade/contracts';
import { countPdfPages, looksLikePdf, UnreadablePdfError } from '@evergrade/documents';
import type { Session } from '@evergrade/platform/auth';
import { isValidBlobKey, tenantOfKey, type BlobStore } from '@evergrade/platform/blob';
import { readParts } from './multipart-form';

/**
 * Documents sent to be turned into questions (the creation wizard's process-marking-scheme and the student's
 * practice from a document): the multipart form, each document uploaded now (then stored) or named by a key stored
 * before, and the spec's refusals (4xx JSON with `error` and `message`) before any processing starts.
 */

/** A refusal before processing: its status, the message and the field it is about. */
export type Refusal = { error: string; status: RefusalStatus; field?: string };

/** A 4xx before any processing: JSON with the spec's `error`, and `message` like every other route. */
export async function refuse(reply: FastifyReply, status: RefusalStatus, error: string, field?: string): Promise<void> {
  const body: DocumentErrorReply = { success: false, status: 'error', error, message: error, ...(field ? { field } : {}) };
  await reply.code(status).send(body);
}

/** The form's created_by, when sent, must be the caller's own e-mail (case aside). */
export const ownEmail = (session: Session, email: string | undefined) =>
  !email?.trim() || email.trim().toLowerCase() === session.email.toLowerCase();

export type Upload = { body: Buffer; filename: string };

export type DocumentForm<Field extends string> = { files: Partial<Record<Field, Upload>>; fields: Record<string, string> };

/**
 * Every part of the form: files in memory (bounded by the multipart limits), at most one per named field; the rest as
 * text fields, cut to `maxFieldChars` when given. `unnamed` names a file the browser sent without a name. A body the
 * parser cannot read is a refusal like any other (400; 413 over a limit), never a 500.
 */
export async function readDocumentForm<Field extends string>(
  request: FastifyRequest,
  fileFields: readonly Field[],
  options: { unnamed: (field: Field) => string; maxFieldChars?: number },
): Promise<DocumentForm<Field> | Refusal> {
  const files: Partial<Record<Field, Upload>> = {};
  const fields: Record<string, string> = {};
  try {
    await readParts(request, DOCUMENT_MESSAGES.tooLarge, async (part) => {
      if (part.type === 'file') {
        const field = part.fieldname as Field;
        if (!fileFields.includes(field) || files[field]) {
          part.file.resume();
          throw new ValidationError(`Unexpected file field ${part.fieldname}`, part.fieldname);
        }
        files[field] = { body: await part.toBuffer(), filename: part.filename || options.unnamed(field) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = options.maxFieldChars === undefined ? part.value : part.value.slice(0, options.maxFieldChars);
      }
    });
  } catch (err) {
    if (err instanceof DomainError) return { status: err.statusCode, error: err.message, ...(err.field ? { field: err.field } : {}) };
    throw err;
  }
  return { files, fields };
}

/**
 * One document: uploaded as the file part `field` (checked, then stored under a fresh key) or named by `key`, a key
 * of the caller's school stored before (its form field `gsutil_url` for `file`, else `{field}_gsutil_url`). Exactly
 * one of the two; a PDF by its bytes, readable, at most DOCUMENT_MAX_PAGES pages.
 */
export async function loadDocument(
  blobs: BlobStore,
  session: Session,
  field: string,
  upload: Upload | undefined,
  key: string | undefined,
): Promise<{ pdf: Buffer; key: string } | Refusal> {
  const keyField = field === 'file' ? 'gsutil_url' : `${field}_gsutil_url`;
  if (upload && key) return { status: 400, error: DOCUMENT_MESSAGES.bothForms(field, keyField), field };
  if (!upload && !key) return { status: 400, error: DOCUMENT_MESSAGES.missingDocument, field };
  let pdf: Buffer;
  if (upload) {
    if (!looksLikePdf(upload.body)) return { status: 400, error: DOCUMENT_MESSAGES.notPdfFile(field), field };
    pdf = upload.body;
  } else {
    // Another school's key (or a made-up one) reads as missing: no hint that it exists.
    const stored = isValidBlobKey(key!) && tenantOfKey(key!) === session.tenant ? await blobs.get(key!) : null;
    if (!stored) return { status: 404, error: DOCUMENT_MESSAGES.unknownDocument, field: keyField };
    if (!looksLikePdf(stored.body)) return { status: 400, error: DOCUMENT_MESSAGES.notPdfFile(keyField), field: keyField };
    pdf = stored.body;
  }
  const pages = await pagesOf(pdf);
  if (typeof pages === 'string') return { status: 400, error: pages, field: upload ? field : keyField };
  if (!upload) return { pdf, key: key! };
  const stored = documentKey(session.tenant, upload.filename);
  await blobs.put(stored, pdf, 'application/pdf');
  return { pdf, key: stored };
}

/** `{tenant}/documents/{uuid}/{name}.pdf`: the key is the tenant check, the name stays readable. */
export function documentKey(tenant: string, filename: string): string {
  const name =
    filename
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._-]+/, '')
      .slice(0, 80) || 'document';
  return `${tenant}/documents/${randomUUID()}/${name}.pdf`;
}

/** The page count, or the message that says why the PDF cannot be used. */
export async function pagesOf(pdf: Buffer): Promise<number | string> {
  try {
    const pages = await countPdfPages(pdf);
    return pages > DOCUMENT_MAX_PAGES ? DOCUMENT_MESSAGES.tooManyPages : pages;
  } catch (err) {
    if (err instanceof UnreadablePdfError) return DOCUMENT_MESSAGES.unreadable;
    throw err;
  }
}
