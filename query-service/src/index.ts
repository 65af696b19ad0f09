export { queryService } from './app';
export type { QueryServiceDeps } from './context';
export { attachGateway, type GatewayDeps } from './gateway';
