import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { commandService, type CommandServiceDeps } from '@evergrade/command-service';
import { guestChatRoutes, queryService, type GuestChatRouteDeps, type QueryServiceDeps } from '@evergrade/query-service';
import { createHttpServer } from '@evergrade/platform/http';

/** OpenAPI from the same zod schemas that validate requests: register before the service plugins. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Evergrade API',
        version: '0.1.0',
        description: 'Command routes append events; query routes read projections. State-changing calls need the X-CSRF-TOKEN header.',
      },
      tags: [
        { name: 'command', description: 'Appends events' },
        { name: 'query', description: 'Reads read models' },
      ],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'access_token_cookie' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** The document alone: routes are registered but never called, so no database is needed. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const app = await createHttpServer({ logLevel: 'silent' });
  await registerOpenApi(app);
  await app.register(commandService, {} as CommandServiceDeps);
  await app.register(queryService, { devOutbox: {}, speech: {}, limiter: {} } as QueryServiceDeps);
  // Registered beside the query service (it needs the guest allowance, which the servers make).
  guestChatRoutes(app, {} as GuestChatRouteDeps);
  await app.ready();
  const document = app.swagger();
  await app.close();
  return document;
}
