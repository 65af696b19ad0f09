import type { FastifyInstance } from 'fastify';
import {
  DomainError,
  EDITOR_IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  NotFoundError,
  editorImageKey,
  editorImageTypeOf,
  routes,
  type RefusalStatus,
} from '@evergrade/contracts';
import { sniffContentType } from '@evergrade/platform/blob';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { QueryServiceDeps } from '../context';

/**
 * Editor images, to signed-in users of the school they were uploaded in: the key is built from the
 * session's tenant, so another school's image is simply not found. A presigned S3 upload cannot be checked
 * before it is stored, so size and magic bytes are checked here, and an object that fails is deleted.
 */
export function editorImageRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getEditorImage, async (request, reply) => {
    const { tenant } = sessionOf(request);
    const { imageId } = request.params;
    const key = editorImageKey(tenant, imageId);
    const type = editorImageTypeOf(imageId);
    const info = await deps.blobs.head(key);
    if (!info || !type) throw new NotFoundError(IMAGE_MESSAGES.notFound);
    if (info.size > EDITOR_IMAGE_MAX_BYTES) return refuse(key, 413, IMAGE_MESSAGES.tooLarge);
    const blob = await deps.blobs.get(key);
    if (!blob) throw new NotFoundError(IMAGE_MESSAGES.notFound);
    if (blob.size > EDITOR_IMAGE_MAX_BYTES) return refuse(key, 413, IMAGE_MESSAGES.tooLarge);
    if (sniffContentType(blob.body) !== type) return refuse(key, 415, IMAGE_MESSAGES.notAnImage);
    return (
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        // Ids are never reused, so the bytes behind one never change; private: only this user's browser keeps them.
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(blob.body)
    );

    async function refuse(badKey: string, status: RefusalStatus, message: string): Promise<never> {
      request.log.warn({ key: badKey, status }, 'refused a stored editor image and deleted it');
      await deps.blobs.delete(badKey);
      throw new DomainError(status, message);
    }
  });
}
