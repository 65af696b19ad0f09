import { loadConfig } from '@evergrade/platform/config';
import { s3BrowserOrigins } from '@evergrade/platform/http';
import { defaultUiDir } from './server';
import { startGateway } from './gateway';

/** `npm run start:gateway`: COMMAND_URL, QUERY_URL, PORT (default 8080), HOST (default 127.0.0.1), UI_DIR. */
const commandUrl = process.env.COMMAND_URL ?? 'http://localhost:3001';
const queryUrl = process.env.QUERY_URL ?? 'http://localhost:3002';
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST || '127.0.0.1';
startGateway({
  port,
  host,
  commandUrl,
  queryUrl,
  uiDir: process.env.UI_DIR ?? defaultUiDir,
  blobOrigins: s3BrowserOrigins(loadConfig().s3),
});
console.log(`gateway on ${host}:${port} → commands ${commandUrl}, queries ${queryUrl}`);
