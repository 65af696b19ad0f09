export * from './auth-guard';
export * from './error-handler';
export * from './ndjson';
export * from './routes';
export * from './setup';
export * from './server';
export * from './safe-request';
export * from './security-headers';
