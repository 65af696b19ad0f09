import type { DomainEvent } from '@evergrade/contracts';
import {
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@evergrade/platform/event-store';

/** Pure: no I/O, no clock, no random ids. Time and ids arrive inside the command. */
export type Decider<Command, Event extends DomainEvent, State> = {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
};

export type CommandResult<Event> = {
  events: Event[];
  /** The stream's version after the command. */
  version: number;
  /** Global position of the command's last event; null when it decided nothing. */
  position: string | null;
};

export type HandleOptions = {
  metadata: EventMetadata;
  /** Pin the version the client saw (an If-Match); then a conflict is not retried. */
  expectedVersion?: number;
  maxRetries?: number;
};

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly RecordedEvent[],
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), decider.initialState());
}

/** The one command path: read the stream, fold, decide, append with the version read; retry on conflict. */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions,
): Promise<CommandResult<Event>> {
  const maxRetries = options.expectedVersion === undefined ? (options.maxRetries ?? 5) : 0;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const commandId = options.metadata.commandId;
    const earlier = commandId ? recorded.filter((e) => e.metadata.commandId === commandId) : [];
    if (earlier.length > 0) {
      const last = earlier[earlier.length - 1]!;
      return { events: earlier.map((e) => ({ type: e.type, data: e.data }) as Event), version: recorded.length, position: last.globalPosition };
    }
    const version = recorded.length;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, version);
    }
    const events = decider.decide(command, fold(decider, recorded));
    if (events.length === 0) return { events, version, position: recorded.at(-1)?.globalPosition ?? null };
    try {
      const result = await store.append(
        streamId,
        events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: options.metadata })),
        { expectedVersion: version === 0 ? 'no_stream' : version },
      );
      return { events, version: result.nextExpectedVersion, position: result.lastPosition };
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < maxRetries) continue;
      throw err;
    }
  }
}
