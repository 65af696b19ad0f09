import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { SqlClient } from '@evergrade/platform/sql';
import { rowSetsOf, type Projection, type Touched } from '../projection';
import { applyOneByOne, foldByHand, openMigrated, recordedLog, testBackends, type OpenDatabase } from '../testing';
import { directoryProjection } from './directory';
import {
  courseByCode,
  courseIdsOfUser,
  coursesOfInstructor,
  coursesOfStudent,
  studentEmailsAmong,
  taughtCourseByCode,
  teachesAnyOf,
  tenantById,
  userById,
  userIdsMatching,
  userNames,
  usersByIds,
  usersOfTenant,
} from './directory.queries';
import { problemReportsProjection } from './problem-reports';
import { problemReportsOfTenant } from './problem-reports.queries';
import { questionLibraryProjection } from './question-library';
import { libraryFacets, searchLibraryQuestions } from './question-library.queries';
import { textbooksProjection } from './textbooks';
import { textbooksOfTenants } from './textbooks.queries';

/**
 * The directory and the simple insert-once read models (problem reports, textbooks, question library) under the batch
 * contract: one big batch leaves the tables that one event per batch leaves, a redelivered batch changes nothing, and
 * each table is read once and written once per batch. PGlite always, PostgreSQL when DATABASE_URL is set.
 */
const backends = testBackends('directory');

const T0 = '2026-03-01T09:00:00.000Z';
const e = (type: string, data: Record<string, unknown>): DomainEvent => ({ type, data }) as DomainEvent;

const user = (userId: number, role: string, email: string, firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
  e('UserRegistered', { userId, email, role, passwordHash: 'x', firstName, lastName, registeredAt: T0, ...extra });

/** A history that changes rows before and after they exist, twice in a batch, and across two schools. */
const history = (): RecordedEvent[] =>
  recordedLog([
    ['demo', e('SchoolBrandingUpdated', { name: 'Too early', logoUrl: null, updatedAt: T0 })],
    ['demo', e('TenantRegistered', { tenant: 'demo', name: 'Demo School', registeredAt: T0 })],
    ['demo', e('AuthorizedDomainAdded', { domain: 'demo.school' })],
    ['demo', e('AuthorizedDomainAdded', { domain: 'demo.school' })],
    ['demo', e('AuthorizedDomainAdded', { domain: 'old.school' })],
    ['demo', e('AuthorizedDomainRemoved', { domain: 'old.school' })],
    ['demo', e('StudentPreapproved', { email: 'ada@demo.school' })],
    ['demo', e('StudentPreapproved', { email: 'bob@demo.school' })],
    ['demo', e('StudentPreapprovalRevoked', { email: 'bob@demo.school' })],
    ['demo', e('SchoolBrandingUpdated', { name: 'Demo High', logoUrl: 'https://logo', updatedAt: T0 })],
    ['other', e('TenantRegistered', { tenant: 'other', name: 'Other School', registeredAt: T0 })],
    ['demo', e('UserProfileUpdated', { userId: 1, firstName: 'Nobody', lastName: 'Yet', updatedAt: T0 })],
    ['demo', user(1, 'student', 'ada@demo.school', 'Ada', 'Lovelace', { class: '10', section: 'A', enrollmentDate: '2025-09-01' })],
    ['demo', user(1, 'student', 'dup@demo.school', 'Dup', 'Licate')],
    ['demo', user(2, 'instructor', 'grace@demo.school', 'Grace', 'Hopper', { title: 'Dr' })],
    ['demo', user(3, 'student', 'al_an@demo.school', 'Alan', 'Turing')],
    ['other', user(1, 'admin', 'boss@other.school', 'Bo', 'Ss')],
    ['demo', e('UserProfileUpdated', { userId: 2, firstName: 'Grace', lastName: 'Brewster Hopper', updatedAt: T0 })],
    ['demo', e('UserDetailsUpdated', { userId: 1, section: 'B', updatedAt: T0 })],
    ['demo', e('SmartBuilderAccessGranted', { userId: 2, grantedBy: null, at: T0 })],
    ['demo', e('SmartBuilderAccessRevoked', { userId: 2, revokedBy: null, at: T0 })],
    ['demo', e('SmartBuilderAccessGranted', { userId: 2, grantedBy: null, at: T0 })],
    ['demo', e('UserEmailChanged', { userId: 3, from: 'al_an@demo.school', to: 'alan@demo.school', changedAt: T0 })],
    ['demo', e('StudentEnrolled', { courseId: 5, studentId: 1, enrolledAt: T0 })],
    [
      'demo',
      e('CourseCreated', {
        courseId: 5,
        courseCode: 'MATH10',
        courseName: 'Maths',
        courseClass: '10',
        subject: 'Mathematics',
        instructorIds: [2],
        createdAt: T0,
      }),
    ],
    [
      'demo',
      e('CourseCreated', {
        courseId: 6,
        courseCode: 'BIO10',
        courseName: 'Biology',
        courseClass: '10',
        subject: 'Biology',
        instructorIds: [],
        createdAt: T0,
      }),
    ],
    ['demo', e('StudentEnrolled', { courseId: 5, studentId: 1, enrolledAt: T0 })],
    ['demo', e('StudentEnrolled', { courseId: 5, studentId: 1, enrolledAt: T0 })],
    ['demo', e('StudentEnrolled', { courseId: 5, studentId: 3, enrolledAt: T0 })],
    ['demo', e('StudentUnenrolled', { courseId: 5, studentId: 3, unenrolledAt: T0 })],
    ['demo', e('StudentEnrolled', { courseId: 6, studentId: 3, enrolledAt: T0 })],
    ['demo', e('InstructorAssigned', { courseId: 6, instructorId: 2, assignedAt: T0 })],
    ['demo', e('InstructorAssigned', { courseId: 6, instructorId: 4, assignedAt: T0 })],
    ['demo', e('InstructorUnassigned', { courseId: 6, instructorId: 4, unassignedAt: T0 })],
    [
      'demo',
      e('ProblemReported', {
        reportId: 1,
        category: 'Other',
        message: 'It broke',
        page: null,
        reporterId: 1,
        reporterRole: 'student',
        reporterName: 'Ada Lovelace',
        reporterEmail: 'ada@demo.school',
        reportedAt: '2026-03-01T09:00:00.000Z',
      }),
    ],
    [
      'demo',
      e('ProblemReported', {
        reportId: 2,
        category: 'Something is broken',
        message: 'Again',
        page: '/grading',
        reporterId: 2,
        reporterRole: 'instructor',
        reporterName: 'Grace Hopper',
        reporterEmail: 'grace@demo.school',
        reportedAt: '2026-03-02T09:00:00.000Z',
      }),
    ],
    [
      'demo',
      e('ProblemReported', {
        reportId: 1,
        category: 'Other',
        message: 'Redelivered with other text',
        page: null,
        reporterId: 1,
        reporterRole: 'student',
        reporterName: 'Ada Lovelace',
        reporterEmail: 'ada@demo.school',
        reportedAt: '2026-03-03T09:00:00.000Z',
      }),
    ],
    ['shared', e('TextbookAdded', { textbookId: 1, title: 'Algebra', subject: 'Mathematics', addedAt: T0 })],
    ['demo', e('TextbookAdded', { textbookId: 2, title: 'Cells', author: 'Hooke', subject: 'Biology', addedAt: T0 })],
    ['demo', e('TextbookAdded', { textbookId: 2, title: 'Cells again', author: 'Nobody', subject: 'Biology', addedAt: T0 })],
    [
      'shared',
      e('LibraryQuestionAdded', {
        questionId: 1,
        subject: 'Biology',
        questionType: 'short answer',
        questionText: 'Describe photosynthesis.',
        answer: '',
        gradingInstructions: '',
        marksPossible: 2.5,
        topics: ['plants'],
        sourceTitle: 'Bank',
        sourceDocumentId: null,
        originalQuestionNumber: '1a',
        addedAt: T0,
      }),
    ],
    [
      'demo',
      e('LibraryQuestionAdded', {
        questionId: 2,
        subject: 'Physics',
        questionType: 'essay',
        questionText: 'State the equations of motion.',
        answer: 'v = u + at',
        gradingInstructions: 'One mark each',
        marksPossible: 3,
        topics: ['kinematics'],
        sourceTitle: 'Notes',
        sourceDocumentId: 7,
        originalQuestionNumber: 2,
        grade: '11',
        addedAt: T0,
      }),
    ],
    [
      'shared',
      e('LibraryQuestionAdded', {
        questionId: 1,
        subject: 'Chemistry',
        questionType: 'short answer',
        questionText: 'Redelivered.',
        answer: '',
        gradingInstructions: '',
        marksPossible: 9,
        topics: [],
        sourceTitle: 'Bank',
        sourceDocumentId: null,
        originalQuestionNumber: null,
        addedAt: T0,
      }),
    ],
  ]);

const projections: Projection[] = [directoryProjection, problemReportsProjection, textbooksProjection, questionLibraryProjection];

/** Every row of every table of these projections, as JSON, in key order (the search vector as text). */
async function dump(db: SqlClient): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of projections) {
    for (const table of p.tables) {
      const { rows } = await db.query<{ r: Record<string, unknown> }>(`SELECT to_jsonb(t.*) AS r FROM "${table}" t ORDER BY 1`);
      out[table] = rows.map(({ r }) => ('search' in r ? { ...r, search: String(r.search) } : r));
    }
  }
  return out;
}

describe.each(backends)('directory and simple read models on %s', (_name, backend) => {
  let one: OpenDatabase;
  let all: OpenDatabase;
  beforeEach(async () => {
    one = await openMigrated(backend, projections);
    all = await openMigrated(backend, projections);
  });
  afterEach(async () => {
    await one.dispose();
    await all.dispose();
  });

  it('one big batch leaves the tables that one event per batch leaves, with the same notices; redelivered, nothing changes', async () => {
    const events = history();
    const notices: Record<string, Touched[]> = {};
    const batchNotices: Record<string, Touched[]> = {};
    for (const p of projections) {
      notices[p.name] = await applyOneByOne(one.db, p, events);
      batchNotices[p.name] = await all.db.transaction((tx) => p.applyBatch(tx, events));
    }
    expect(batchNotices).toEqual(notices);
    const expected = await dump(one.db);
    expect(await dump(all.db)).toEqual(expected);
    for (const p of projections) await all.db.transaction((tx) => p.applyBatch(tx, events));
    expect(await dump(all.db)).toEqual(expected);
    expect(notices[directoryProjection.name]!.slice(0, 2)).toEqual([
      { tenant: 'demo', keys: [noticeKeys.school()] },
      { tenant: 'demo', keys: [noticeKeys.school()] },
    ]);
  });

  it('folds the history into the rows the queries read', async () => {
    const { db } = all;
    for (const p of projections) await db.transaction((tx) => p.applyBatch(tx, history()));

    expect(await tenantById(db, 'demo')).toMatchObject({
      tenant: 'demo',
      name: 'Demo High',
      logo_url: 'https://logo',
      domains: ['demo.school'],
      preapproved: ['ada@demo.school'],
    });
    expect(await tenantById(db, 'nowhere')).toBeNull();
    expect(await userById(db, 'demo', 1)).toMatchObject({
      tenant: 'demo',
      user_id: 1,
      email: 'ada@demo.school',
      role: 'student',
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: '',
      class: '10',
      section: 'B',
      enrollment_date: '2025-09-01',
      smart_builder: false,
    });
    expect(await userById(db, 'demo', 2)).toMatchObject({
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
      title: 'Dr',
      smart_builder: true,
    });
    expect((await usersByIds(db, 'demo', [3, 1, 99, 1])).map((u) => u.user_id)).toEqual([1, 3]);
    expect(await userNames(db, 'demo', [1, 3])).toEqual(
      new Map([
        [1, 'Ada Lovelace'],
        [3, 'Alan Turing'],
      ]),
    );
    expect((await usersOfTenant(db, 'demo')).map((u) => u.user_id)).toEqual([2, 1, 3]);
    expect(await studentEmailsAmong(db, 'demo', ['ada@demo.school', 'grace@demo.school', 'nobody@demo.school'])).toEqual([
      'ada@demo.school',
    ]);
    expect(await userIdsMatching(db, 'demo', 'al_an')).toEqual([]);
    expect((await userIdsMatching(db, 'demo', 'ALAN')).sort()).toEqual([3]);
    expect(await userIdsMatching(db, 'demo', 'a', [1, 2])).toEqual(expect.arrayContaining([1, 2]));

    expect(await courseByCode(db, 'demo', 'math10')).toMatchObject({ course_id: 5, instructor_ids: [2], student_ids: [1] });
    expect(await courseByCode(db, 'other', 'MATH10')).toBeNull();
    expect(await taughtCourseByCode(db, 'demo', 2, 'bio10')).toMatchObject({ course_id: 6, instructor_ids: [2], student_ids: [3] });
    expect(await taughtCourseByCode(db, 'demo', 4, 'bio10')).toBeNull();
    expect((await coursesOfInstructor(db, 'demo', 2)).map((c) => c.course_code)).toEqual(['BIO10', 'MATH10']);
    expect((await coursesOfStudent(db, 'demo', 3)).map((c) => c.course_code)).toEqual(['BIO10']);
    expect((await courseIdsOfUser(db, 'demo', 1, 'student')).sort()).toEqual([5]);
    expect(await teachesAnyOf(db, 'demo', 2, [6])).toBe(true);
    expect(await teachesAnyOf(db, 'demo', 1, [5, 6])).toBe(false);

    expect(await problemReportsOfTenant(db, 'demo')).toEqual([
      expect.objectContaining({ report_id: 2, page: '/grading', reported_at: '2026-03-02T09:00:00.000Z' }),
      expect.objectContaining({ report_id: 1, message: 'It broke', page: null, reported_at: '2026-03-01T09:00:00.000Z' }),
    ]);
    expect(await textbooksOfTenants(db, ['shared', 'demo'])).toEqual([
      expect.objectContaining({ tenant: 'demo', textbook_id: 2, title: 'Cells', author: 'Hooke', subject: 'Biology' }),
      expect.objectContaining({ tenant: 'shared', textbook_id: 1, title: 'Algebra', author: null, subject: 'Mathematics' }),
    ]);
    const found = await searchLibraryQuestions(db, ['shared', 'demo'], { terms: ['photosyn:*'], limit: 10 });
    expect(found).toEqual([
      expect.objectContaining({ question_id: 1, subject: 'Biology', marks_possible: 2.5, original_question_number: '1a' }),
    ]);
    expect(await searchLibraryQuestions(db, ['demo'], { terms: [], marksMin: 3, limit: 10 })).toEqual([
      expect.objectContaining({ question_id: 2, source_document_id: 7, original_question_number: 2, grade: '11' }),
    ]);
    expect(await libraryFacets(db, ['shared', 'demo'])).toEqual({
      subjects: ['Biology', 'Physics'],
      question_types: ['essay', 'short answer'],
    });
  });

  it('reads each table at most once and writes it at most twice (one delete, one upsert), whatever the batch size', async () => {
    const events = [...history(), ...history()];
    for (const p of projections) {
      const state = await foldByHand(all.db, p, events, (loaded) => {
        for (const s of rowSetsOf(loaded)) expect(s.statements).toBeLessThanOrEqual(1);
      });
      expect(rowSetsOf(state).length).toBe(p.tables.length);
      for (const s of rowSetsOf(state)) expect(s.statements).toBeLessThanOrEqual(3);
    }
  });
});
