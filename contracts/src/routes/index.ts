import { z } from 'zod';
import { ROLES } from '../constants';
import { adminRoutes } from './admin';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { devRoutes } from './dev';
import { documentRoutes } from './documents';
import { editorRoutes } from './editor';
import { graderRoutes } from './grader';
import { gradingRoutes } from './grading';
import { regradeJobRoutes } from './regrade-jobs';
import { libraryRoutes } from './library';
import { practiceRoutes } from './practice';
import { instructorRoutes } from './instructors';
import type { RouteDef } from './route';
import { studentRoutes } from './students';
import { studentUploadRoutes } from './student-uploads';
import { sessionRoutes } from './sessions';
import { studentSummaryRoutes } from './student-summary';
import { supportRoutes } from './support';
import { operatorRoutes } from './operator';
import { insightRoutes } from './insights';
import { pdfHeaderRoutes } from './pdf-headers';
import { chatbotRoutes } from './chatbot';
import { regradeRequestRoutes } from './regrade-requests';
import { answerGroupRoutes } from './answer-groups';
import { responseCropRoutes } from './response-crop';
import { analystRoutes } from './analyst';
import { markingPolicyRoutes } from './marking-policy';

export * from './route';
export * from './auth';
export * from './students';
export * from './instructors';
export * from './admin';
export * from './audit';
export * from './dev';
export * from './editor';
export * from './documents';
export * from './library';
export * from './practice';
export * from './grader';
export * from './grading';
export * from './regrade-jobs';
export * from './student-uploads';
export * from './sessions';
export * from './student-summary';
export * from './support';
export * from './operator';
export * from './insights';
export * from './pdf-headers';
export * from './chatbot';
export * from './regrade-requests';
export * from './answer-groups';
export * from './response-crop';
export * from './analyst';
export * from './marking-policy';

export const routes = {
  ...authRoutes,
  ...studentRoutes,
  ...instructorRoutes,
  ...adminRoutes,
  ...auditRoutes,
  ...devRoutes,
  ...editorRoutes,
  ...documentRoutes,
  ...libraryRoutes,
  ...practiceRoutes,
  ...graderRoutes,
  ...gradingRoutes,
  ...regradeJobRoutes,
  ...studentUploadRoutes,
  ...sessionRoutes,
  ...studentSummaryRoutes,
  ...supportRoutes,
  ...operatorRoutes,
  ...insightRoutes,
  ...pdfHeaderRoutes,
  ...chatbotRoutes,
  ...regradeRequestRoutes,
  ...answerGroupRoutes,
  ...responseCropRoutes,
  ...analystRoutes,
  ...markingPolicyRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type ReplyOf<N extends RouteName> = z.infer<Routes[N]['reply']>;

export const roleSchema = z.enum(ROLES);
