export { queryService } from './app';
export type { QueryServiceDeps } from './context';
export { attachGateway, type GatewayDeps } from './gateway';
export { DEV_OUTBOX_LOOPBACK_ONLY } from './routes/dev-mail';
