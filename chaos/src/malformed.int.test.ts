import { expect, it } from 'vitest';
import { routes } from '@evergrade/contracts';
import { runMalformed } from './malformed';

/**
 * The CI run of chaos part (c): a dozen malformed requests to every route of the table as every kind of caller
 * (`npm run chaos` sends 30 and more). No 5xx, no 422, every request answered.
 */
it('answers malformed requests to every route, as every caller, without a 5xx or a 422', async () => {
  const lines: string[] = [];
  const result = await runMalformed({ perRoute: 12, log: (line) => lines.push(line) });
  expect(result.requests).toBeGreaterThanOrEqual(Object.keys(routes).length * 5 * 12);
  expect(result.failures).toEqual([]);
  expect(result.status5xx).toBe(0);
  expect(result.status422).toBe(0);
}, 600_000);
