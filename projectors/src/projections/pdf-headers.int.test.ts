import { describe, expect, it } from 'vitest';
import type { DomainEvent, PdfHeaderFormat } from '@evergrade/contracts';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  noticeSets,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { pdfHeadersProjection } from './pdf-headers';
import { pdfHeadersOfTenant } from './pdf-headers.queries';

const set = (formats: PdfHeaderFormat[], defaultFormat: PdfHeaderFormat, logoImageId: string | null = null): DomainEvent => ({
  type: 'SchoolPdfHeadersUpdated',
  data: { formats, defaultFormat, logoImageId, updatedAt: '2026-03-01T09:00:00.000Z' },
});

const history = () =>
  recordedLog([
    ['demo', set(['bordered', 'logo-line'], 'bordered')],
    ['other', set(['standard'], 'standard', 'a1b2c3d4-0000-4000-8000-000000000000.png')],
    ['demo', set(['bordered', 'logo-line'], 'logo-line', 'f0e1d2c3-0000-4000-8000-000000000000.jpg')],
    ['demo', { type: 'SchoolBrandingUpdated', data: { name: 'Demo High', logoUrl: null, updatedAt: '2026-03-01T09:00:00.000Z' } }],
  ]);

describe.each(testBackends('pdf_headers'))('the pdf-headers read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [pdfHeadersProjection]);
  const p = pdfHeadersProjection;

  it('keeps each school’s last settings, the same in one batch, one event per batch or batches of 2, 3 and 5', async () => {
    const all = history();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    expect(noticeSets(batchTouched)).toEqual(noticeSets(eachTouched));
    expect(await pdfHeadersOfTenant(dbs.one.db, 'demo')).toMatchObject({
      formats: ['bordered', 'logo-line'],
      default_format: 'logo-line',
      logo_image_id: 'f0e1d2c3-0000-4000-8000-000000000000.jpg',
    });
    expect(await pdfHeadersOfTenant(dbs.one.db, 'other')).toMatchObject({ formats: ['standard'], default_format: 'standard' });
    expect(await pdfHeadersOfTenant(dbs.one.db, 'nobody')).toBeNull();
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5]);
    await expectOneReadPerTable(dbs.many.db, p, all);
    // A redelivered batch changes nothing: rows keep the position they reflect.
    await dbs.many.db.transaction((tx) => p.applyBatch(tx, all.slice(0, 1)));
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
  });
});
