export { commandService } from './app';
export type { CommandServiceDeps } from './context';
export * from './school';
export { handleCommand, fold, type Decider } from './decider';
