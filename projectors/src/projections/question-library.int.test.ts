import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHARED_LIBRARY_TENANT, type DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';
import { openMigrated, positionOf, testBackends } from '../testing';
import { questionLibraryProjection } from './question-library';
import { rubricsProjection } from './rubrics';
import { rubricsOfTenants } from './rubrics.queries';
import { textbooksProjection } from './textbooks';
import { textbooksOfTenants } from './textbooks.queries';

/** The library read models on a real database: PGlite always, PostgreSQL when DATABASE_URL is set. */
const backends = testBackends('library');

let version = 0;
const recorded = (tenant: string, stream: string, event: DomainEvent): RecordedEvent => ({
  eventId: crypto.randomUUID(),
  type: event.type,
  schemaVersion: 1,
  data: event.data as Record<string, unknown>,
  metadata: { tenant },
  streamId: `${stream}:${tenant}`,
  streamVersion: ++version,
  globalPosition: positionOf(version),
  recordedAt: new Date(),
});

const question = (
  questionId: number,
  subject: string,
  questionText: string,
  topics: string[],
  extra: Partial<Record<string, unknown>> = {},
) => ({
  type: 'LibraryQuestionAdded' as const,
  data: {
    questionId,
    subject,
    questionType: 'short answer',
    questionText,
    answer: '',
    gradingInstructions: '',
    marksPossible: 2,
    topics,
    sourceTitle: 'Bank',
    sourceDocumentId: 'bank-1',
    originalQuestionNumber: questionId,
    grade: '9',
    addedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  },
});

describe.each(backends)('library read models on %s', (_name, backend) => {
  let db: Database;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ db, dispose } = await openMigrated(backend, [rubricsProjection, questionLibraryProjection, textbooksProjection]));
  });
  afterEach(async () => {
    await dispose();
  });

  it('indexes questions for weighted full-text search with prefixes, once per question', async () => {
    const events = [
      recorded(
        SHARED_LIBRARY_TENANT,
        'question-library',
        question(1, 'Biology', 'Name the process by which plants make food using light.', ['photosynthesis', 'plants']),
      ),
      recorded(
        SHARED_LIBRARY_TENANT,
        'question-library',
        question(2, 'Biology', 'Describe photosynthesis and where it happens in the cell.', ['chloroplasts']),
      ),
      recorded(
        'demo',
        'question-library',
        question(3, 'Physics', 'State the equations of motion.', ['kinematics'], { sourceDocumentId: null, originalQuestionNumber: '4b' }),
      ),
    ];
    for (const e of events)
      expect(await questionLibraryProjection.applyBatch(db, [e])).toEqual([{ tenant: e.metadata.tenant, keys: ['question-library'] }]);
    await questionLibraryProjection.applyBatch(db, [events[0]!]);
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM library_questions');
    expect(count.rows[0]!.n).toBe(3);

    const { rows } = await db.query<{ question_id: number; rank: number }>(
      `SELECT question_id, ts_rank(search, to_tsquery('english', 'photosyn:*')) AS rank FROM library_questions
       WHERE search @@ to_tsquery('english', 'photosyn:*') ORDER BY rank DESC`,
    );
    // A topic (weight A) counts more than the same word in the text (weight B).
    expect(rows.map((r) => r.question_id)).toEqual([1, 2]);
    const stemmed = await db.query<{ question_id: number }>(
      `SELECT question_id FROM library_questions WHERE search @@ to_tsquery('english', 'equation:*')`,
    );
    expect(stemmed.rows).toEqual([{ question_id: 3 }]);
    const typed = await db.query<{ source_document_id: unknown; original_question_number: unknown; marks_possible: string }>(
      'SELECT source_document_id, original_question_number, marks_possible FROM library_questions ORDER BY question_id',
    );
    expect(typed.rows.map((r) => [r.source_document_id, r.original_question_number, Number(r.marks_possible)])).toEqual([
      ['bank-1', 1, 2],
      ['bank-1', 2, 2],
      [null, '4b', 2],
    ]);
    const index = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'library_questions_search'`);
    expect(index.rows[0]!.indexdef).toMatch(/USING gin \(search\)/);
  });

  it('keeps rubrics and textbooks per tenant; a textbook without an author stores none', async () => {
    const rubric = (rubricId: number, rubricName: string) => ({
      type: 'RubricAdded' as const,
      data: {
        rubricId,
        rubricName,
        criterion: 'Clarity',
        description: 'Novice: a. Apprentice: b. Competent: c. Proficient: d.',
        addedBy: null,
        addedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    await rubricsProjection.applyBatch(db, [
      recorded(SHARED_LIBRARY_TENANT, 'rubrics', rubric(1, 'Communication')),
      recorded('demo', 'rubrics', rubric(2, 'Research')),
    ]);
    await textbooksProjection.applyBatch(db, [
      recorded(SHARED_LIBRARY_TENANT, 'textbooks', {
        type: 'TextbookAdded',
        data: { textbookId: 7, title: 'Class Notes', subject: 'History', addedAt: '2026-01-01T00:00:00.000Z' },
      }),
    ]);
    const rubrics = await rubricsOfTenants(db, [SHARED_LIBRARY_TENANT, 'demo', 'other']);
    expect(rubrics.map((r) => ({ tenant: r.tenant, rubric_name: r.rubric_name, added_at: r.added_at }))).toEqual([
      { tenant: SHARED_LIBRARY_TENANT, rubric_name: 'Communication', added_at: '2026-01-01T00:00:00.000Z' },
      { tenant: 'demo', rubric_name: 'Research', added_at: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(await rubricsOfTenants(db, ['other'])).toEqual([]);
    const books = await textbooksOfTenants(db, [SHARED_LIBRARY_TENANT, 'demo']);
    expect(books).toEqual([
      expect.objectContaining({ tenant: SHARED_LIBRARY_TENANT, textbook_id: 7, title: 'Class Notes', author: null, subject: 'History' }),
    ]);
    expect(books[0]).toMatchObject({ status: 'indexing', page_count: 0, example_queries: [], removed: false });
    expect(await textbooksProjection.applyBatch(db, [recorded('demo', 'rubrics', rubric(3, 'Other'))])).toEqual([]);
  });
});
