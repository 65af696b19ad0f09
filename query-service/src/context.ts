import type { AiProvider } from '@evergrade/platform/ai';
import type { EventStore } from '@evergrade/platform/event-store';
import type { SessionStore } from '@evergrade/platform/auth';
import type { BlobStore } from '@evergrade/platform/blob';
import type { DevOutbox } from '@evergrade/platform/mail';
import type { Database } from '@evergrade/platform/sql';
import type { RateLimiter } from '@evergrade/platform/rate-limit';
import type { SpeechSynthesizer } from '@evergrade/platform/speech';
import type { SiteSettings } from './routes/public-site';

export type QueryServiceDeps = {
  db: Database;
  sessions: SessionStore;
  /** Read-your-writes: orders positions, and names the log's head (a position past it was never a command's). */
  store: Pick<EventStore, 'comparePositions' | 'headPosition'>;
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
  /** Reads answers aloud (POST /chatbot/text-to-speech and guest-text-to-speech); unset: those routes are off. */
  speech?: SpeechSynthesizer;
  /** Rate limits of the public and costly reads (speech); the routes that need it are off without it. */
  limiter?: RateLimiter;
  /** The public pages' settings (GET /public/site): landing page, links, guest allowance, operator-set accuracy. */
  site?: SiteSettings;
  /** The log the analysts' reports replay (read only); unset: the analyst report routes answer 503. */
  eventLog?: Pick<EventStore, 'readAll' | 'readStream' | 'headPosition' | 'comparePositions' | 'eventsInDatabase'>;
};
