import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GenerateAssignmentBodySchema,
  LIBRARY_MESSAGES,
  MAX_REFERENCE_DOCUMENTS,
  MAX_REFERENCE_DOCUMENT_BYTES,
  REFERENCE_TOO_LARGE,
  ValidationError,
  routes,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { generateAssignment, type GenerateBody } from '../library/generate';
import { readReferences, type UploadedPdf } from '../library/generate/references';
import { addRubric } from '../library/rubrics';
import { setSmartBuilderAccess } from '../library/smart-builder';
import { readParts } from '../multipart-form';

/** Rubrics, the Smart Builder permission and AI Express: the library's commands. */
export async function libraryCommandRoutes(app: FastifyInstance, deps: CommandServiceDeps): Promise<void> {
  const { store, sessions } = deps;
  const actorOf = (request: FastifyRequest) => {
    const s = sessionOf(request);
    return { tenant: s.tenant, actorId: s.userId, actorRole: s.role };
  };

  for (const def of [routes.addRubric, routes.adminAddRubric]) {
    registerRoute(app, sessions, def, async (request) => {
      const { rubric_name, criterion, description } = request.body;
      const { rubricId, position } = await addRubric(
        store,
        actorOf(request),
        { rubricName: rubric_name, criterion, description },
        deps.now(),
      );
      return { success: true as const, position, id: rubricId };
    });
  }

  registerRoute(app, sessions, routes.setSmartBuilderAccess, async (request) => ({
    success: true as const,
    position: await setSmartBuilderAccess(store, actorOf(request), request.body.user_id, request.body.allowed, deps.now()),
  }));

  // Multipart only here, and read only after the guard: files of a caller without a session are never parsed.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: { files: MAX_REFERENCE_DOCUMENTS + 1, fileSize: MAX_REFERENCE_DOCUMENT_BYTES, fields: 20, fieldSize: 1024 * 1024 },
    });
  }
  registerRoute(app, sessions, routes.generateAssignment, async (request) => {
    const actor = actorOf(request);
    const { body, files } = request.isMultipart() ? await readMultipart(request) : { body: parseBody(request.body), files: [] };
    if (files.length + body.reference_urls.length > MAX_REFERENCE_DOCUMENTS)
      throw new ValidationError(LIBRARY_MESSAGES.maxDocuments, 'reference_docs');
    const read = await readReferences({ blobs: deps.blobs, tenant: actor.tenant }, files, body.reference_urls);
    return generateAssignment(deps, actor, body, read);
  });
}

function parseBody(input: unknown): GenerateBody {
  const parsed = GenerateAssignmentBodySchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'body';
  throw new ValidationError(issue.message, field);
}

const JSON_FIELDS = new Set(['textbooks', 'rubrics', 'reference_urls']);

/** The multipart form: the same fields as the JSON body (lists as JSON text) plus `reference_docs` PDFs. */
async function readMultipart(request: FastifyRequest): Promise<{ body: GenerateBody; files: UploadedPdf[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedPdf[] = [];
  await readParts(request, REFERENCE_TOO_LARGE, async (part) => {
    if (part.type === 'file') {
      if (!/^reference_docs(\[\])?$/.test(part.fieldname))
        throw new ValidationError(`Unexpected file field ${part.fieldname}`, part.fieldname);
      if (files.length >= MAX_REFERENCE_DOCUMENTS) throw new ValidationError(LIBRARY_MESSAGES.maxDocuments, 'reference_docs');
      const data = await part.toBuffer();
      const isPdf = data.subarray(0, 5).toString('latin1') === '%PDF-';
      if (!isPdf || (part.mimetype !== 'application/pdf' && part.mimetype !== 'application/octet-stream')) {
        throw new ValidationError(`${LIBRARY_MESSAGES.pdfOnly} (${part.filename || 'unnamed file'})`, 'reference_docs');
      }
      files.push({ name: part.filename || `Document ${files.length + 1}.pdf`, data });
      return;
    }
    const value = String(part.value ?? '');
    fields[part.fieldname] = JSON_FIELDS.has(part.fieldname) ? parseJsonField(part.fieldname, value) : value;
  });
  return { body: parseBody(fields), files };
}

function parseJsonField(field: string, value: string): unknown {
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value);
  } catch {
    throw new ValidationError(`${field} must be a JSON list`, field);
  }
}
