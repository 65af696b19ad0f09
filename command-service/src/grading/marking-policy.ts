import { recordedMarkingPolicy, streamIds, type EventOf, type MarkingPolicy } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { fold, type Decider } from '../decider';

type PolicyEvent = EventOf<'MarkingPolicySet'>;
export type SetMarkingPolicy = { type: 'SetMarkingPolicy'; assignmentId: number; policy: MarkingPolicy; by: number; now: string };
type PolicyState = { policy: MarkingPolicy; setAt: string | null };

/** The switches that are set, in a stable order: two policies with the same switches compare equal. */
const canonical = (policy: MarkingPolicy): string =>
  JSON.stringify(
    Object.keys(policy)
      .sort()
      .filter((k) => policy[k as keyof MarkingPolicy] !== undefined)
      .map((k) => [k, policy[k as keyof MarkingPolicy]]),
  );

/**
 * An assignment's marking policy stream: the whole policy each time it changes; setting the same policy again records
 * nothing. A policy an older version wrote with a switch this one no longer knows keeps the switches it still knows.
 */
export const markingPolicyDecider: Decider<SetMarkingPolicy, PolicyEvent, PolicyState> = {
  initialState: () => ({ policy: {}, setAt: null }),
  evolve: (state, event) => {
    if (event.type !== 'MarkingPolicySet') return state;
    return { policy: recordedMarkingPolicy(event.data.policy), setAt: event.data.setAt };
  },
  decide: (c, state) =>
    canonical(state.policy) === canonical(c.policy)
      ? []
      : [{ type: 'MarkingPolicySet', data: { assignmentId: c.assignmentId, policy: c.policy, by: c.by, setAt: c.now } }],
};

/** The policy the assignment's grading follows now (every switch unset when never set), from its own stream. */
export async function readMarkingPolicy(store: EventStore, tenant: string, assignmentId: number): Promise<MarkingPolicy> {
  return fold(markingPolicyDecider, await store.readStream(streamIds.markingPolicy(tenant, assignmentId))).policy;
}
