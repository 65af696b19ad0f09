export * from './projection';
export * from './runner';
export * from './rebuild';
export * from './checkpoints';
export * from './projections/index';
export { createSummaryWriter, type SummaryWriter, type SummaryWriterOptions } from './summaries/writer';
export { registerProjectionLag } from './metrics';
