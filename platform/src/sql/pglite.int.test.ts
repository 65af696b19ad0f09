import { describe, expect, it } from 'vitest';
import { openPgliteDatabase } from './pglite';

/**
 * PGlite settles each statement's promise without I/O: a long loop of awaited statements must still let timers and
 * sockets have their turn (a server on PGlite kept answering nothing while its projector caught up).
 */
describe('PGlite database', () => {
  it('lets the event loop turn during a long loop of statements, inside a transaction and out', async () => {
    const db = await openPgliteDatabase();
    try {
      await db.query('CREATE TABLE t (a integer)');
      for (const inTransaction of [false, true]) {
        let firedAfter: number | null = null;
        let statements = 0;
        const timer = setTimeout(() => (firedAfter = statements), 0);
        const loop = async (q: (text: string, params: unknown[]) => Promise<unknown>) => {
          // Until the timer fires (it must, long before the bound) or 20,000 statements.
          while (firedAfter === null && statements < 20_000) {
            await q('INSERT INTO t VALUES ($1)', [statements]);
            statements++;
          }
        };
        if (inTransaction) await db.transaction((tx) => loop((text, params) => tx.query(text, params)));
        else await loop((text, params) => db.query(text, params));
        clearTimeout(timer);
        expect(firedAfter, inTransaction ? 'in a transaction' : 'outside one').not.toBeNull();
        expect(firedAfter!).toBeLessThan(20_000);
      }
    } finally {
      await db.close();
    }
  });
});
