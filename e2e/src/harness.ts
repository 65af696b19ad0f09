import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

export type RunningServer = { url: string; dataDir: string; stop(): Promise<void>; restart(): Promise<void>; output(): string };

/** The standalone server as `npm start` runs it (built UI, PGlite), on a free port with a fresh data dir. */
export async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-e2e-'));
  const port = await freePort();
  let child: ChildProcess;
  let out = '';
  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'standalone/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    const deadline = Date.now() + 180_000;
    while (!out.includes('Evergrade is running')) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => out,
    async stop() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await stop();
      await launch();
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type Journey = {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser context (own cookies and storage) on the server. */
  newContext(width?: number): Promise<import('playwright-core').BrowserContext>;
};

/** One standalone server and one browser for a test file, started before its tests and stopped after. */
export function useJourney(): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const journey: Journey = {
    get server() {
      if (!server) throw new Error('journey not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('journey not started');
      return browser;
    },
    newContext: (width = 1280) => journey.browser.newContext({ baseURL: journey.server.url, viewport: { width, height: 900 } }),
  };
  return journey;
}
