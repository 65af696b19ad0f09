import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EDITOR_IMAGE_MAX_BYTES,
  EDITOR_IMAGE_TYPES,
  EDITOR_IMAGE_UPLOAD_TTL_SECONDS,
  IMAGE_MESSAGES,
  ValidationError,
  editorImageKey,
  routePath,
  routes,
  type EditorImageType,
} from '@evergrade/contracts';
import { baseContentType } from '@evergrade/platform/blob';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';

/**
 * Upload tickets for editor images: a fresh key under the caller's school and a short-lived URL that
 * accepts only that image type and size. The browser PUTs the file there; the image is then shown from api_url.
 */
export function editorRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getImageUploadUrl, async (request) => {
    const { tenant } = sessionOf(request);
    const contentType = baseContentType(request.query.content_type);
    if (!Object.hasOwn(EDITOR_IMAGE_TYPES, contentType)) throw new ValidationError(IMAGE_MESSAGES.unsupportedType, 'content_type');
    const imageId = `${randomUUID()}.${EDITOR_IMAGE_TYPES[contentType as EditorImageType]}`;
    const upload_url = await deps.blobs.signUpload(editorImageKey(tenant, imageId), {
      contentType,
      maxBytes: EDITOR_IMAGE_MAX_BYTES,
      expiresInSeconds: EDITOR_IMAGE_UPLOAD_TTL_SECONDS,
    });
    return { upload_url, api_url: routePath(routes.getEditorImage.path, { imageId }) };
  });
}
