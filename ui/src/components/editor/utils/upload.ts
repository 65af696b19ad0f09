import { EDITOR_MESSAGES, TENANT_HEADER } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session';
import type { Size } from './geometry';

/** Paths the API serves images from (spec: fetched as blobs to show images in editors and PDFs). */
export const isImageApiPath = (src: string) => /^\/(editor|document-processor)\//.test(src);

/**
 * Asks for an upload ticket, then PUTs the file to its upload_url with the file's content type and
 * no auth or CSRF header (the URL itself is the permission). Resolves to the api_url to show it from.
 */
export async function uploadImage(file: File): Promise<string> {
  const ticket = await callApi('getImageUploadUrl', { query: { file_name: file.name, content_type: file.type } });
  if (!ticket.api_url) throw new Error(EDITOR_MESSAGES.noApiUrl);
  const response = await fetch(ticket.upload_url, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  if (!response.ok) throw new Error(EDITOR_MESSAGES.uploadStatus(response.status));
  return ticket.api_url;
}

const blobUrls = new Map<string, Promise<string>>();

/** An object URL for an image served by the API, fetched once per page with the session cookie and tenant. */
export function imageObjectUrl(src: string): Promise<string> {
  if (!isImageApiPath(src)) return Promise.reject(new Error(`Not an image path of this site: ${src}`));
  let pending = blobUrls.get(src);
  if (!pending) {
    const tenant = useSessionStore.getState().tenant;
    pending = fetch(src, { credentials: 'include', headers: tenant ? { [TENANT_HEADER]: tenant } : {} }).then(async (response) => {
      if (!response.ok) throw new Error(`Image request failed with status: ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    pending.catch(() => blobUrls.delete(src));
    blobUrls.set(src, pending);
  }
  return pending;
}

/** The natural size of an image served by the API; rejects when it cannot be fetched or decoded. */
export async function loadImageSize(src: string): Promise<Size> {
  const url = await imageObjectUrl(src);
  return new Promise<Size>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('The image could not be decoded'));
    img.src = url;
  });
}
