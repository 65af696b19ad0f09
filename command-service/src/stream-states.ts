import type { DomainEvent } from '@evergrade/contracts';
import type { EventStore, RecordedEvent } from '@evergrade/platform/event-store';
import type { Decider } from './decider';

/** A stream's state folded up to `version` by one decider, and the global position of its last event. */
export type FoldedStream<State> = { state: State; version: number; position: string | null };

type Entry = FoldedStream<unknown> & { folder: object; used: boolean };

/**
 * How many streams' states one command process keeps per store. A save touches two streams per student (submission and
 * grading), so 64,000 is an exam of 32,000 students. A submission state is its answers held in Maps: about 2 KB of
 * structure for 20 answers plus the answers' text (`submission/state-bytes.ts` measures it), so some 250 MB at the
 * cap; beyond it, states not used lately are dropped and folded again.
 */
export const MAX_CACHED_STREAMS = 64_000;

/**
 * Folded states of streams in this process, keyed by stream, each valid at its version. Events are immutable and a
 * stream only grows, so a state at version v plus the events after v is the state now, whoever appended them: another
 * command process's appends are read as the tail (`loadFolded`) or surface as a version conflict on append, after
 * which the command path drops the entry and reads the stream again (`handleCommand`).
 *
 * Eviction is second chance (CLOCK) over the Map's insertion order: a look-up only marks its entry used. Moving each
 * entry to the end on every look-up (delete, then set) left a tombstone per look-up, and V8 rehashed the whole table
 * as they filled it: 3–4 µs per look-up at 32,000–64,000 streams, 7 % of the server in a 16,000-student exam.
 */
export class StreamStates {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly max = MAX_CACHED_STREAMS) {}

  get<State>(streamId: string, folder: object): FoldedStream<State> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.folder !== folder) return undefined;
    entry.used = true;
    return entry as FoldedStream<State>;
  }

  /** The version cached for the stream (by any folder), without marking it used. */
  versionOf(streamId: string): number | undefined {
    return this.entries.get(streamId)?.version;
  }

  set<State>(streamId: string, folder: object, folded: FoldedStream<State>): void {
    // A key already there keeps its place in the order; its value is replaced. Field by field: a spread that adds
    // properties takes V8's slow path (3 µs a call here, against 0.2 µs), and every command sets an entry.
    this.entries.set(streamId, { state: folded.state, version: folded.version, position: folded.position, folder, used: true });
    if (this.entries.size > this.max) this.evict();
  }

  /** From the oldest: an entry used since it was last passed gets a second chance (to the end, unmarked); the first one not used goes. */
  private evict(): void {
    while (this.entries.size > this.max) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) return;
      const [streamId, entry] = oldest;
      this.entries.delete(streamId);
      if (entry.used) {
        entry.used = false;
        this.entries.set(streamId, entry);
      }
    }
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

type Folder<Event extends DomainEvent, State> = Pick<Decider<unknown, Event, State>, 'evolve' | 'evolveMany' | 'initialState'>;

/** A state folded further by `events` (recorded or not): `evolveMany` where the decider has it, else `evolve` one by one. */
export function evolveAll<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'evolveMany'>,
  state: State,
  events: readonly { type: string; data: unknown }[],
): State {
  const domain = events.map((e) => ({ type: e.type, data: e.data }) as Event);
  if (decider.evolveMany) return decider.evolveMany(state, domain);
  let s = state;
  for (const e of domain) s = decider.evolve(s, e);
  return s;
}

type TailRequest = { streamId: string; fromVersion: number };
type WaitingRead = { requests: readonly TailRequest[]; resolve(tails: RecordedEvent[][]): void; reject(err: unknown): void };

/** Tail reads in flight at once per store; reads asked for meanwhile wait and go out together. */
export const TAIL_READS_IN_FLIGHT = 2;
/** Stream requests in one grouped read at most. */
const MAX_GROUPED_REQUESTS = 600;

/**
 * Tail reads grouped like the store groups appends: the reads asked for in one turn of the event loop go out at its
 * end, together, when a slot is free; reads asked for while TAIL_READS_IN_FLIGHT are in flight wait for one of them
 * to return and then go out together, as one
 * `readStreams` (one statement). Every command of an exam's students reads the same assignment and course streams,
 * so under load one statement serves the context of many commands. A read still starts after it was asked for (a
 * waiting one never takes the answer of a read that was already on its way), so it sees every event committed before.
 */
class GroupedReads {
  private queue: WaitingRead[] = [];
  private inFlight = 0;
  constructor(private readonly readStreams: (requests: readonly TailRequest[]) => Promise<RecordedEvent[][]>) {}

  private scheduled = false;

  read(requests: readonly TailRequest[]): Promise<RecordedEvent[][]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ requests, resolve, reject });
      // At the end of this turn of the event loop, not at once: the commands whose requests were read in the same turn
      // (an exam's, each needing the same assignment and course) then go out as one statement even when a slot is free.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.inFlight < TAIL_READS_IN_FLIGHT && this.queue.length > 0) {
      let size = 0;
      let n = 0;
      while (n < this.queue.length && (n === 0 || size + this.queue[n]!.requests.length <= MAX_GROUPED_REQUESTS)) {
        size += this.queue[n]!.requests.length;
        n++;
      }
      const batch = this.queue.splice(0, n);
      this.inFlight += 1;
      const settle = () => {
        this.inFlight -= 1;
        this.pump();
      };
      let started: Promise<RecordedEvent[][]>;
      try {
        const all = batch.length === 1 ? batch[0]!.requests : batch.flatMap((w) => w.requests);
        // The same stream from the same version, asked for by several commands (on a cold cache every student's
        // first command reads the course and the assignment), is read once and its tail shared (nobody changes it).
        const unique: TailRequest[] = [];
        const at = new Map<string, number>();
        const slots = all.map((r) => {
          const key = `${r.fromVersion}\u0000${r.streamId}`;
          let slot = at.get(key);
          if (slot === undefined) at.set(key, (slot = unique.push(r) - 1));
          return slot;
        });
        started =
          unique.length === all.length ? this.readStreams(all) : this.readStreams(unique).then((tails) => slots.map((s) => tails[s]!));
      } catch (err) {
        started = Promise.reject(err);
      }
      started.then(
        (tails) => {
          settle();
          let at = 0;
          for (const w of batch) w.resolve(tails.slice(at, (at += w.requests.length)));
        },
        (err: unknown) => {
          settle();
          for (const w of batch) w.reject(err);
        },
      );
    }
  }
}

const groupedReads = new WeakMap<EventStore, GroupedReads>();

/** The tails of several streams: one grouped `readStreams` where the store has it, else one `readStream` each. */
function readTails(store: EventStore, requests: readonly TailRequest[]): Promise<RecordedEvent[][]> {
  if (!store.readStreams) return Promise.all(requests.map((r) => store.readStream(r.streamId, { fromVersion: r.fromVersion })));
  let reads = groupedReads.get(store);
  if (!reads) groupedReads.set(store, (reads = new GroupedReads((rs) => store.readStreams!(rs))));
  return reads.read(requests);
}

/**
 * Streams' states now: each cached state brought up to date with the events appended after it, every tail read at
 * once (one statement where the store has `readStreams`, shared with other commands' reads asked for meanwhile:
 * `GroupedReads`), or the whole stream folded on a miss.
 */
export async function loadFoldedMany(
  store: EventStore,
  requests: readonly { streamId: string; decider: Folder<DomainEvent, unknown> }[],
): Promise<FoldedStream<unknown>[]> {
  const states = streamStatesOf(store);
  const cached = requests.map((r) => states.get<unknown>(r.streamId, r.decider));
  const reads = requests.map((r, i) => ({ streamId: r.streamId, fromVersion: (cached[i]?.version ?? 0) + 1 }));
  const tails = await readTails(store, reads);
  return requests.map(({ streamId, decider }, i) => {
    const before = cached[i];
    const tail = tails[i]!;
    if (before && tail.length === 0) return before;
    // Concurrent commands that missed together read the same tail: the first to get here folds it, the others take
    // its state (or a newer one a command cached meanwhile) instead of folding the stream again each.
    const end = tail.at(-1)?.streamVersion ?? 0;
    const now = states.get<unknown>(streamId, decider);
    if (now && now.version >= end && now.version >= (before?.version ?? 0)) return now;
    const state = evolveAll(decider, before ? before.state : decider.initialState(), tail);
    const folded = {
      state,
      version: tail.at(-1)?.streamVersion ?? before?.version ?? 0,
      position: tail.at(-1)?.globalPosition ?? before?.position ?? null,
    };
    // A command of this process may have cached a newer state while the tail was read: that one stays.
    if ((states.versionOf(streamId) ?? -1) <= folded.version) states.set(streamId, decider, folded);
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
