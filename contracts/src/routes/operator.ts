import { z } from 'zod';
import { CommandReplySchema, route } from './route';

/**
 * The platform operator's screens (the person who runs the server, not a school's admin): read-model status and
 * rebuilds. Access `operator`: the request carries the operator key in `X-Operator-Key` (OPERATOR_KEY, or in
 * standalone the key kept in `{DATA_DIR}/operator-key`); no school session is needed or enough.
 */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

/** "Rebuild this read model" as an event, on the operator's stream; whichever projector process runs it picks it up. */
export const PROJECTION_REBUILD_REQUESTED = 'ProjectionRebuildRequested';
/** `_platform` is no school (tenants are `[a-z0-9-]`). */
export const PROJECTION_REBUILD_STREAM = 'projections:_platform';
/** A request naming every read model. */
export const ALL_PROJECTIONS = '*';

export const OPERATOR_MESSAGES = {
  keyRequired: 'This needs the operator key (the X-Operator-Key header).',
  off: 'Operator actions are off on this server: set OPERATOR_KEY.',
} as const;

export const ProjectionStatusSchema = z.object({
  name: z.string(),
  /** The version of the tables serving now. */
  version: z.number().int().nullable(),
  position: z.string().nullable(),
  /** Events in the log after the projection's position. */
  behind_events: z.number().int(),
  /** How old the oldest event it has not applied yet is (0 when it has applied everything). */
  lag_ms: z.number().int(),
  last_applied_at: z.string(),
  /** live: applying as events arrive; rebuilding: a new build is under way beside the serving one; failed: the last rebuild failed. */
  status: z.enum(['live', 'rebuilding', 'failed']),
  rebuild: z
    .object({
      status: z.enum(['rebuilding', 'swapped', 'failed']),
      version: z.number().int(),
      events_done: z.number().int(),
      events_total: z.number().int(),
      /** 0-100. */
      percent: z.number(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      last_error: z.string().nullable(),
    })
    .nullable(),
});
export type ProjectionStatus = z.infer<typeof ProjectionStatusSchema>;

export const ProjectionsReplySchema = z.object({
  /** Events in the log. */
  events: z.number().int(),
  projections: z.array(ProjectionStatusSchema),
});
export type ProjectionsReply = z.infer<typeof ProjectionsReplySchema>;

export const operatorRoutes = {
  listProjections: route({
    method: 'GET',
    path: '/admin/projections',
    kind: 'query',
    access: 'operator',
    summary:
      "Every read model's version, position, lag (events behind the log's head, age of the oldest unapplied event) and rebuild progress. Operator key required.",
    reply: ProjectionsReplySchema,
  }),
  rebuildProjection: route({
    method: 'POST',
    path: '/admin/rebuild-projection',
    kind: 'command',
    access: 'operator',
    summary:
      "Rebuild a read model (or '*' for all) beside the serving one and swap it in when it has caught up; no downtime. Appends ProjectionRebuildRequested; progress in GET /admin/projections. Operator key required.",
    body: z.object({
      projection: z
        .string({ error: 'projection is required' })
        .trim()
        .regex(/^(\*|[a-z][a-z0-9-]{0,62})$/, "projection must be a read model's name or '*'"),
    }),
    reply: CommandReplySchema,
  }),
} as const;
