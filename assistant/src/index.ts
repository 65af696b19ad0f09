export * from './engine';
export * from './extractive';
export * from './guest';
export * from './chat';
export { createAssistantLibrary } from './library';
