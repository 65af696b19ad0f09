import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Running the services as separate processes in a test (the distributed mode on one machine): a free port, a service
 * script started under tsx with its output kept for the failure message, and a wait until it answers.
 */

/** The repository's root: every service script is given relative to it. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A port nothing listens on now (the OS picks it; closed again before it is handed out). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

export type ServiceProcess = { child: ChildProcess; output: () => string };

/** Starts `script` (relative to the root) with the test's environment plus `env`; stdout and stderr are kept. */
export function spawnService(script: string, env: Record<string, string | undefined>): ServiceProcess {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/** Waits until `url` answers 2xx; fails with the process's output if it exits first or the time runs out. */
export async function waitUntilUp(url: string, { child, output }: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}:\n${output()}`);
}
