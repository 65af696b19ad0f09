import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  MESSAGES,
  SHARED_LIBRARY_TENANT,
  UploadTextbookLineSchema,
  streamIds,
  type PassageHit,
  type Textbook,
  type UploadTextbookLine,
} from '@evergrade/contracts';
import { RETRIEVAL_QUESTIONS, SEED_BOOKS, pageOfHeading, registerTenant, registerUser } from '@evergrade/command-service';
import { makeScannedPdf, makeTextPdf } from '@evergrade/documents/testing';
import { searchPassages } from '@evergrade/projectors/queries';
import { createIsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone } from './server';
import { afterPosition, injectForm, loginAs, type TestUser } from './testing/client';

/**
 * The textbook library (issue 13) through the real server: the shipped books indexed at seed and the retrieval of
 * their right page, a school's upload read and indexed with progress (NDJSON), removal, and who may read a passage.
 * On PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */
const databaseUrl = process.env.DATABASE_URL;
type Open = () => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }>;
const backends: [string, Open][] = [
  ['PGlite', async () => ({})],
  ...(databaseUrl
    ? [
        [
          'PostgreSQL',
          async () => {
            const schema = await createIsolatedSchema(databaseUrl, 'textbooks');
            return { databaseUrl: schema.connectionString, drop: schema.drop };
          },
        ] as [string, Open],
      ]
    : []),
];

/** A short book with numbered sections, one per page. */
const OWN_BOOK: string[][] = [
  [
    '1.1 Volcanic Eruptions',
    'Magma rises through cracks in the crust of the Earth. When the pressure of the',
    'dissolved gases is high enough, the magma bursts out as lava, ash and volcanic bombs.',
    'Shield volcanoes erupt gently, while composite cones explode violently.',
  ],
  [
    '1.2 Earthquakes and Faults',
    'Rocks on either side of a fault are locked by friction until the stress overcomes it.',
    'The sudden slip releases seismic waves, which a seismometer records as a seismogram.',
    'The focus is the point underground where the slip starts; the epicentre lies above it.',
  ],
  [
    '1.3 Plate Tectonics',
    'The lithosphere is broken into plates that drift a few centimetres every year on',
    'the mantle. Where plates collide, mountains fold upwards and ocean trenches form.',
  ],
];

describe.each(backends)('the textbook library on %s', (_backend, open) => {
  let server: Standalone;
  let teacher: TestUser;
  let admin: TestUser;
  let student: TestUser;
  let outsider: TestUser;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = await open();
    drop = db.drop;
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
    });
    const other = { tenant: 'otherbooks', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Other School', new Date());
    await registerUser(
      server.store,
      other,
      { email: 'head@otherbooks.school', role: 'instructor', password: 'Pa55word!x', firstName: 'He', lastName: 'Ad' },
      new Date(),
    );
    [teacher, admin, student, outsider] = await Promise.all([
      loginAs(server.app, 'instructor', 'teacher@demo.school'),
      loginAs(server.app, 'admin', 'admin@demo.school'),
      loginAs(server.app, 'student', 'student@demo.school'),
      loginAs(server.app, 'instructor', 'head@otherbooks.school', 'Pa55word!x'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  const upload = async (user: TestUser, fields: Record<string, string>, pdf: Buffer | null, type = 'application/pdf') => {
    const res = await injectForm(
      server.app,
      user,
      '/chatbot/upload-textbook',
      fields,
      pdf ? [{ field: 'file', name: 'book.pdf', type, data: pdf }] : [],
    );
    const lines =
      res.headers['content-type']?.toString().startsWith('application/x-ndjson') && res.statusCode === 200
        ? res.body
            .trim()
            .split('\n')
            .map((l) => UploadTextbookLineSchema.parse(JSON.parse(l)))
        : null;
    return { statusCode: res.statusCode, lines, json: lines ? null : JSON.parse(res.body) };
  };
  const list = async (user: TestUser, position?: string | null) =>
    (await user.get('/chatbot/list-textbooks', afterPosition(position ?? null))).json as Textbook[];

  it('retrieves the right page first for every question written for the shipped books', async () => {
    const events = await server.store.readStream(streamIds.textbooks(SHARED_LIBRARY_TENANT));
    // Read once the read models have every seeded event.
    const books = await list(student, events.at(-1)!.globalPosition);
    const misses: string[] = [];
    for (const q of RETRIEVAL_QUESTIONS) {
      const book = books.find((b) => b.title === q.book)!;
      expect(book).toMatchObject({ status: 'ready', shared: true });
      const pages = events
        .filter((e) => e.type === 'TextbookPagesExtracted' && e.data.textbookId === book.textbook_id)
        .flatMap((e) => e.data.pages as { page: number; text: string }[]);
      const expected = pageOfHeading(pages, q.heading);
      const hits: PassageHit[] = await searchPassages(server.db, {
        tenants: [SHARED_LIBRARY_TENANT, 'demo'],
        textbookIds: [book.textbook_id],
        query: q.question,
        limit: 5,
      });
      if (hits[0]?.page !== expected) misses.push(`${q.question} → p. ${hits[0]?.page ?? '-'}, expected p. ${expected}`);
    }
    expect(misses).toEqual([]);
    expect(RETRIEVAL_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(RETRIEVAL_QUESTIONS.map((q) => q.book))).toEqual(new Set(SEED_BOOKS.map((b) => b.title)));
  });

  it("uploads a school's own book: progress while its pages are read, then ready with example queries and searchable", async () => {
    const pdf = await makeTextPdf(OWN_BOOK);
    const res = await upload(teacher, { title: 'Restless Earth', subject: 'Geography', author: 'Ms Rivera' }, pdf);
    expect(res.statusCode).toBe(200);
    const lines = res.lines as UploadTextbookLine[];
    expect(lines[0]).toMatchObject({ status: 'processing', stage: 'stored', pages: 3 });
    expect(lines.filter((l) => l.stage === 'reading').map((l) => l.current_page)).toEqual([1, 2, 3]);
    expect(lines.at(-2)).toMatchObject({ status: 'processing', stage: 'indexing' });
    const done = lines.at(-1)!;
    expect(done).toMatchObject({ status: 'complete', pages: 3, example_queries: expect.any(Array) });
    expect(done.example_queries).toEqual(['What are volcanic eruptions?', 'Explain earthquakes and faults', 'What is plate tectonics?']);
    const id = done.textbook_id!;

    const mine = await list(teacher, done.position);
    expect(mine.find((b) => b.textbook_id === id)).toEqual({
      textbook_id: id,
      title: 'Restless Earth',
      author: 'Ms Rivera',
      subject: 'Geography',
      example_queries: done.example_queries,
      status: 'ready',
      page_count: 3,
      shared: false,
    });
    // The other school never sees it.
    expect((await list(outsider, done.position)).map((b) => b.textbook_id)).not.toContain(id);
    // The PDF is kept in the blob store under the school, named by the event.
    const added = (await server.store.readStream(streamIds.textbooks('demo'))).find(
      (e) => e.type === 'TextbookAdded' && e.data.textbookId === id,
    )!;
    expect(added.data).toMatchObject({ addedBy: expect.any(Number), pdfKey: expect.stringMatching(/^demo\/textbooks\/.+\.pdf$/) });
    expect((await server.blobs.get(added.data.pdfKey as string))?.body.length).toBe(pdf.length);

    const [hit] = await searchPassages(server.db, {
      tenants: [SHARED_LIBRARY_TENANT, 'demo'],
      query: 'What does a seismometer record?',
      limit: 3,
    });
    expect(hit).toMatchObject({ textbook_id: id, page: 2, title: 'Restless Earth' });
    expect(await searchPassages(server.db, { tenants: [SHARED_LIBRARY_TENANT, 'otherbooks'], query: 'seismometer', limit: 3 })).toEqual([]);

    // A cited passage opens for the school (student included), not for another school nor a guest.
    const passage = await student.get(`/chatbot/passage/${hit!.passage_id}`);
    expect(passage).toMatchObject({ statusCode: 200, json: { passage_id: hit!.passage_id, page: 2, title: 'Restless Earth' } });
    expect(passage.json.text).toContain('seismometer');
    expect(await outsider.get(`/chatbot/passage/${hit!.passage_id}`)).toMatchObject({
      statusCode: 404,
      json: { message: CHAT_MESSAGES.passageNotFound },
    });
    expect((await server.app.inject({ method: 'GET', url: `/chatbot/guest-passage/${hit!.passage_id}` })).statusCode).toBe(404);
    const [shared] = await searchPassages(server.db, { tenants: [SHARED_LIBRARY_TENANT], query: 'displacement', limit: 1 });
    const guest = await server.app.inject({ method: 'GET', url: `/chatbot/guest-passage/${shared!.passage_id}` });
    expect(guest.statusCode).toBe(200);
    expect(JSON.parse(guest.body)).toMatchObject({ passage_id: shared!.passage_id, textbook_id: 1, page: shared!.page });
    expect((await outsider.get(`/chatbot/passage/${shared!.passage_id}`)).statusCode).toBe(200);
    expect((await outsider.get('/chatbot/passage/99999999999')).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/chatbot/passage/1' })).statusCode).toBe(401);

    // Removal: the school's own only; its passages stop answering.
    expect((await student.post('/chatbot/remove-textbook', { textbook_id: id })).statusCode).toBe(403);
    expect(await outsider.post('/chatbot/remove-textbook', { textbook_id: id })).toMatchObject({
      statusCode: 404,
      json: { message: CHAT_MESSAGES.textbookNotFound },
    });
    expect(await admin.post('/chatbot/remove-textbook', { textbook_id: 1 })).toMatchObject({
      statusCode: 403,
      json: { message: CHAT_MESSAGES.sharedTextbookReadOnly },
    });
    const removed = await admin.post('/chatbot/remove-textbook', { textbook_id: id });
    expect(removed).toMatchObject({ statusCode: 200, json: { success: true, position: expect.any(String) } });
    expect((await list(teacher, removed.json.position)).map((b) => b.textbook_id)).not.toContain(id);
    expect((await teacher.get(`/chatbot/passage/${hit!.passage_id}`, afterPosition(removed.json.position))).statusCode).toBe(404);
    expect(await searchPassages(server.db, { tenants: ['demo'], query: 'seismometer', limit: 3 })).toEqual([]);
    expect((await teacher.post('/chatbot/remove-textbook', { textbook_id: id })).statusCode).toBe(404);
    expect((await teacher.post('/chatbot/remove-textbook', { textbook_id: 'x' })).statusCode).toBe(400);
  });

  it('refuses what it cannot index, before reading: students, non-PDFs, missing fields, no file', async () => {
    const pdf = await makeTextPdf([['1.1 Anything', 'Some text.']]);
    expect(await upload(student, { title: 'Mine', subject: 'Art' }, pdf)).toMatchObject({
      statusCode: 403,
      json: { message: MESSAGES.forbidden },
    });
    expect(await upload(teacher, { title: 'Mine', subject: 'Art' }, Buffer.from('not a pdf at all'), 'application/pdf')).toMatchObject({
      statusCode: 400,
      json: { error: CHAT_MESSAGES.pdfOnly, field: 'file' },
    });
    expect(await upload(teacher, { subject: 'Art' }, pdf)).toMatchObject({ statusCode: 400, json: { field: 'title' } });
    expect(await upload(teacher, { title: 'Mine', subject: 'Art' }, null)).toMatchObject({
      statusCode: 400,
      json: { error: CHAT_MESSAGES.textbookFileRequired },
    });
    expect(
      await upload(teacher, { title: 'Mine', subject: 'Art' }, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200)])),
    ).toMatchObject({
      statusCode: 400,
      json: { error: CHAT_MESSAGES.textbookUnreadable },
    });
  });

  it('reads a scanned page by OCR; a PDF with no readable text fails indexing with the reason', async () => {
    const scanned = await makeScannedPdf([['1.1 Glaciers', 'Glaciers carve valleys into a U shape as they move downhill slowly.']]);
    const ok = await upload(admin, { title: 'Ice', subject: 'Geography' }, scanned);
    const done = ok.lines!.at(-1)!;
    expect(done).toMatchObject({ status: 'complete', pages: 1 });
    const events = await server.store.readStream(streamIds.textbooks('demo'));
    expect(events.find((e) => e.type === 'TextbookPagesExtracted' && e.data.textbookId === done.textbook_id)?.data).toMatchObject({
      method: 'ocr',
    });
    await list(admin, done.position);
    const [hit] = await searchPassages(server.db, {
      tenants: ['demo'],
      textbookIds: [done.textbook_id!],
      query: 'glaciers valleys',
      limit: 1,
    });
    expect(hit?.page).toBe(1);

    const blank = await makeScannedPdf([['']]);
    const failed = await upload(teacher, { title: 'Blank', subject: 'Art' }, blank);
    expect(failed.lines!.at(-1)).toMatchObject({ status: 'error', error: CHAT_MESSAGES.textbookNoText });
    const book = (await list(teacher, failed.lines!.at(-1)!.position)).find((b) => b.textbook_id === failed.lines!.at(-1)!.textbook_id);
    expect(book).toMatchObject({ status: 'failed', example_queries: [] });
  });
});
