export * from './passwords';
export * from './sessions';
