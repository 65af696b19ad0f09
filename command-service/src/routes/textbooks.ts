import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  UploadTextbookFieldsSchema,
  ValidationError,
  routes,
  type UploadTextbookLine,
} from '@evergrade/contracts';
import { countPdfPages, looksLikePdf } from '@evergrade/documents';
import { ndjson, registerRoute, sessionOf } from '@evergrade/platform/http';
import type { Session } from '@evergrade/platform/auth';
import type { CommandServiceDeps, WithOcr } from '../context';
import { refuse } from '../document-intake';
import { addTextbook, indexTextbook, removeTextbook, type TextbookActor } from '../library/textbooks';
import { readParts } from '../multipart-form';

const actorOf = (s: Session): TextbookActor => ({ tenant: s.tenant, actorId: s.userId, actorRole: s.role });

/** `{tenant}/textbooks/{uuid}/{name}.pdf`: the key is the tenant check, the name stays readable. */
export function textbookKey(tenant: string, filename: string): string {
  const name =
    filename
      .replace(/\.pdf$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._-]+/, '')
      .slice(0, 80) || 'textbook';
  return `${tenant}/textbooks/${randomUUID()}/${name}.pdf`;
}

/**
 * A school's own textbooks (issue 13): upload (a PDF read page by page and indexed, progress streamed as NDJSON) and
 * removal. School admins and instructors only (the routes' access, `staff`). Its own scope: the multipart parser here takes one PDF of at most
 * CHAT_LIMITS.textbookMaxBytes.
 */
export async function textbookRoutes(app: FastifyInstance, deps: CommandServiceDeps & WithOcr): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fileSize: CHAT_LIMITS.textbookMaxBytes, fields: 10, fieldSize: 10_000, parts: 12 } });

  registerRoute(app, deps.sessions, routes.uploadTextbook, async (request, reply) => {
    const session = sessionOf(request);
    if (!request.isMultipart()) return refuse(reply, 400, CHAT_MESSAGES.textbookNotMultipart);
    let file: { body: Buffer; filename: string } | null = null;
    const fields: Record<string, string> = {};
    try {
      await readParts(request, CHAT_MESSAGES.textbookTooLarge, async (part) => {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            part.file.resume();
            throw new ValidationError(`Unexpected file field ${part.fieldname}`, part.fieldname);
          }
          file = { body: await part.toBuffer(), filename: part.filename || 'textbook.pdf' };
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      });
    } catch (err) {
      const e = err as { statusCode?: number; message: string; field?: string };
      if (e.statusCode === 400 || e.statusCode === 413) return refuse(reply, e.statusCode, e.message, e.field);
      throw err;
    }
    const parsed = UploadTextbookFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(reply, 400, issue.message, String(issue.path[0] ?? 'body'));
    }
    const upload = file as { body: Buffer; filename: string } | null;
    if (!upload) return refuse(reply, 400, CHAT_MESSAGES.textbookFileRequired, 'file');
    if (!looksLikePdf(upload.body)) return refuse(reply, 400, CHAT_MESSAGES.pdfOnly, 'file');
    let pages: number;
    try {
      pages = await countPdfPages(upload.body);
    } catch {
      return refuse(reply, 400, CHAT_MESSAGES.textbookUnreadable, 'file');
    }
    if (pages > CHAT_LIMITS.textbookMaxPages) return refuse(reply, 400, CHAT_MESSAGES.textbookTooManyPages, 'file');

    const pdfKey = textbookKey(session.tenant, upload.filename);
    await deps.blobs.put(pdfKey, upload.body, 'application/pdf');
    const book = parsed.data;
    const actor = actorOf(session);
    const { textbookId } = await addTextbook(deps.store, actor, { ...book, pdfKey }, deps.now());
    await ndjson<UploadTextbookLine>(reply, request, 'textbook indexing', async (write, signal) => {
      write({ status: 'processing', stage: 'stored', textbook_id: textbookId, pages, total_pages: pages, current_page: 0 });
      try {
        const outcome = await indexTextbook(deps.store, actor, textbookId, book, upload.body, {
          ocr: deps.ocr,
          now: deps.now,
          signal,
          onProgress: write,
        });
        if (outcome.status === 'ready')
          write({
            status: 'complete',
            textbook_id: textbookId,
            pages: outcome.pageCount,
            total_pages: outcome.pageCount,
            current_page: outcome.pageCount,
            example_queries: outcome.exampleQueries,
            position: outcome.position,
          });
        else write({ status: 'error', textbook_id: textbookId, error: outcome.reason, position: outcome.position });
      } catch (err) {
        request.log.error({ err }, 'textbook indexing failed');
        write({ status: 'error', textbook_id: textbookId, error: CHAT_MESSAGES.textbookUnreadable });
        throw err;
      }
    });
  });

  registerRoute(app, deps.sessions, routes.removeTextbook, async (request) => {
    const session = sessionOf(request);
    const position = await removeTextbook(deps.store, actorOf(session), request.body.textbook_id, deps.now());
    return { success: true as const, position };
  });
}
