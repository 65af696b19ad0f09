import { ConflictError, LIBRARY_MESSAGES, SHARED_LIBRARY_TENANT, streamIds, type EventOf } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { fold, handleCommand, type Decider } from '../decider';
import { allocateId } from '../ids';
import { metadataOf, type Actor } from '../admin/meta';
import { rubricKey } from './seed';

/** A school's rubric library (one stream per school): categories and criteria it has added. */
export type RubricEvent = EventOf<'RubricAdded'>;
export type RubricLibrary = { keys: ReadonlySet<string> };

export type AddRubric = {
  type: 'AddRubric';
  rubricId: number;
  rubricName: string;
  criterion: string;
  description: string;
  addedBy: number;
  /** Keys ('category - criterion', lower case) of the shared library, read by the caller. */
  sharedKeys: readonly string[];
  now: string;
};

export const initialState = (): RubricLibrary => ({ keys: new Set() });

export const evolve = (state: RubricLibrary, event: RubricEvent): RubricLibrary =>
  event.type === 'RubricAdded' ? { keys: new Set([...state.keys, rubricKey(event.data)]) } : state;

export function decide(command: AddRubric, state: RubricLibrary): RubricEvent[] {
  const key = rubricKey(command);
  if (state.keys.has(key) || command.sharedKeys.includes(key)) throw new ConflictError(LIBRARY_MESSAGES.rubricExists);
  const { rubricId, rubricName, criterion, description, addedBy, now } = command;
  return [{ type: 'RubricAdded', data: { rubricId, rubricName, criterion, description, addedBy, addedAt: now } }];
}

export const rubricDecider: Decider<AddRubric, RubricEvent, RubricLibrary> = { decide, evolve, initialState };

export type NewRubric = { rubricName: string; criterion: string; description: string };

/** Adds a rubric to the actor's school; 409 when the category already has that criterion (here or shared). */
export async function addRubric(store: EventStore, actor: Actor & { actorId: number }, input: NewRubric, now: Date) {
  const shared = fold(rubricDecider, await store.readStream(streamIds.rubrics(SHARED_LIBRARY_TENANT)));
  const existing = fold(rubricDecider, await store.readStream(streamIds.rubrics(actor.tenant)));
  const key = rubricKey(input);
  if (shared.keys.has(key) || existing.keys.has(key)) throw new ConflictError(LIBRARY_MESSAGES.rubricExists);
  const rubricId = await allocateId(store, 'rubric');
  const result = await handleCommand(
    store,
    streamIds.rubrics(actor.tenant),
    rubricDecider,
    {
      type: 'AddRubric',
      rubricId,
      ...input,
      addedBy: actor.actorId,
      sharedKeys: [...shared.keys],
      now: now.toISOString(),
    },
    { metadata: metadataOf(actor) },
  );
  return { rubricId, position: result.position };
}
