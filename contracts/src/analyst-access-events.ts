import { z } from 'zod';

/**
 * Who may sign in as an analyst, and what analysts see (issue 15, item 5). The grant lives on the person's own user
 * stream (an instructor or admin of the school keeps their role and may also sign in at /auth/login/analyst; an account
 * registered as an analyst holds the grant from its registration). The names setting lives on the school's stream:
 * off (the default), reports and the events export pseudonymise people.
 */
const isoDate = z.iso.datetime({ offset: true });

export const AnalystAccessGrantedSchema = z.object({
  type: z.literal('AnalystAccessGranted'),
  data: z.object({ userId: z.number().int(), grantedBy: z.number().int().nullable(), at: isoDate }),
});
export const AnalystAccessRevokedSchema = z.object({
  type: z.literal('AnalystAccessRevoked'),
  data: z.object({ userId: z.number().int(), revokedBy: z.number().int().nullable(), at: isoDate }),
});
export const AnalystNamesSettingChangedSchema = z.object({
  type: z.literal('AnalystNamesSettingChanged'),
  data: z.object({ allowNames: z.boolean(), changedBy: z.number().int().nullable(), at: isoDate }),
});

export const ANALYST_ACCESS_EVENT_SCHEMAS = [
  AnalystAccessGrantedSchema,
  AnalystAccessRevokedSchema,
  AnalystNamesSettingChangedSchema,
] as const;
