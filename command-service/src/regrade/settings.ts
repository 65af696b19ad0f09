import { IdAllocatedSchema, streamIds, type EventOf, type IdOwner } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Decider } from '../decider';
import { windowDaysOf } from './regrade-requests';

type WindowEvent = EventOf<'RegradeWindowSet'>;
export type SetRegradeWindow = { type: 'SetRegradeWindow'; assignmentId: number; days: number; by: number; now: string };

/** An assignment's regrade settings stream: a new window is recorded only when it changes. */
export const regradeWindowDecider: Decider<SetRegradeWindow, WindowEvent, { days: number; events: WindowEvent[] }> = {
  initialState: () => ({ days: windowDaysOf([]), events: [] }),
  evolve: (state, event) => (event.type === 'RegradeWindowSet' ? { days: event.data.days, events: [...state.events, event] } : state),
  decide: (c, state) =>
    state.days === c.days
      ? []
      : [{ type: 'RegradeWindowSet', data: { assignmentId: c.assignmentId, days: c.days, by: c.by, setAt: c.now } }],
};

export type MarkNotificationsRead = { type: 'MarkNotificationsRead'; userId: number; ids: string[] | null; now: string };

/** What a user read of their notifications: recorded as asked (the read model ignores ids it does not know). */
export const notificationsDecider: Decider<MarkNotificationsRead, EventOf<'NotificationsRead'>, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (c) => [{ type: 'NotificationsRead', data: { userId: c.userId, ids: c.ids, readAt: c.now } }],
};

export async function readWindowDays(store: EventStore, tenant: string, assignmentId: number): Promise<number> {
  return windowDaysOf(await store.readStream(streamIds.regradeSettings(tenant, assignmentId)));
}

/** A request id's grading stream, from the id's allocation (recorded before the id was handed out); null elsewhere. */
export async function ownerOfRequest(store: EventStore, tenant: string, requestId: number): Promise<IdOwner | null> {
  if (!Number.isSafeInteger(requestId) || requestId < 1) return null;
  const [allocation] = await store.readStream(streamIds.sequence('regrade-request'), { fromVersion: requestId, limit: 1 });
  if (!allocation || allocation.streamVersion !== requestId) return null;
  const owner = IdAllocatedSchema.shape.data.safeParse(allocation.data).data?.owner;
  return owner && owner.tenant === tenant && owner.studentId !== undefined ? owner : null;
}
