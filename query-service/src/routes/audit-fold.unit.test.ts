import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, gradeHistoryCsv } from './audit-csv';
import { chains, gradeBookAsOf, type AuditLogRow } from './audit-fold';

let n = 0;
const row = (over: Partial<AuditLogRow> & Pick<AuditLogRow, 'event_type' | 'recorded_at'>): AuditLogRow => ({
  position: `0000000001-${String(++n).padStart(10, '0')}`,
  seq: 0,
  assignment_id: 7,
  student_id: 11,
  response_id: 101,
  question_id: 1,
  question_number: 1,
  actor_kind: 'instructor',
  actor_id: null,
  actor_name: null,
  requested_by: null,
  points: null,
  previous_points: null,
  points_possible: null,
  feedback: null,
  previous_feedback: null,
  flag: null,
  confidence: null,
  reason: null,
  detail: null,
  actor_person: null,
  requested_person: null,
  ...over,
});

const captured = (at: string, over: Partial<AuditLogRow> = {}) =>
  row({ event_type: 'OnlineResponsesCaptured', recorded_at: at, actor_kind: 'system', actor_name: 'online submission', ...over });
const graded = (at: string, points: number, over: Partial<AuditLogRow> = {}) =>
  row({
    event_type: 'ResponseGraded',
    recorded_at: at,
    actor_kind: 'offline',
    actor_name: 'offline',
    points,
    points_possible: 2,
    feedback: `got ${points}`,
    flag: '',
    confidence: 0.9,
    requested_by: 3,
    requested_person: 'Grace Hopper',
    ...over,
  });

describe('a response chain', () => {
  it('names who or what set each value, with the previous value and why', () => {
    n = 0;
    const rows = [
      captured('2026-01-01T10:00:00Z'),
      graded('2026-01-01T10:01:00Z', 1, { flag: 'Only some key terms matched', confidence: 0.4 }),
      row({
        event_type: 'ResponseMarkEdited',
        recorded_at: '2026-01-01T10:02:00Z',
        actor_id: 3,
        actor_person: 'Grace Hopper',
        points: 1.5,
        previous_points: 1,
        points_possible: 2,
        feedback: 'better',
        previous_feedback: 'got 1',
        reason: 'typo in the key',
      }),
      row({
        event_type: 'ResponseFlagResolved',
        recorded_at: '2026-01-01T10:03:00Z',
        actor_id: 3,
        actor_person: 'Grace Hopper',
        flag: 'Only some key terms matched',
      }),
      graded('2026-01-01T10:04:00Z', 2, { reason: 'Accept O2', actor_kind: 'ai', actor_name: 'llama3' }),
      row({ event_type: 'GradingReset', recorded_at: '2026-01-01T10:05:00Z', actor_id: 3 }),
    ];
    const entries = chains(rows).byResponse.get(101)!;
    expect(entries.map((e) => [e.kind, e.actor_kind, e.actor, e.previous_points, e.points, e.graded, e.flag_resolved, e.version])).toEqual([
      ['OnlineResponsesCaptured', 'system', 'online submission', null, null, false, false, 1],
      ['ResponseGraded', 'offline', 'offline', null, 1, true, false, 2],
      ['ResponseMarkEdited', 'instructor', 'Grace Hopper', 1, 1.5, true, false, 3],
      ['ResponseFlagResolved', 'instructor', 'Grace Hopper', null, null, true, true, 4],
      ['ResponseGraded', 'ai', 'llama3', 1.5, 2, true, false, 5],
      ['GradingReset', 'instructor', 'User 3', null, null, false, false, 6],
    ]);
    expect(entries[1]).toMatchObject({
      flagged_for_review: 'Only some key terms matched',
      confidence: 0.4,
      detail: 'requested by Grace Hopper',
      actor_id: null,
    });
    expect(entries[2]).toMatchObject({ previous_feedback: 'got 1', feedback: 'better', reason: 'typo in the key' });
    expect(entries[4]).toMatchObject({ previous_feedback: 'better', reason: 'Accept O2' });
  });

  it('a new file or capture starts the response over: its next grade has no previous value', () => {
    n = 0;
    const entries = chains([
      captured('2026-01-01T10:00:00Z'),
      graded('2026-01-01T10:01:00Z', 2),
      captured('2026-01-01T10:02:00Z'),
      graded('2026-01-01T10:03:00Z', 1),
    ]).byResponse.get(101)!;
    expect(entries.map((e) => e.previous_points)).toEqual([null, null, null, null]);
  });

  it('folds in log order whatever order the rows come in', () => {
    n = 0;
    const rows = [captured('2026-01-01T10:00:00Z'), graded('2026-01-01T10:01:00Z', 1), graded('2026-01-01T10:02:00Z', 2)];
    expect(
      chains([...rows].reverse())
        .byResponse.get(101)!
        .map((e) => e.points),
    ).toEqual([null, 1, 2]);
  });
});

describe('the grade book as of an instant', () => {
  n = 0;
  const rows = [
    captured('2026-01-01T10:00:00Z'),
    captured('2026-01-01T10:00:00Z', {
      seq: 1,
      response_id: 102,
      question_id: 2,
      question_number: 2,
      position: `0000000001-${String(n).padStart(10, '0')}`,
    }),
    captured('2026-01-01T10:00:30Z', { student_id: 12, response_id: 201 }),
    graded('2026-01-01T10:01:00Z', 1),
    graded('2026-01-01T10:01:00Z', 0.5, { student_id: 12, response_id: 201, flag: 'unsure' }),
    row({
      event_type: 'ResponseMarkEdited',
      recorded_at: '2026-01-01T10:02:00Z',
      actor_id: 3,
      points: 2,
      previous_points: 1,
      points_possible: 2,
      feedback: 'ok',
    }),
    row({ event_type: 'GradingReset', recorded_at: '2026-01-01T10:03:00Z', actor_id: 3, student_id: 12, response_id: 201 }),
  ];
  const book = (asOf: string) =>
    gradeBookAsOf({
      assignmentId: 7,
      title: 'Quiz',
      asOf,
      rows,
      questions: [
        { question_id: 2, question_number: 2, points_possible: 1 },
        { question_id: 1, question_number: 1, points_possible: 2 },
      ],
      studentName: (id) => (id === 11 ? 'Ada Lovelace' : 'Emmy Noether'),
    });

  it('is empty before anything was recorded', () => {
    expect(book('2026-01-01T09:59:59Z')).toMatchObject({
      students: [],
      events: 0,
      position: null,
      totals: { obtained: 0, possible: 0, graded_students: 0 },
    });
  });

  it('ignores every event recorded after the instant', () => {
    const b = book('2026-01-01T10:01:00Z');
    expect(b.questions.map((q) => q.question_number)).toEqual([1, 2]);
    expect(
      b.students.map((s) => [s.student_name, s.cells.map((c) => [c.points, c.graded, c.graded_by]), s.obtained, s.possible, s.graded]),
    ).toEqual([
      [
        'Ada Lovelace',
        [
          [1, true, 'offline'],
          [0, false, ''],
        ],
        1,
        3,
        false,
      ],
      [
        'Emmy Noether',
        [
          [0.5, true, 'offline'],
          [null, false, ''],
        ],
        0.5,
        3,
        true,
      ],
    ]);
    expect(b.events).toBe(4);
    expect(b.students[1]!.cells[0]!.flagged_for_review).toBe('unsure');
  });

  it('includes the edit and then the reset (marks kept, no longer graded)', () => {
    expect(book('2026-01-01T10:02:00Z').students[0]!.cells[0]).toMatchObject({ points: 2, graded_by: 'instructor', version: 3 });
    const after = book('2026-01-01T10:03:00Z');
    expect(after.students[1]).toMatchObject({ obtained: 0.5, graded: false });
    expect(after.totals).toEqual({ obtained: 2.5, possible: 6, graded_students: 0 });
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1+1, then')).toBe(`"'-1+1, then"`);
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('has a header row and one CRLF line per row, oldest first', () => {
    n = 0;
    const first = captured('2026-01-01T10:00:00Z');
    const csv = gradeHistoryCsv([graded('2026-01-01T10:01:00Z', 1, { feedback: 'Good, "mostly"' }), first], {
      assignmentId: 7,
      title: 'Quiz, one',
      studentName: () => 'Ada Lovelace',
    });
    const lines = csv.split('\r\n');
    expect(lines[0]!.startsWith('recorded_at,event,assignment_id,assignment_title,')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toMatch(
      /^2026-01-01T10:00:00.000Z,OnlineResponsesCaptured,7,"Quiz, one",11,Ada Lovelace,1,101,system,online submission,/,
    );
    expect(lines[2]).toContain(',"Good, ""mostly""",');
  });

  it('names the file from the assignment, ASCII only', () => {
    expect(csvFileName(12, 'Roots & Factors: Été')).toBe('grade-history-12-roots-factors-ete.csv');
    expect(csvFileName(3, '数学')).toBe('grade-history-3.csv');
  });
});
