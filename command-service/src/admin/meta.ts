import type { EventMetadata } from '@evergrade/platform/event-store';

/** Who did it: every event carries tenant, actor and role, for the audit history. */
export type Actor = { tenant: string; actorId?: number; actorRole: string };

export const metadataOf = (a: Actor, commandId?: string): EventMetadata => ({
  tenant: a.tenant,
  actorRole: a.actorRole,
  ...(a.actorId !== undefined ? { actorId: String(a.actorId) } : {}),
  ...(commandId ? { commandId } : {}),
});
