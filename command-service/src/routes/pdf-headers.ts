import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EDITOR_IMAGE_UPLOAD_TTL_SECONDS,
  PDF_HEADER_MESSAGES,
  PDF_LOGO_MAX_BYTES,
  PDF_LOGO_TYPES,
  DomainError,
  ValidationError,
  editorImageKey,
  editorImageTypeOf,
  routes,
  type PdfLogoType,
} from '@evergrade/contracts';
import { baseContentType, sniffContentType } from '@evergrade/platform/blob';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { changeSchool } from '../admin/school-settings';
import type { CommandServiceDeps } from '../context';

/**
 * The school admin's PDF header settings. The logo is stored as editor images are (a key under the school,
 * a signed upload that limits type and size); setting it checks the stored bytes again (size, magic bytes), as
 * an S3 upload cannot be checked before it is stored.
 */
export function pdfHeaderRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getPdfLogoUploadUrl, async (request) => {
    const { tenant } = sessionOf(request);
    const contentType = baseContentType(request.query.content_type);
    if (!Object.hasOwn(PDF_LOGO_TYPES, contentType)) throw new ValidationError(PDF_HEADER_MESSAGES.logoType, 'content_type');
    const logo_id = `${randomUUID()}.${PDF_LOGO_TYPES[contentType as PdfLogoType]}`;
    const upload_url = await deps.blobs.signUpload(editorImageKey(tenant, logo_id), {
      contentType,
      maxBytes: PDF_LOGO_MAX_BYTES,
      expiresInSeconds: EDITOR_IMAGE_UPLOAD_TTL_SECONDS,
    });
    return { upload_url, logo_id };
  });

  registerRoute(app, deps.sessions, routes.setPdfHeaders, async (request) => {
    const s = sessionOf(request);
    const { formats, default_format, logo_id } = request.body;
    if (logo_id) await checkLogo(deps, s.tenant, logo_id);
    const position = await changeSchool(
      deps.store,
      { tenant: s.tenant, actorId: s.userId, actorRole: s.role },
      { type: 'SetPdfHeaders', formats, defaultFormat: default_format, logoImageId: logo_id, now: deps.now().toISOString() },
    );
    return { success: true as const, position };
  });
}

async function checkLogo(deps: CommandServiceDeps, tenant: string, logoId: string): Promise<void> {
  const key = editorImageKey(tenant, logoId);
  const info = await deps.blobs.head(key);
  if (!info) throw new ValidationError(PDF_HEADER_MESSAGES.logoNotFound, 'logo_id');
  if (info.size > PDF_LOGO_MAX_BYTES) throw new DomainError(413, PDF_HEADER_MESSAGES.logoTooLarge);
  const blob = await deps.blobs.get(key);
  if (!blob) throw new ValidationError(PDF_HEADER_MESSAGES.logoNotFound, 'logo_id');
  if (blob.size > PDF_LOGO_MAX_BYTES) throw new DomainError(413, PDF_HEADER_MESSAGES.logoTooLarge);
  if (sniffContentType(blob.body) !== editorImageTypeOf(logoId)) throw new ValidationError(PDF_HEADER_MESSAGES.logoType, 'logo_id');
}
