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

export const editorRoutes = {
  getImageUploadUrl: route({
    method: 'GET', path: '/editor/get-image-upload-url', kind: 'command', access: 'authenticated',
    summary: 'An upload ticket for one image (PNG, JPEG, GIF or WebP) to insert into a rich-text editor.',
    querystring: z.object({
      file_name: z.string({ error: 'file_name is required' }).trim().min(1, 'file_name is required').max(200),
      content_type: z.string({ error: 'content_type is required' }).trim().min(1, 'content_type is required').max(100),
    }),
    reply: ImageUploadTicketSchema,
  }),
} as const;
