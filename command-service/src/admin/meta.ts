import type { EventMetadata } from '@evergrade/platform/event-store';

/** Who did it: every event carries tenant, actor and role, for the audit history. */
/** `commandId`: carried by every append of the command, so running it again writes nothing twice. */
export type Actor = { tenant: string; actorId?: number; actorRole: string; commandId?: string };

export const metadataOf = (a: Actor, commandId?: string): EventMetadata => ({
  tenant: a.tenant,
  actorRole: a.actorRole,
  ...(a.actorId !== undefined ? { actorId: String(a.actorId) } : {}),
  ...((commandId ?? a.commandId) ? { commandId: commandId ?? a.commandId } : {}),
});
