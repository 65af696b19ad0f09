import { z } from 'zod';
import { route } from './route';

export const DevMailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() });
export type DevMail = z.infer<typeof DevMailSchema>;

/**
 * Only registered in development and standalone mode, never in production, and by default only when the
 * server listens on loopback (DEV_OUTBOX=true opens it on another interface). Answers loopback clients only.
 */
export const devRoutes = {
  devMail: route({
    method: 'GET',
    path: '/dev/mail',
    kind: 'query',
    access: 'public',
    summary: 'The dev outbox, newest first (development and standalone mode only): 403 for a client not on the server itself (loopback).',
    reply: z.array(DevMailSchema),
  }),
} as const;
