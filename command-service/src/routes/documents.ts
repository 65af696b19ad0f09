import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DOCUMENT_BATCH_SIZE,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  ProcessMarkingSchemeFieldsSchema,
  routes,
  type ProcessMarkingSchemeLine,
} from '@evergrade/contracts';
import {
  fetchPdfFromUrl,
  processMarkingScheme,
  UnreadablePdfError,
  UrlFetchError,
  urlPolicyFromEnv,
  type MarkingSchemeInput,
  type OcrEngine,
} from '@evergrade/documents';
import type { AiProvider } from '@evergrade/platform/ai';
import type { Session } from '@evergrade/platform/auth';
import { ndjson, registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps, WithOcr } from '../context';
import {
  documentKey,
  loadDocument,
  ownEmail,
  pagesOf,
  readDocumentForm,
  refuse,
  type DocumentForm,
  type Refusal,
} from '../document-intake';

/**
 * The document method of the creation wizard: a PDF fetched from a URL and stored, and a marking scheme
 * (or a question paper and its answer key) processed into questions with progress streamed as NDJSON.
 * Its own scope: the multipart parser serves these routes only. One OCR worker per process, started on
 * the first scanned page and ended when the server closes.
 */
export async function documentRoutes(app: FastifyInstance, deps: CommandServiceDeps & WithOcr): Promise<void> {
  const { ocr } = deps;
  await app.register(multipart, { limits: { files: 3, fileSize: DOCUMENT_MAX_BYTES, fields: 20, fieldSize: 200_000, parts: 30 } });

  registerRoute(app, deps.sessions, routes.validateUrlPdf, async (request, reply) => {
    const session = sessionOf(request);
    if (!ownEmail(session, request.body.created_by)) return refuse(reply, 403, DOCUMENT_MESSAGES.notYourEmail, 'created_by');
    const url = request.body.url.trim();
    let fetched;
    try {
      fetched = await fetchPdfFromUrl(url, urlPolicyFromEnv());
    } catch (err) {
      if (err instanceof UrlFetchError) return refuse(reply, err.statusCode, err.message, 'url');
      throw err;
    }
    const pageCount = await pagesOf(fetched.body);
    if (typeof pageCount === 'string') return refuse(reply, 400, pageCount, 'url');
    const key = documentKey(session.tenant, fetched.filename);
    await deps.blobs.put(key, fetched.body, 'application/pdf');
    return {
      success: true as const,
      error: null,
      gsutil_url: key,
      filename: fetched.filename,
      original_url: url,
      file_size: fetched.body.length,
      page_count: pageCount,
    };
  });

  registerRoute(app, deps.sessions, routes.processMarkingScheme, async (request, reply) => {
    const session = sessionOf(request);
    if (!request.isMultipart()) return refuse(reply, 400, DOCUMENT_MESSAGES.notMultipart);
    const form = await readDocumentForm(request, FILE_FIELDS, { unnamed: (field) => `${field}.pdf` });
    if ('error' in form) return refuse(reply, form.status, form.error, form.field);
    const fields = ProcessMarkingSchemeFieldsSchema.safeParse(form.fields);
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      return refuse(reply, 400, issue.message, String(issue.path[0] ?? 'body'));
    }
    if (!ownEmail(session, fields.data.created_by)) return refuse(reply, 403, DOCUMENT_MESSAGES.notYourEmail, 'created_by');
    const rubrics = rubricLabels(fields.data.rubrics);
    if (rubrics === null) return refuse(reply, 400, 'rubrics must be a JSON list', 'rubrics');

    const documents = await resolveDocuments(deps, session, form.files, fields.data);
    if ('error' in documents) return refuse(reply, documents.status, documents.error, documents.field);

    const expressMode = fields.data.expressMode === 'true' && documents.input.kind === 'combined';
    const base = { marking_scheme_id: fields.data.marking_scheme_id, expressMode, ...documents.keys };
    await ndjson<ProcessMarkingSchemeLine>(reply, request, 'document processing', (write, signal) => {
      write({ status: 'processing', stage: 'stored', message: 'Document received', pages: 0, ...base });
      return run(documents.input, { ocr, ai: aiOf(deps), rubrics, expressMode, signal, write, base, request });
    });
  });
}

/** The spec's `aiProvider` arrives in the deps with the AI issue; without it, the built-in reader runs. */
const aiOf = (deps: CommandServiceDeps): AiProvider | undefined => (deps as { ai?: AiProvider }).ai;

const FILE_FIELDS = ['file', 'question_paper', 'answer_key'] as const;
type FileField = (typeof FILE_FIELDS)[number];

/** 'Rubric - Criterion' labels from a JSON list of labels or of { rubric_name, criterion } objects. */
function rubricLabels(raw: string | undefined): string[] | null {
  if (!raw?.trim()) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value.flatMap((r: unknown) => {
      if (typeof r === 'string') return [r];
      const o = r as { rubric_name?: unknown; criterion?: unknown };
      return typeof o?.rubric_name === 'string'
        ? [typeof o.criterion === 'string' && o.criterion ? `${o.rubric_name} - ${o.criterion}` : o.rubric_name]
        : [];
    });
  } catch {
    return null;
  }
}

type Fields = {
  gsutil_url?: string | undefined;
  question_paper_gsutil_url?: string | undefined;
  answer_key_gsutil_url?: string | undefined;
};
type Resolved = {
  input: MarkingSchemeInput;
  keys: { gsutil_url: string; question_paper_gsutil_url?: string; answer_key_gsutil_url?: string };
};

/** The documents to read, each uploaded now (then stored) or stored before (a key of the caller's school). */
async function resolveDocuments(
  deps: CommandServiceDeps,
  session: Session,
  files: DocumentForm<FileField>['files'],
  fields: Fields,
): Promise<Resolved | Refusal> {
  const combined = Boolean(files.file || fields.gsutil_url);
  const separate = Boolean(files.question_paper || fields.question_paper_gsutil_url || files.answer_key || fields.answer_key_gsutil_url);
  if (combined && separate) return { status: 400, error: DOCUMENT_MESSAGES.mixedModes };
  if (!combined && !separate) return { status: 400, error: DOCUMENT_MESSAGES.missingDocument, field: 'file' };

  const load = (field: FileField, key: string | undefined) => loadDocument(deps.blobs, session, field, files[field], key);

  if (combined) {
    const scheme = await load('file', fields.gsutil_url);
    if ('error' in scheme) return scheme;
    return { input: { kind: 'combined', scheme: scheme.pdf }, keys: { gsutil_url: scheme.key } };
  }
  const paper = await load('question_paper', fields.question_paper_gsutil_url);
  if ('error' in paper) return paper;
  const key = await load('answer_key', fields.answer_key_gsutil_url);
  if ('error' in key) return key;
  return {
    input: { kind: 'separate', paper: paper.pdf, key: key.pdf },
    keys: { gsutil_url: paper.key, question_paper_gsutil_url: paper.key, answer_key_gsutil_url: key.key },
  };
}

type RunOptions = {
  ocr: OcrEngine;
  ai: AiProvider | undefined;
  rubrics: string[];
  expressMode: boolean;
  signal: AbortSignal;
  write: (line: ProcessMarkingSchemeLine) => void;
  base: Omit<ProcessMarkingSchemeLine, 'status'>;
  request: FastifyRequest;
};

/** Reads the documents, writing a progress line per page, then the complete or error line. */
async function run(input: MarkingSchemeInput, o: RunOptions): Promise<void> {
  try {
    const result = await processMarkingScheme(input, {
      mode: o.expressMode ? 'express' : 'normal',
      ocr: o.ocr,
      ai: o.ai ?? null,
      rubrics: o.rubrics,
      batchSize: DOCUMENT_BATCH_SIZE,
      signal: o.signal,
      onProgress: (progress) => o.write({ status: 'processing', ...progress }),
    });
    if (result.questions.length === 0) {
      o.write({ status: 'error', error: DOCUMENT_MESSAGES.noQuestions, pages: result.pages, total_pages: result.pages });
      return;
    }
    o.write({
      status: 'complete',
      ...o.base,
      questions: result.questions,
      pages: result.pages,
      total_pages: result.pages,
      current_page: result.pages,
      method: result.method,
    });
  } catch (err) {
    if (o.signal.aborted) return;
    o.request.log.error({ err }, 'document processing failed');
    o.write({
      status: 'error',
      error: err instanceof UnreadablePdfError ? DOCUMENT_MESSAGES.unreadable : DOCUMENT_MESSAGES.processingFailed,
    });
  }
}
