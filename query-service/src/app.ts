import type { FastifyInstance } from 'fastify';
import { adminQueryRoutes } from './routes/admin';
import { auditRoutes } from './routes/audit';
import type { QueryServiceDeps } from './context';
import { authQueryRoutes } from './routes/auth';
import { devMailRoutes } from './routes/dev-mail';
import { editorImageRoutes } from './routes/editor-images';
import { supportQueryRoutes } from './routes/support';
import { pdfHeaderQueryRoutes } from './routes/pdf-headers';
import { schoolRoutes } from './routes/school';
import { libraryQueryRoutes } from './routes/library';
import { instructorRoutes } from './routes/instructors';
import { courseRoutes } from './routes/courses';
import { graderQueryRoutes } from './routes/grader';
import { insightQueryRoutes } from './routes/insights';
import { gradingQueryRoutes } from './routes/grading';
import { studentRoutes } from './routes/students';
import { practiceQueryRoutes } from './routes/practice';
import { timedSessionRoutes } from './routes/timed-sessions';
import { studentSummaryRoutes } from './routes/student-summary';
import { operatorQueryRoutes } from './routes/operator';
import { summaryQueryRoutes } from './routes/summaries';
import { conversationQueryRoutes } from './routes/conversations';

/** Every `kind: query` route. */
export async function queryService(app: FastifyInstance, deps: QueryServiceDeps): Promise<void> {
  authQueryRoutes(app, deps);
  studentRoutes(app, deps);
  practiceQueryRoutes(app, deps);
  timedSessionRoutes(app, deps);
  studentSummaryRoutes(app, deps);
  instructorRoutes(app, deps);
  courseRoutes(app, deps);
  graderQueryRoutes(app, deps);
  gradingQueryRoutes(app, deps);
  insightQueryRoutes(app, deps);
  adminQueryRoutes(app, deps);
  auditRoutes(app, deps);
  schoolRoutes(app, deps);
  libraryQueryRoutes(app, deps);
  editorImageRoutes(app, deps);
  supportQueryRoutes(app, deps);
  pdfHeaderQueryRoutes(app, deps);
  operatorQueryRoutes(app, deps);
  summaryQueryRoutes(app, deps);
  conversationQueryRoutes(app, deps);
  if (deps.devOutbox) devMailRoutes(app, deps, deps.devOutbox);
}
