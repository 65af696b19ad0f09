/**
 * Group commit: appends that arrive while earlier ones are in flight wait and go out together, as one statement (one
 * round trip, one transaction, one WAL flush, one NOTIFY), instead of each waiting for a connection and a flush of its
 * own. Nothing waits on a timer: an append that finds a free slot goes out at once (alone, unless others are queued),
 * so a quiet store behaves as before and a busy one batches as deep as its load.
 *
 * A batch holds at most one append per stream, and a stream is in at most one batch in flight: appends to one stream
 * go out in the order they came, each after the one before it finished (its version check then sees it).
 */
export type GroupCommitOptions = {
  /** Batches in flight at once (each on a connection of its own). */
  maxInFlight: number;
  /** Appends per batch at most. */
  maxBatch: number;
};

type Waiting<Request, Outcome> = { request: Request; resolve: (outcome: Outcome) => void; reject: (err: unknown) => void };

export type GroupCommit<Request, Outcome> = {
  /** Resolves with this request's own outcome; rejects with the batch's error when the batch as a whole failed. */
  submit(request: Request): Promise<Outcome>;
};

export function createGroupCommit<Request extends { streamId: string }, Outcome>(
  /** Runs one batch: one outcome per request, in order. */
  run: (batch: readonly Request[]) => Promise<Outcome[]>,
  { maxInFlight, maxBatch }: GroupCommitOptions,
): GroupCommit<Request, Outcome> {
  let queue: Waiting<Request, Outcome>[] = [];
  const busy = new Set<string>();
  let inFlight = 0;

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch: Waiting<Request, Outcome>[] = [];
      const streams = new Set<string>();
      const rest: Waiting<Request, Outcome>[] = [];
      for (const w of queue) {
        const id = w.request.streamId;
        if (batch.length < maxBatch && !busy.has(id) && !streams.has(id)) {
          streams.add(id);
          batch.push(w);
        } else {
          rest.push(w);
        }
      }
      // Every one waiting is behind an append to its stream still in flight.
      if (batch.length === 0) return;
      queue = rest;
      inFlight += 1;
      for (const id of streams) busy.add(id);
      const settle = () => {
        inFlight -= 1;
        for (const id of streams) busy.delete(id);
        pump();
      };
      let started: Promise<Outcome[]>;
      try {
        started = run(batch.map((w) => w.request));
      } catch (err) {
        started = Promise.reject(err);
      }
      started.then(
        (outcomes) => {
          settle();
          batch.forEach((w, i) => w.resolve(outcomes[i]!));
        },
        (err: unknown) => {
          settle();
          batch.forEach((w) => w.reject(err));
        },
      );
    }
  }

  return {
    submit(request) {
      return new Promise<Outcome>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        pump();
      });
    },
  };
}
