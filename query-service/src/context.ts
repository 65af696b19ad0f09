import type { AiProvider } from '@evergrade/platform/ai';
import type { EventStore } from '@evergrade/platform/event-store';
import type { SessionStore } from '@evergrade/platform/auth';
import type { BlobStore } from '@evergrade/platform/blob';
import type { DevOutbox } from '@evergrade/platform/mail';
import type { Database } from '@evergrade/platform/sql';

export type QueryServiceDeps = {
  db: Database;
  sessions: SessionStore;
  /** Only to order positions for read-your-writes. */
  store: Pick<EventStore, 'comparePositions'>;
  /** Longest a query waits for projections to pass a client's X-Min-Position. */
  maxWaitMs?: number;
  /** Set only where the dev outbox is on (development, standalone); then `GET /dev/mail` exists. */
  devOutbox?: DevOutbox | null;
  /** Editor images are served from it (read only, apart from deleting an upload that is not an image). */
  blobs: BlobStore;
  /** Writes the graded-work summary's paragraph; absent or offline, the summary is built from the grades alone. */
  ai?: AiProvider;
  /** The operator's feedback form (FEEDBACK_URL), served to the browser by GET /support/config; unset: the in-app form. */
  feedbackUrl?: string | undefined;
};
