import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/** X-Min-Position: a real position waits for the projections; one past the head of the log is answered at once. */
describe('read-your-writes with X-Min-Position', () => {
  let server: Standalone;
  let student: TestUser;
  beforeAll(async () => {
    server = await startStandalone({ port: 0, uiDir: '/nonexistent', logLevel: 'silent' });
    student = await loginAs(server.app, 'student', 'student@demo.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  const timed = async (position: string) => {
    const started = performance.now();
    const res = await student.get('/students/get-assignments', { [MIN_POSITION_HEADER]: position });
    return { ms: performance.now() - started, status: res.statusCode, count: Object.keys(res.json ?? {}).length };
  };

  it('answers a far-future or malformed position at once, with the current data', async () => {
    const current = await student.get('/students/get-assignments');
    expect(current.statusCode).toBe(200);
    // Stop the projections: a position they have not reached would now be held for the whole bound (3 s).
    await server.runner.idle();
    await server.runner.stop();
    const { lastPosition } = await server.store.append('test-noise-1', [{ type: 'Noise', data: {} }], { expectedVersion: 'any' });
    const [tx] = lastPosition.split('-');
    const pastHead = [
      '99999999999999999999-99999999999999999999',
      `${tx}-99999999999999999999`,
      `${String(BigInt(tx!) + 1n).padStart(20, '0')}-00000000000000000001`,
    ];
    for (const position of [...pastHead, 'not-a-position', '1-2-3']) {
      const res = await timed(position);
      expect(res).toMatchObject({ status: 200, count: Object.keys(current.json).length });
      expect(res.ms).toBeLessThan(1500);
    }
    // The head itself is a real position the stopped projections have not reached: held for the bound.
    const held = await timed(lastPosition);
    expect(held.status).toBe(200);
    expect(held.ms).toBeGreaterThanOrEqual(2900);
  });
});
