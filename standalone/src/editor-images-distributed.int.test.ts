import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { freePort, spawnService, waitUntilUp } from './testing/processes';

/**
 * Editor images in distributed mode, through the gateway: the ticket and the local store's signed PUT go
 * to the command process, the image to the query process; the two share only PostgreSQL, BLOB_DIR and the
 * signing secret the first of them generated in DATA_DIR.
 */
const databaseUrl = process.env.DATABASE_URL;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 4)]);

describe.skipIf(!databaseUrl)(
  `editor images through the gateway to separate processes${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`,
  () => {
    let schema: IsolatedSchema;
    let dataDir: string;
    const children: ChildProcess[] = [];
    let gateway = '';

    const start = (script: string, env: Record<string, string>) => {
      const service = spawnService(script, {
        ...env,
        DATABASE_URL: schema.connectionString,
        DATA_DIR: dataDir,
        BLOB_DIR: path.join(dataDir, 'blobs'),
        LOG_LEVEL: 'warn',
      });
      children.push(service.child);
      return service;
    };

    beforeAll(async () => {
      schema = await createIsolatedSchema(databaseUrl!, 'blobs');
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'evergrade-dist-blobs-'));
      const [commandPort, queryPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
      const command = start('command-service/src/main.ts', { PORT: String(commandPort), SEED_DEMO: 'true' });
      await waitUntilUp(`http://127.0.0.1:${commandPort}/healthz`, command);
      const query = start('query-service/src/main.ts', { PORT: String(queryPort) });
      await waitUntilUp(`http://127.0.0.1:${queryPort}/healthz`, query);
      const gw = start('standalone/src/gateway-main.ts', {
        PORT: String(gatewayPort),
        COMMAND_URL: `http://127.0.0.1:${commandPort}`,
        QUERY_URL: `http://127.0.0.1:${queryPort}`,
        UI_DIR: '/nonexistent',
      });
      gateway = `http://127.0.0.1:${gatewayPort}`;
      await waitUntilUp(`${gateway}/healthz`, gw);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
        ),
      );
      await schema?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('uploads through the command process and shows the image from the query process', async () => {
      const login = await fetch(`${gateway}/auth/login/student`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'student@demo.school', password: 'Evergrade#2026' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');

      const ticket = await fetch(`${gateway}/editor/get-image-upload-url?file_name=a.png&content_type=image%2Fpng`, {
        headers: { cookie },
      });
      expect(ticket.status).toBe(200);
      const { upload_url, api_url } = (await ticket.json()) as { upload_url: string; api_url: string };

      const put = await fetch(`${gateway}${upload_url}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
      expect(put.status).toBe(200);
      expect(await readdir(path.join(dataDir, 'blobs/demo/images'))).toEqual([api_url.split('/').pop()]);

      const image = await fetch(`${gateway}${api_url}`, { headers: { cookie } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await fetch(`${gateway}${api_url}`)).status).toBe(401);
    });
  },
);
