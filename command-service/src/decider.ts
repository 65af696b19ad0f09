import type { DomainEvent } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventMetadata, type EventStore, type RecordedEvent } from '@evergrade/platform/event-store';
import { evolveAll, streamStatesOf } from './stream-states';

/** Pure: no I/O, no clock, no random ids. Time and ids arrive inside the command. */
export type Decider<Command, Event extends DomainEvent, State> = {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  /** Optional: `evolve` over many events at once, the same result faster (a long stream's list copied once, not per event). */
  evolveMany?(state: State, events: readonly Event[]): State;
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
  /** Retries after losing a race to another process (default 20, each after a short random pause). */
  maxRetries?: number;
};

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'evolveMany' | 'initialState'>,
  events: readonly RecordedEvent[],
): State {
  return evolveAll(decider, decider.initialState(), events);
}

/**
 * The one command path: read the stream, fold, decide, append with the version read. The folded state is kept
 * (`stream-states.ts`), so the next command on the stream in this process decides without reading it.
 *
 * Commands on one stream run one at a time in this process (a queue per stream), so concurrent commands of one user
 * (a student's saves to ten questions at once) never conflict here; each is decided on the state its predecessor left.
 * Another process appending to the same stream (replicas of the command service) can still win a race: then, unless the
 * caller pinned a version, the command is read and decided again, after a short random pause so racing writers spread
 * out. The whole-stream expected version stays: decisions depend on the whole stream (submitted, the session's deadline,
 * the newest edit of a question), and a check on one question alone would let a save land after a submit.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions,
): Promise<CommandResult<Event>> {
  return oneAtATime(store, streamId, () => decideAndAppend(store, streamId, decider, command, options));
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleOptions,
): Promise<CommandResult<Event>> {
  const maxRetries = options.expectedVersion === undefined ? (options.maxRetries ?? 20) : 0;
  const commandId = options.metadata.commandId;
  const states = streamStatesOf(store);
  for (let attempt = 0; ; attempt++) {
    // The state this process folded after its last command on the stream, trusted without a read: the append's
    // expected version checks it, and a conflict (another process appended) drops it and reads the stream again.
    let folded = states.get<State>(streamId, decider);
    let events: Event[] | undefined;
    if (folded) {
      try {
        events = decider.decide(command, folded.state);
      } catch {
        // Refused on the cached state: decide again below on the stream read whole, where a retried command is found.
      }
      // A command with an id that decided nothing or was refused may be one already appended: the read below says.
      if (events === undefined || (events.length === 0 && commandId)) folded = undefined;
      // A pinned version other than the cached one: the cache may be behind, the stream says.
      else if (options.expectedVersion !== undefined && options.expectedVersion !== folded.version) folded = undefined;
    }
    if (!folded) {
      states.delete(streamId);
      const recorded = await store.readStream(streamId);
      const earlier = commandId ? recorded.filter((e) => e.metadata.commandId === commandId) : [];
      if (earlier.length > 0) {
        const last = earlier[earlier.length - 1]!;
        return {
          events: earlier.map((e) => ({ type: e.type, data: e.data }) as Event),
          version: recorded.length,
          position: last.globalPosition,
        };
      }
      folded = { state: fold(decider, recorded), version: recorded.length, position: recorded.at(-1)?.globalPosition ?? null };
      states.set(streamId, decider, folded);
      events = undefined;
    }
    const { version } = folded;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, version);
    }
    events ??= decider.decide(command, folded.state);
    if (events.length === 0) return { events, version, position: folded.position };
    let result;
    try {
      result = await store.append(
        streamId,
        events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: options.metadata })),
        { expectedVersion: version === 0 ? 'no_stream' : version },
      );
    } catch (err) {
      // Whatever failed (a conflict, a lost connection after commit), the cached state may be behind: read it again.
      states.delete(streamId);
      if (!(err instanceof WrongExpectedVersionError) || attempt >= maxRetries) throw err;
      await pause(attempt);
      continue;
    }
    if (!result.appended) {
      // The command id was appended before (a retry): answer with what it appended, read from the stream.
      states.delete(streamId);
      const recorded = await store.readStream(streamId);
      const earlier = recorded.filter((e) => e.metadata.commandId === commandId);
      return {
        events: earlier.map((e) => ({ type: e.type, data: e.data }) as Event),
        version: recorded.length,
        position: earlier.at(-1)?.globalPosition ?? result.lastPosition,
      };
    }
    const state = evolveAll(decider, folded.state, events);
    states.set(streamId, decider, { state, version: result.nextExpectedVersion, position: result.lastPosition });
    return { events, version: result.nextExpectedVersion, position: result.lastPosition };
  }
}

/** A random pause growing with the attempt (at most 250 ms), so writers that raced do not race again in step. */
const pause = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 5 * 2 ** attempt)));

/** Per store, the tail of each stream's queue of commands in this process. */
const queues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/** Runs `work` after every command this process already started on the stream; a failure does not stop the queue. */
async function oneAtATime<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let tails = queues.get(store);
  if (!tails) queues.set(store, (tails = new Map()));
  const previous = tails.get(streamId);
  const run = previous ? previous.then(work) : work();
  const tail = run.catch(() => undefined);
  tails.set(streamId, tail);
  try {
    return await run;
  } finally {
    if (tails.get(streamId) === tail) tails.delete(streamId);
  }
}
