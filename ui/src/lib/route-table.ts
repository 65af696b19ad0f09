/** What callApi loads on demand (see api-client.ts): the route table, its schemas, and zod with them. */
export { ErrorReplySchema, routePath, routes } from '@evergrade/contracts';
