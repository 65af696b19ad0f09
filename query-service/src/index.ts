export { queryService } from './app';
export type { QueryServiceDeps } from './context';
export { attachGateway, type AssistantGatewayDeps, type Gateway, type GatewayDeps } from './gateway';
export { guestChatRoutes, type GuestChatRouteDeps } from './routes/guest-chat';
export { DEV_OUTBOX_LOOPBACK_ONLY } from './routes/dev-mail';
export type { SiteSettings } from './routes/public-site';
