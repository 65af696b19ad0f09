import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStandalone } from './server';

/** `npm run openapi`: writes docs/openapi.json from the contracts' route table. */
const server = await startStandalone({ port: 0, host: '127.0.0.1', seedDemo: false, uiDir: '/nonexistent', logLevel: 'silent' });
const target = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(server.app.swagger(), null, 2)}\n`);
await server.close();
console.log(`wrote ${target}`);
