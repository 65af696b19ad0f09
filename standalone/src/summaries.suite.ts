import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClassSummarySchema,
  INSIGHT_MESSAGES,
  OneStudentSummarySchema,
  StudentAssignmentSummariesSchema,
  streamIds,
  type ClassSummary,
  type OneStudentSummary,
  type StudentSummaryWritten,
} from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition } from './testing/client';
import { ANSWERS, eventually, setUpSummaryClass, type SummaryClass } from './testing/summaries-class';

/**
 * Written summaries end to end through the standalone server, with no AI provider: grading a submission makes the
 * writer write its summary (offline, labelled) and the class summary; editing a mark marks it as being rewritten (old
 * text kept) until the writer has rewritten it from the new grade. Each summary is an event naming its inputs.
 */
const OFFLINE = 'Generated offline from the marks and feedback.';

export function summariesSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let c: SummaryClass;

  const one = async (studentId: number, position: string | null = null) =>
    OneStudentSummarySchema.parse(
      (
        await c.teacher.post(
          '/grader/get-student-assignment-summary',
          { assignment_id: c.main, student_id: studentId },
          afterPosition(position),
        )
      ).json,
    );
  const cls = async (position: string | null = null) =>
    ClassSummarySchema.parse(
      (
        await c.teacher.post(
          '/grader/get-class-assignment-summary',
          { assignment_id: c.main, course_code: c.code },
          afterPosition(position),
        )
      ).json,
    );
  const summaryEvents = async (): Promise<RecordedEvent[]> => server.store.readStream(streamIds.summaries('demo', c.main));

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    c = await setUpSummaryClass(server, 'SUMS9');
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('student and class summaries', () => {
    let position = '';

    it('writes a graded student summary offline: total, categories, weakest question, feedback, trend, labelled', async () => {
      // An earlier assignment of the course with full marks: the trend is measured against it.
      expect((await c.submitAndGrade('asha', c.earlier, ANSWERS.full)).lines.map((l) => l.points_obtained)).toEqual([2, 1, 2]);
      expect((await c.submitAndGrade('asha', c.main, ANSWERS.good)).lines.map((l) => l.points_obtained)).toEqual([2, 1, 1]);
      const ben = await c.submitAndGrade('ben', c.main, ANSWERS.weak);
      position = ben.position;
      // Ben lost a mark on each question (the unit on Question 1 is worth half its marks): the weakest question is
      // Question 2 (0/1), and the feedback quoted is that of the first question with the most marks lost, Question 1.
      expect(ben.lines.map((l) => l.points_obtained)).toEqual([1, 0, 1]);
      const benFeedback = ben.lines[0]!.feedback.split(/[.!?]/)[0]!;

      const s = await eventually(
        () => one(c.ids.asha, position),
        (x) => x.summary_status === 'ready',
      );
      expect(s).toMatchObject({
        grade: '4/5',
        rubric_breakdown: { Mechanics: '2/2', Biology: '1/1', General: '1/2' },
        generator: 'offline',
      });
      expect(s.summary).toContain('Scored 4/5 (80%) on “Forces and Light”.');
      expect(s.summary).toContain('Strongest rubric category: Biology (1/1, 100%); weakest: General (1/2, 50%).');
      expect(s.summary).toContain('Weakest question: Question 3 (1/2).');
      expect(s.summary).toContain('Trend: 80% is down 20 points from their earlier result (100%).');
      expect(s.summary.endsWith(OFFLINE)).toBe(true);

      const b = await eventually(
        () => one(c.ids.ben, position),
        (x) => x.summary_status === 'ready',
      );
      expect(b.summary).toContain('there is no trend yet');
      expect(b.summary).toContain(`Weakest question: Question 2 (0/1). Main point in the feedback: “${benFeedback}” (Question 1).`);
    });

    it('lists every graded student with grade, rubric scores and summary, and the rubric categories in sheet order', async () => {
      const res = await c.teacher.post('/grader/get-student-assignment-summary', { assignment_id: c.main }, afterPosition(position));
      expect(res.statusCode).toBe(200);
      const all = StudentAssignmentSummariesSchema.parse(res.json);
      expect(all.rubric_categories).toEqual(['Mechanics', 'Biology', 'General']);
      expect(all.students.map((r) => [r.student_name, r.grade, r.rubrics, r.summary_status, r.generator])).toEqual([
        ['Asha Rao', '4/5', { Mechanics: '2/2', Biology: '1/1', General: '1/2' }, 'ready', 'offline'],
        ['Ben Okafor', '2/5', { Mechanics: '1/2', Biology: '0/1', General: '1/2' }, 'ready', 'offline'],
      ]);
      expect(all.students.every((r) => r.summary.endsWith(OFFLINE))).toBe(true);
    });

    it('writes the class summary with the class average, categories and the questions most lost marks on', async () => {
      const k = await eventually(
        () => cls(position),
        (x) => x.status === 'done' && x.summary !== null,
      );
      expect(k).toMatchObject({
        error: null,
        generator: 'offline',
        rubric_averages: { Mechanics: '1.5/2', Biology: '0.5/1', General: '1/2' },
      });
      expect(k.summary).toContain('2 graded submissions of “Forces and Light”: class average 3/5 (60%).');
      expect(k.summary).toContain('Most students lost marks on Question 3 (2 of 2, average 1/2)');
      expect(k.summary!.endsWith(OFFLINE)).toBe(true);
    });

    it('records each summary as an event with its inputs (the grading stream version) and provider', async () => {
      const grading = await server.store.readStream(streamIds.grading('demo', c.main, c.ids.asha));
      const written = (await summaryEvents()).filter((e) => e.type === 'StudentSummaryWritten' && e.data.studentId === c.ids.asha);
      expect(written).toHaveLength(1);
      const d = written[0]!.data as StudentSummaryWritten['data'];
      expect(d).toMatchObject({ generator: 'offline', provider: 'offline', inputs: { obtained: 4, possible: 5 } });
      expect(d.inputs.gradingVersion).toBe(grading.at(-1)!.streamVersion);
      expect(d.inputs.gradingPosition).toBe(grading.at(-1)!.globalPosition);
      expect(written[0]!.metadata.commandId).toBe(`student-summary:${c.main}:${c.ids.asha}:${d.inputs.gradingVersion}`);
      const classEvents = (await summaryEvents()).filter((e) => e.type === 'ClassSummaryWritten');
      expect(classEvents.length).toBeGreaterThanOrEqual(1);
      expect(classEvents.at(-1)!.data).toMatchObject({ generator: 'offline', provider: 'offline', inputs: { students: 2 } });
      // Nothing is stale now: another pass writes nothing (and a retried command id would append nothing).
      const before = (await summaryEvents()).length;
      await server.summaries.writeAssignment('demo', c.main);
      expect((await summaryEvents()).length).toBe(before);
    });

    it('marks the summary as being rewritten when a mark changes, keeps the old text, then rewrites it from the new grade', async () => {
      const q3 = (await c.questionsOf('asha', c.main, position)).find((q) => q.question_number === 3)!;
      const edit = await c.teacher.post('/grader/update-response', {
        response_id: q3.response_id,
        points_obtained: 2,
        feedback: 'Complete: reflection, orbit and the sunlit half.',
        expected_version: q3.version,
      });
      expect(edit.statusCode).toBe(200);
      // Read at once after the edit (the writer waits for the grades to settle): the new grade, the old text.
      const stale: OneStudentSummary = await one(c.ids.asha, edit.json.position);
      expect(stale).toMatchObject({ grade: '5/5', summary_status: 'generating', rubric_breakdown: { General: '2/2' } });
      expect(stale.summary).toContain('Scored 4/5 (80%)');
      const staleClass: ClassSummary = await cls(edit.json.position);
      expect(staleClass.status).toBe('generating');
      expect(staleClass.summary).toContain('class average 3/5');
      expect(staleClass.rubric_averages.General).toBe('1.5/2');

      const fresh = await eventually(
        () => one(c.ids.asha, edit.json.position),
        (x) => x.summary_status === 'ready',
      );
      expect(fresh.summary).toContain('Scored 5/5 (100%) on “Forces and Light”.');
      expect(fresh.summary).toContain('Trend: 100% is in line with their earlier result (100%).');
      const k = await eventually(
        () => cls(edit.json.position),
        (x) => x.status === 'done',
      );
      expect(k.summary).toContain('class average 3.5/5 (70%)');
      const versions = (await summaryEvents())
        .filter((e) => e.type === 'StudentSummaryWritten' && e.data.studentId === c.ids.asha)
        .map((e) => (e.data as StudentSummaryWritten['data']).inputs.gradingVersion);
      expect(versions).toHaveLength(2);
      expect(versions[1]!).toBeGreaterThan(versions[0]!);
    });
    it('a writer that was down catches up from the read model when it starts again', async () => {
      await server.summaries.stop();
      const q1 = (await c.questionsOf('ben', c.main, position)).find((q) => q.question_number === 1)!;
      const edit = await c.teacher.post('/grader/update-response', {
        response_id: q1.response_id,
        points_obtained: 2,
        feedback: 'Now with the unit.',
        expected_version: q1.version,
      });
      expect(edit.statusCode).toBe(200);
      expect((await one(c.ids.ben, edit.json.position)).summary_status).toBe('generating');
      await server.summaries.start();
      const fresh = await eventually(
        () => one(c.ids.ben, edit.json.position),
        (x) => x.summary_status === 'ready',
      );
      expect(fresh.summary).toContain('Scored 3/5 (60%) on “Forces and Light”.');
    });
    it('writes once after a burst of edits (debounced per assignment), from the last grades', async () => {
      const ashaEvents = async () =>
        (await summaryEvents()).filter((e) => e.type === 'StudentSummaryWritten' && e.data.studentId === c.ids.asha);
      const before = (await ashaEvents()).length;
      let q2 = (await c.questionsOf('asha', c.main)).find((q) => q.question_number === 2)!;
      let position = '';
      for (const feedback of ['Right.', 'Right: photosynthesis.', 'Right: photosynthesis, in the chloroplasts.']) {
        const edit = await c.teacher.post('/grader/update-response', {
          response_id: q2.response_id,
          points_obtained: 1,
          feedback,
          expected_version: q2.version,
        });
        expect(edit.statusCode, JSON.stringify(edit.json)).toBe(200);
        position = edit.json.position;
        q2 = { ...q2, version: edit.json.version };
      }
      await eventually(
        () => one(c.ids.asha, position),
        (x) => x.summary_status === 'ready',
      );
      const after = await ashaEvents();
      expect(after).toHaveLength(before + 1);
      const grading = await server.store.readStream(streamIds.grading('demo', c.main, c.ids.asha));
      expect((after.at(-1)!.data as StudentSummaryWritten['data']).inputs.gradingVersion).toBe(grading.at(-1)!.streamVersion);
    });
    it("rewrites a summary when a grade of the student's earlier assignment of the course changes (the trend)", async () => {
      const q3 = (await c.questionsOf('asha', c.earlier)).find((q) => q.question_number === 3)!;
      const edit = await c.teacher.post('/grader/update-response', {
        response_id: q3.response_id,
        points_obtained: 0,
        feedback: 'No reason given for the phases.',
        expected_version: q3.version,
      });
      expect(edit.statusCode).toBe(200);
      const stale = await one(c.ids.asha, edit.json.position);
      expect(stale.summary_status).toBe('generating');
      expect(stale.summary).toContain('in line with their earlier result (100%)');
      const fresh = await eventually(
        () => one(c.ids.asha, edit.json.position),
        (x) => x.summary_status === 'ready',
      );
      expect(fresh.summary).toContain('Trend: 100% is up 40 points on their earlier result (60%).');
      const last = (await summaryEvents()).filter((e) => e.type === 'StudentSummaryWritten' && e.data.studentId === c.ids.asha).at(-1)!;
      expect((last.data as StudentSummaryWritten['data']).inputs.trendPosition).toBe(edit.json.position);
    });
  });

  describe('who may read them', () => {
    it('404 for an instructor who does not teach the course, or the wrong course code; 403 for a student', async () => {
      expect((await c.stranger.post('/grader/get-student-assignment-summary', { assignment_id: c.main })).statusCode).toBe(404);
      expect(
        (await c.stranger.post('/grader/get-class-assignment-summary', { assignment_id: c.main, course_code: c.code })).statusCode,
      ).toBe(404);
      expect(
        (await c.teacher.post('/grader/get-class-assignment-summary', { assignment_id: c.main, course_code: 'OTHER1' })).statusCode,
      ).toBe(404);
      expect((await c.asha.post('/grader/get-student-assignment-summary', { assignment_id: c.main })).statusCode).toBe(403);
      expect((await c.asha.post('/grader/get-class-assignment-summary', { assignment_id: c.main })).statusCode).toBe(403);
    });

    it("a student with no graded submission: 404 'No insights available for this student.'; bad input: 400", async () => {
      const res = await c.teacher.post('/grader/get-student-assignment-summary', { assignment_id: c.main, student_id: c.ids.t1 });
      expect(res.statusCode).toBe(404);
      expect(res.json.message).toBe(INSIGHT_MESSAGES.noStudentInsights);
      expect((await c.teacher.post('/grader/get-student-assignment-summary', {})).statusCode).toBe(400);
      expect((await c.teacher.post('/grader/get-student-assignment-summary', { assignment_id: c.main, student_id: 'x' })).statusCode).toBe(
        400,
      );
    });

    it('an assignment nobody is graded on has no students and no class insights', async () => {
      const all = StudentAssignmentSummariesSchema.parse(
        (await c.teacher.post('/grader/get-student-assignment-summary', { assignment_id: c.earlier })).json,
      );
      expect(all.students.map((s) => s.student_name)).toEqual(['Asha Rao']);
      const add = await c.teacher.post('/grader/add-assignment', {
        title: 'Nobody yet',
        description: '',
        due_date: new Date(Date.now() + 86_400_000).toISOString(),
        course: c.code,
        creation_method: 'scratch',
        student_submissions_allowed: true,
        questions: [{ question_number: 1, question: 'Why?', marks_possible: 1, answer: 'Because', grading_instructions: '', tags: [] }],
      });
      const empty = await c.teacher.post(
        '/grader/get-class-assignment-summary',
        { assignment_id: add.json.assignment_id, course_code: c.code },
        afterPosition(add.json.position),
      );
      expect(empty.json).toEqual({ status: 'done', error: null, summary: null, rubric_averages: {}, generator: null });
    });
  });
}
