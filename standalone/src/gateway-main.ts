import { defaultUiDir } from './server';
import { startGateway } from './gateway';

/** `npm run start:gateway`: COMMAND_URL, QUERY_URL, PORT (default 8080), UI_DIR. */
const commandUrl = process.env.COMMAND_URL ?? 'http://localhost:3001';
const queryUrl = process.env.QUERY_URL ?? 'http://localhost:3002';
const port = Number(process.env.PORT ?? 8080);
startGateway({ port, commandUrl, queryUrl, uiDir: process.env.UI_DIR ?? defaultUiDir });
console.log(`gateway on :${port} → commands ${commandUrl}, queries ${queryUrl}`);
