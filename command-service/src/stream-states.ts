import type { DomainEvent } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Decider } from './decider';

/** A stream's state folded up to `version` by one decider, and the global position of its last event. */
export type FoldedStream<State> = { state: State; version: number; position: string | null };

type Entry = FoldedStream<unknown> & { folder: object };

/**
 * How many streams' states one command process keeps per store. A submission's state is its answers (a few KB), so
 * 20,000 streams (an exam's students) is some tens of MB; the least recently used beyond it are dropped and folded again.
 */
export const MAX_CACHED_STREAMS = 20_000;

/**
 * Folded states of streams in this process, keyed by stream, each valid at its version. Events are immutable and a
 * stream only grows, so a state at version v plus the events after v is the state now, whoever appended them: another
 * command process's appends are read as the tail (`loadFolded`) or surface as a version conflict on append, after
 * which the command path drops the entry and reads the stream again (`handleCommand`).
 */
export class StreamStates {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly max = MAX_CACHED_STREAMS) {}

  get<State>(streamId: string, folder: object): FoldedStream<State> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.folder !== folder) return undefined;
    // Map keeps insertion order: moving the entry to the end makes the first one the least recently used.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry as FoldedStream<State>;
  }

  set<State>(streamId: string, folder: object, folded: FoldedStream<State>): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { ...folded, folder });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}

const perStore = new WeakMap<EventStore, StreamStates>();

/** The cache of one store (a process may hold several stores: tests do). */
export function streamStatesOf(store: EventStore): StreamStates {
  let states = perStore.get(store);
  if (!states) perStore.set(store, (states = new StreamStates()));
  return states;
}

type Folder<Event extends DomainEvent, State> = Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>;

/**
 * Streams' states now: each cached state brought up to date with the events appended after it, every tail read at
 * once (one statement where the store has `readStreams`), or the whole stream folded on a miss.
 */
export async function loadFoldedMany(
  store: EventStore,
  requests: readonly { streamId: string; decider: Folder<DomainEvent, unknown> }[],
): Promise<FoldedStream<unknown>[]> {
  const states = streamStatesOf(store);
  const cached = requests.map((r) => states.get<unknown>(r.streamId, r.decider));
  const reads = requests.map((r, i) => ({ streamId: r.streamId, fromVersion: (cached[i]?.version ?? 0) + 1 }));
  const tails = store.readStreams
    ? await store.readStreams(reads)
    : await Promise.all(reads.map((r) => store.readStream(r.streamId, { fromVersion: r.fromVersion })));
  return requests.map(({ streamId, decider }, i) => {
    const before = cached[i];
    const tail = tails[i]!;
    if (before && tail.length === 0) return before;
    let state = before ? before.state : decider.initialState();
    for (const e of tail) state = decider.evolve(state, { type: e.type, data: e.data } as DomainEvent);
    const folded = {
      state,
      version: tail.at(-1)?.streamVersion ?? before?.version ?? 0,
      position: tail.at(-1)?.globalPosition ?? before?.position ?? null,
    };
    states.set(streamId, decider, folded);
    return folded;
  });
}

/** One stream's state now (`loadFoldedMany` for one). */
export async function loadFolded<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Folder<Event, State>,
): Promise<FoldedStream<State>> {
  const [folded] = await loadFoldedMany(store, [{ streamId, decider: decider as unknown as Folder<DomainEvent, unknown> }]);
  return folded as FoldedStream<State>;
}
