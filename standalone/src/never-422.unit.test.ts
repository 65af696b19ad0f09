import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '@evergrade/contracts';

/**
 * The spec's client reads every 401 and 422 as a lost session and signs the user out, so the server never answers
 * 422: a refusal is 400/404/409/413/502 with a message. Two guards: no error class carries 422, and no server
 * source names the status at all (a `reply.code(422)` or a `{ status: 422 }` refusal would fail here).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_PACKAGES = ['contracts', 'platform', 'command-service', 'query-service', 'projectors', 'standalone', 'documents', 'grading'];

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesOf(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (a comment may explain the rule). Strings stay: a status is often a literal. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('the server never answers 422', () => {
  it('no error class carries 422', () => {
    const classes = (Object.values(contracts) as unknown[]).filter(
      (value): value is new (message: string) => contracts.DomainError =>
        typeof value === 'function' && value.prototype instanceof contracts.DomainError,
    );
    expect(classes.length).toBeGreaterThanOrEqual(7);
    for (const ErrorClass of classes) {
      const status = new ErrorClass('x').statusCode;
      expect(status, ErrorClass.name).not.toBe(422);
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });

  it('no server source names the status 422', () => {
    const files = SERVER_PACKAGES.flatMap((pkg) => sourcesOf(path.join(root, pkg, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, i) => (/\b422\b/.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
