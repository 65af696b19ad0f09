import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '@evergrade/platform/config';

/**
 * docker-compose.yml tells the truth (issue 15 item 4). No Docker engine runs here, so the file is checked against the
 * code instead: every variable our services get is one the config schema reads (or one of the few read directly, each
 * found in the source), each service's environment loads as a config, every `npm run` script exists, and every
 * long-running service has a health check.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

type Service = {
  image?: string;
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number };
  profiles?: string[];
};

/** Variables our code reads without the config schema: the gateway's targets and the demo seed. */
const NON_CONFIG = ['COMMAND_URL', 'QUERY_URL', 'SEED_DEMO'] as const;
const configKeys = Object.keys(EnvSchema.in.shape);

/** Ours: the services that run this repository's code (the node image on the mounted work tree). */
const ours = Object.entries(compose.services).filter(([, s]) => s.image?.startsWith('node:'));
const commandOf = (s: Service) => (Array.isArray(s.command) ? s.command.join(' ') : (s.command ?? ''));
/** Compose's `${NAME:-default}` with nothing set in the shell: the default (an empty value is "not set" to the config). */
const interpolate = (value: string) =>
  value.replace(/\$\{([A-Z_]+)(?::?-([^}]*))?\}/g, (_m, _name: string, fallback?: string) => fallback ?? '');
const envOf = (s: Service) =>
  Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, v === null ? '' : interpolate(String(v))]));

/** One-shot jobs: another service waits for them to complete, not to be healthy. */
const jobs = new Set(
  Object.values(compose.services).flatMap((s) =>
    Array.isArray(s.depends_on) || !s.depends_on
      ? []
      : Object.entries(s.depends_on)
          .filter(([, d]) => d.condition === 'service_completed_successfully')
          .map(([name]) => name),
  ),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('docker-compose.yml', () => {
  it('runs our code in the command service, two or more query-service replicas on Redis, the projectors, the relay and the gateway', () => {
    const byScript = Object.fromEntries(ours.map(([name, s]) => [name, commandOf(s)]));
    expect(byScript).toMatchObject({
      'command-service': 'npm run start:command',
      'query-service': 'npm run start:query',
      projectors: 'npm run start:projectors',
      relay: 'npm run start:relay',
    });
    expect(byScript.gateway).toContain('npm run start:gateway');
    const query = compose.services['query-service']!;
    expect(query.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(envOf(query).REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    // Every replica signs and checks the guest cookie with the same secret.
    expect(envOf(query).GUEST_COOKIE_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(envOf(compose.services.relay!).KAFKA_BROKERS).toBe('kafka:9092');
  });

  it.each(ours)("sets only variables the code reads, and %s's environment loads as a config", (_name, service) => {
    const env = envOf(service);
    for (const key of Object.keys(env)) expect([...configKeys, ...NON_CONFIG], `${key} is read by no code`).toContain(key);
    const result = EnvSchema.safeParse(env);
    expect(result.success, result.error?.message).toBe(true);
  });

  it('names only non-config variables that some source file reads', () => {
    const sources = ['command-service', 'query-service', 'projectors', 'platform', 'standalone'].flatMap((w) =>
      sourceFiles(path.join(root, w, 'src')),
    );
    const text = sources.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const name of NON_CONFIG) expect(text, name).toContain(`process.env.${name}`);
  });

  it('runs only npm scripts that package.json has', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [, script] of commandOf(service).matchAll(/npm run ([\w:.-]+)/g))
        expect(scripts, `${name}: npm run ${script}`).toHaveProperty([script!]);
    }
  });

  it('has a health check on every service that keeps running, on the port it listens on', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (jobs.has(name)) continue;
      expect(service.healthcheck?.test, `${name} has no health check`).toBeTruthy();
      expect(service.healthcheck?.disable, name).not.toBe(true);
    }
    for (const [name, service] of ours) {
      if (jobs.has(name)) continue;
      const port = /127\.0\.0\.1:(\d+)\//.exec(JSON.stringify(service.healthcheck?.test))?.[1];
      expect(port, `${name}'s health check port`).toBe(String(envOf(service).PORT));
    }
  });

  it('waits only on services that exist, for health only where there is a health check', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const deps = Array.isArray(service.depends_on)
        ? service.depends_on.map((d) => [d, { condition: 'service_started' }] as const)
        : Object.entries(service.depends_on ?? {});
      for (const [dep, { condition }] of deps) {
        const target = compose.services[dep];
        expect(target, `${name} depends on ${dep}`).toBeDefined();
        expect(target!.profiles, `${name} depends on ${dep}, which runs only in a profile`).toBeUndefined();
        if (condition === 'service_healthy') expect(target!.healthcheck?.test, `${name} waits for ${dep} to be healthy`).toBeTruthy();
      }
    }
  });
});
