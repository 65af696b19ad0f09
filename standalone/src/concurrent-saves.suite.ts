import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handleCommand, loadAssignmentContext, submissionDecider } from '@evergrade/command-service';
import { MIN_POSITION_HEADER, streamIds } from '@evergrade/contracts';
import { comparePositions, type GlobalPosition } from '@evergrade/platform/event-store';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { addTenQuestionAssignment, signInOverHttp, type HttpUser } from './testing/http';

/**
 * One student's saves in flight at once, over real HTTP: every save is acknowledged, each question ends with its
 * newest edit by the browser's edit time (in order or not), a command id is applied once, and a second writer on the
 * same stream (another process) does not make any save fail.
 */

const shuffled = <T>(items: T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

export function concurrentSavesSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  let server: Standalone;
  let teacher: HttpUser;
  let student: HttpUser;
  let studentId: number;
  const base = Date.parse('2026-01-01T10:00:00Z');

  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    teacher = await signInOverHttp(server.url, 'instructor', 'teacher@demo.school');
    student = await signInOverHttp(server.url, 'student', 'student@demo.school');
    studentId = (await student.get('/students/get-student')).json.studentId;
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A fresh assignment with ten questions in MATH10 (the demo student's course). */
  const tenQuestions = (title: string) => addTenQuestionAssignment(teacher, title);

  type Edit = { questionId: number; text: string; at: string; commandId: string };
  /** Five edits per question, one second apart by the browser's clock; the last of each is the newest. */
  const editsFor = (questionIds: number[]): Edit[] =>
    questionIds.flatMap((questionId) =>
      Array.from({ length: 5 }, (_, k) => ({
        questionId,
        text: `q${questionId} edit ${k}`,
        at: new Date(base + k * 1000).toISOString(),
        commandId: randomUUID(),
      })),
    );

  const save = (assignmentId: number, e: Edit) =>
    student.post('/students/set-assignment-response', {
      assignment_id: assignmentId,
      question_id: e.questionId,
      response_content: e.text,
      command_id: e.commandId,
      client_saved_at: e.at,
    });

  /** Every question's response read back through the query route, after the last acknowledged position. */
  const readBack = async (assignmentId: number, positions: (GlobalPosition | string | null)[]) => {
    const last = positions
      .filter((p): p is GlobalPosition => !!p)
      .sort(comparePositions)
      .at(-1)!;
    const res = await student.post('/students/get-assignment-questions', { assignment_id: assignmentId }, { [MIN_POSITION_HEADER]: last });
    expect(res.status).toBe(200);
    return Object.fromEntries(
      (res.json.questions as { question_id: number; response_content: string | null }[]).map((q) => [q.question_id, q.response_content]),
    );
  };

  const newestOf = (edits: Edit[]) =>
    Object.fromEntries(
      [...new Set(edits.map((e) => e.questionId))].map((q) => [
        q,
        edits
          .filter((e) => e.questionId === q)
          .sort((a, b) => a.at.localeCompare(b.at))
          .at(-1)!.text,
      ]),
    );

  it('acknowledges 50 saves in flight over 10 questions, and each question ends with its newest edit', async () => {
    const a = await tenQuestions('Fifty saves in order');
    const edits = editsFor(a.questionIds);
    const replies = await Promise.all(edits.map((e) => save(a.id, e)));
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    expect(
      await readBack(
        a.id,
        replies.map((r) => r.json.position),
      ),
    ).toEqual(newestOf(edits));
  });

  it('keeps the newest edit by edit time when the saves arrive out of order', async () => {
    const a = await tenQuestions('Fifty saves out of order');
    const edits = editsFor(a.questionIds);
    // Newest first for half the questions, shuffled for the rest: arrival order says nothing about edit order.
    const sent = [...edits.filter((_, i) => i < 25).reverse(), ...shuffled(edits.filter((_, i) => i >= 25))];
    const replies = await Promise.all(sent.map((e) => save(a.id, e)));
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    expect(
      await readBack(
        a.id,
        replies.map((r) => r.json.position),
      ),
    ).toEqual(newestOf(edits));
  });

  it('applies a save retried while the first is in flight once', async () => {
    const a = await tenQuestions('Retried saves');
    const edits = editsFor(a.questionIds.slice(0, 4));
    const replies = await Promise.all([...edits, ...edits, ...edits].map((e) => save(a.id, e)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const stream = await server.store.readStream(streamIds.submission('demo', a.id, studentId));
    const ids = stream.map((e) => e.metadata.commandId);
    expect(ids.length).toBe(new Set(ids).size);
    expect(
      await readBack(
        a.id,
        replies.map((r) => r.json.position),
      ),
    ).toMatchObject(newestOf(edits));
  });

  it('acknowledges every save while another process writes the same stream', async () => {
    const a = await tenQuestions('Two writers');
    const edits = editsFor(a.questionIds);
    // Another process: its own handle on the same database, so the in-process queue does not order it with the server.
    const other = { ...server.store };
    const context = await loadAssignmentContext(server.store, 'demo', a.id, studentId);
    const viaOther = edits.filter((_, i) => i % 2 === 1);
    const viaServer = edits.filter((_, i) => i % 2 === 0);
    const [replies, direct] = await Promise.all([
      Promise.all(viaServer.map((e) => save(a.id, e))),
      Promise.all(
        viaOther.map((e) =>
          handleCommand(
            other,
            streamIds.submission('demo', a.id, studentId),
            submissionDecider,
            {
              type: 'SaveAnswer',
              assignment: context,
              studentId,
              questionId: e.questionId,
              responseContent: e.text,
              now: new Date().toISOString(),
              clientSavedAt: e.at,
            },
            { metadata: { tenant: 'demo', actorId: String(studentId), actorRole: 'student', commandId: e.commandId } },
          ),
        ),
      ),
    ]);
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.json)}`)).toEqual([]);
    expect(await readBack(a.id, [...replies.map((r) => r.json.position), ...direct.map((d) => d.position)])).toEqual(newestOf(edits));
  });
}
