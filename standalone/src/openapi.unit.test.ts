import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { routes } from '@evergrade/contracts';
import { OPENAPI_FILE, renderOpenApi } from './openapi-cli';

it('docs/openapi.json is what the contracts generate (run `npm run openapi` after changing a route)', async () => {
  const generated = await renderOpenApi();
  expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(generated);
  const paths = Object.keys((JSON.parse(generated) as { paths: Record<string, unknown> }).paths);
  for (const r of Object.values(routes)) expect(paths).toContain(r.path.replace(/:([a-z_]+)/gi, '{$1}'));
});
