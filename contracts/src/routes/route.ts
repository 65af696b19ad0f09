import { z } from 'zod';
import type { Role } from '../constants';

/**
 * A route of the table: its side (command or query), who may call it and its schemas. Services register
 * from it, the gateway routes by it, OpenAPI is generated from it.
 */
/**
 * `operator`: the platform operator, by the operator key (see operator.ts), not by a school session. `staff`: a school's
 * instructors and admins (not students), for what both may do through one route (the spec's textbook upload).
 */
export type RouteAccess = 'public' | 'authenticated' | Role | 'staff' | 'operator';

export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  kind: 'command' | 'query';
  access: RouteAccess;
  summary: string;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType;
  reply: z.ZodType;
};

export const route = <const R extends RouteDef>(r: R): R => r;

export const ErrorReplySchema = z.object({
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

/** Every command reply says where its last event sits in the log, for read-your-writes. */
export const CommandReplySchema = z.object({ success: z.literal(true), position: z.string().nullable() });
export type CommandReply = z.infer<typeof CommandReplySchema>;

export const MessageReplySchema = z.object({ message: z.string() });

/** `/auth/login/:role` → `/auth/login/student`. */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
