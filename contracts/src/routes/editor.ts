import { z } from 'zod';
import { route } from './route';

/** Images in rich-text editors (spec document 1 section 7, document 2 section 7). */
export const ImageUploadTicketSchema = z.object({
  /** PUT the file here with its content type and no auth header; it expires within minutes. */
  upload_url: z.string(),
  /** Where the image is shown from once uploaded; always a path beginning /editor/. */
  api_url: z.string(),
});
export type ImageUploadTicket = z.infer<typeof ImageUploadTicketSchema>;

/** The image types an editor accepts, with the extension their keys and api_url end in. */
export const EDITOR_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type EditorImageType = keyof typeof EDITOR_IMAGE_TYPES;
/** Largest image an upload URL accepts (and the image route serves). */
export const EDITOR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** How long an upload URL stays valid. */
export const EDITOR_IMAGE_UPLOAD_TTL_SECONDS = 300;

export const IMAGE_MESSAGES = {
  unsupportedType: 'Only PNG, JPEG, GIF and WebP images can be uploaded',
  notFound: 'Image not found',
  notAnImage: 'The uploaded file is not a PNG, JPEG, GIF or WebP image',
  tooLarge: `The image is larger than ${EDITOR_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
} as const;

/** `3f2c…-….png`: a uuid and the extension of one of EDITOR_IMAGE_TYPES. */
export const EDITOR_IMAGE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** Where an editor image lives in the blob store: under its school, so the school is part of every lookup. */
export const editorImageKey = (tenant: string, imageId: string) => `${tenant}/images/${imageId}`;

/** The type an image id's extension stands for. */
export function editorImageTypeOf(imageId: string): EditorImageType | null {
  const ext = imageId.slice(imageId.lastIndexOf('.') + 1);
  return (Object.keys(EDITOR_IMAGE_TYPES) as EditorImageType[]).find((t) => EDITOR_IMAGE_TYPES[t] === ext) ?? null;
}

export const editorRoutes = {
  getImageUploadUrl: route({
    method: 'GET',
    path: '/editor/get-image-upload-url',
    kind: 'command',
    access: 'authenticated',
    summary: 'An upload ticket for one image (PNG, JPEG, GIF or WebP) to insert into a rich-text editor.',
    querystring: z.object({
      file_name: z.string({ error: 'file_name is required' }).trim().min(1, 'file_name is required').max(200),
      content_type: z.string({ error: 'content_type is required' }).trim().min(1, 'content_type is required').max(100),
    }),
    reply: ImageUploadTicketSchema,
  }),
  getEditorImage: route({
    method: 'GET',
    path: '/editor/images/:imageId',
    kind: 'query',
    access: 'authenticated',
    summary: "An uploaded editor image (the ticket's api_url), for users of the school it was uploaded in. Replies with the image bytes.",
    params: z.object({
      imageId: z.string().regex(EDITOR_IMAGE_ID_PATTERN, 'imageId must be an image id such as 0b7e…-….png'),
    }),
    reply: z.string().meta({ format: 'binary', description: 'The image, with its Content-Type' }),
  }),
} as const;
