export { commandService } from './app';
export type { CommandServiceDeps } from './context';
export * from './school';
export { handleCommand, fold, type Decider } from './decider';
export { seedDemoSchool, DEMO_LOGINS, DEMO_PASSWORD, DEMO_PREAPPROVED_STUDENTS } from './demo-school';
export { createCourse, changeMembership } from './admin/courses';
export { createQuestionLocator } from './question-locator';
export { seedSharedLibrary } from './library/seed';
export { createDeadlineReactor, type DeadlineReactor } from './deadline-reactor';
