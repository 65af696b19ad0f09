import type { OcrEngine } from '@evergrade/documents';
import type { AiProvider } from '@evergrade/platform/ai';
import type { EventStore } from '@evergrade/platform/event-store';
import type { SessionStore } from '@evergrade/platform/auth';
import type { BlobStore } from '@evergrade/platform/blob';
import type { Mailer } from '@evergrade/platform/mail';
import type { RateLimiter } from '@evergrade/platform/rate-limit';
import type { LoginLimits } from './routes/login-limits';

export type CommandServiceDeps = {
  store: EventStore;
  sessions: SessionStore;
  /** The clock lives at the edge so deciders stay pure. */
  now: () => Date;
  cookieSecure: boolean;
  /** Verification and reset codes go out through it. */
  mailer: Mailer;
  /** Login and password attempts, counted in a table shared by every command process. */
  limiter: RateLimiter;
  /** The login limits (routes/login-limits.ts); tests set small ones. Default LOGIN_LIMITS. */
  loginLimits?: LoginLimits;
  /**
   * Which assignment a question belongs to, for update-question calls that send only question_id (as the spec's
   * payload does). Found in the event store, from the id's allocation (id-owners.ts), never in a read model; the
   * decider then checks it on the stream itself.
   */
  locateQuestion: (tenant: string, questionId: number) => Promise<number | null>;
  /** Which grading stream a response_id belongs to, for update-response: from the event store too. */
  locateResponse: (tenant: string, responseId: number) => Promise<{ assignmentId: number; studentId: number } | null>;
  /** Files outside the event store (editor images); keys start with the tenant. */
  blobs: BlobStore;
  /** The model behind AI Express (and later grading and chat), or the offline provider. */
  ai: AiProvider;
};

/** One OCR worker per command process, shared by every route that reads scanned pages (created in app.ts). */
export type WithOcr = { ocr: OcrEngine };
