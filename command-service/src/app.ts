import type { FastifyInstance } from 'fastify';
import { createOcrEngine } from '@evergrade/documents';
import { isLocalBlobStore, localBlobRoutes } from '@evergrade/platform/blob';
import { checkUploadedContent } from './upload-check';
import { cachedSessions } from './session-cache';
import { adminRoutes } from './routes/admin';
import type { CommandServiceDeps } from './context';
import { answerRoutes } from './routes/answers';
import { sessionRoutes } from './routes/sessions';
import { authRoutes } from './routes/auth';
import { documentRoutes } from './routes/documents';
import { editorRoutes } from './routes/editor';
import { supportRoutes } from './routes/support';
import { graderRoutes } from './routes/grader';
import { gradingRoutes } from './routes/grading';
import { libraryCommandRoutes } from './routes/library';
import { passwordRoutes } from './routes/password';
import { practiceRoutes } from './routes/practice';
import { profileRoutes } from './routes/profile';
import { signupRoutes } from './routes/signup';
import { studentUploadRoutes } from './routes/student-uploads';
import { textbookRoutes } from './routes/textbooks';
import { operatorRoutes } from './routes/operator';
import { pdfHeaderRoutes } from './routes/pdf-headers';
import { conversationRoutes } from './conversation/routes';
import { answerGroupRoutes } from './routes/answer-groups';
import { regradeRequestRoutes } from './routes/regrade-requests';
import { markingPolicyRoutes } from './routes/marking-policy';
import { responseCropRoutes } from './routes/response-crop';

/** Every `kind: command` route. A plugin, not a server: standalone and main.ts decide where it runs. */
export async function commandService(app: FastifyInstance, given: CommandServiceDeps): Promise<void> {
  // Sessions found are trusted for SESSION_CACHE_MS (session-cache.ts): a save or heartbeat skips the lookup.
  const deps = { ...given, sessions: cachedSessions(given.sessions) };
  authRoutes(app, deps);
  signupRoutes(app, deps);
  passwordRoutes(app, deps);
  profileRoutes(app, deps);
  answerRoutes(app, deps);
  sessionRoutes(app, deps);
  adminRoutes(app, deps);
  graderRoutes(app, deps);
  editorRoutes(app, deps);
  supportRoutes(app, deps);
  operatorRoutes(app, deps);
  pdfHeaderRoutes(app, deps);
  conversationRoutes(app, deps);
  answerGroupRoutes(app, deps);
  regradeRequestRoutes(app, deps);
  markingPolicyRoutes(app, deps);
  responseCropRoutes(app, deps);
  // One OCR worker (tesseract) for every route that reads scanned pages; it starts on first use.
  const ocr = createOcrEngine();
  app.addHook('onClose', () => ocr.close());
  const withOcr = { ...deps, ocr };
  // Its own scope: AI Express's multipart parser is registered for its route only.
  await app.register(libraryCommandRoutes, deps);
  // Its own scope too: document uploads (multipart) and the streamed marking-scheme processing.
  await app.register(documentRoutes, withOcr);
  // Practice assignments: their own scope too (reference PDFs and documents are multipart).
  await app.register(practiceRoutes, withOcr);
  // Its own scope too: handwritten submission PDFs (upload ticket, streamed reading, answers saved).
  await app.register(studentUploadRoutes, withOcr);
  // Its own scope too: instructor-uploaded submissions, grading, regrading, marks and flags.
  await app.register(gradingRoutes, withOcr);
  // Its own scope too: textbook uploads (multipart, one PDF of up to 50 MB) read and indexed with progress, and removal.
  await app.register(textbookRoutes, withOcr);
  // The local blob adapter's signed upload/download endpoints (S3 serves its own).
  // PDFs are parsed on the way in: one that only starts with %PDF is a 400 at upload, not a failure at processing.
  if (isLocalBlobStore(deps.blobs)) await app.register(localBlobRoutes, { store: deps.blobs, checkContent: checkUploadedContent });
}
