import { z } from 'zod';

/**
 * Where an id belongs, for the ids the spec's commands send alone (update-question's question_id, update-response's
 * response_id): the school and the stream that holds it. The write side finds a stream from these, never from a read
 * model: a question's is its assignment stream, a response's its (assignment, student) grading stream.
 */
export const IdOwnerSchema = z.object({
  tenant: z.string(),
  stream: z.string(),
  assignmentId: z.number().int(),
  /** A response's student (its grading stream); absent for a question. */
  studentId: z.number().int().optional(),
});
export type IdOwner = z.infer<typeof IdOwnerSchema>;

/**
 * One id of a kind: the event's version in `sequence:{kind}` is the id. `owner` is set when the id is allocated for a
 * known stream (questions and responses since owners are recorded); ids allocated before carry none.
 */
export const IdAllocatedSchema = z.object({
  type: z.literal('IdAllocated'),
  data: z.object({ owner: IdOwnerSchema.optional() }),
});

/**
 * Owners of ids allocated before IdAllocated carried them, found once in the log by the command side's backfill and
 * kept on `id-owners:{tenant}:{kind}:{bucket}` (ids bucketed by thousands), so a lookup reads one short stream.
 */
export const IdOwnersRecordedSchema = z.object({
  type: z.literal('IdOwnersRecorded'),
  data: z.object({
    kind: z.enum(['question', 'response']),
    /** id → its owner. */
    owners: z.record(z.string(), IdOwnerSchema),
  }),
});

/** The backfill went through the log up to `upTo` (null: the log was empty); written once, on `id-owners-backfill`. */
export const IdOwnersBackfilledSchema = z.object({
  type: z.literal('IdOwnersBackfilled'),
  data: z.object({
    upTo: z.string().nullable(),
    questions: z.number().int(),
    responses: z.number().int(),
    at: z.iso.datetime({ offset: true }),
  }),
});

export const ID_EVENT_SCHEMAS = [IdAllocatedSchema, IdOwnersRecordedSchema, IdOwnersBackfilledSchema] as const;
