import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClassSummarySchema,
  OneStudentSummarySchema,
  streamIds,
  type ClassSummaryWritten,
  type StudentSummaryWritten,
} from '@evergrade/contracts';
import { createOpenAiCompatibleProvider } from '@evergrade/platform/ai';
import { startStandalone, type Standalone } from './server';
import { afterPosition } from './testing/client';
import { ANSWERS, eventually, setUpSummaryClass, type SummaryClass } from './testing/summaries-class';

/**
 * Summaries written by a configured model. A local HTTP server speaks the chat-completions protocol in the model's
 * place (the server under test uses the real OpenAI-compatible adapter): it grades every answer with full marks,
 * writes the student summaries, and fails the class summary with a 500, which the writer answers with the offline
 * summary and records why.
 */
let server: Standalone;
let model: Server;
let c: SummaryClass;
const summaryPrompts: string[] = [];
const MODEL_TEXT = 'The student answered every question fully and showed a secure grasp of forces, plants and the phases of the Moon.';

beforeAll(async () => {
  model = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const [system, user] = (JSON.parse(body) as { messages: { content: string }[] }).messages.map((m) => m.content);
    if (system!.includes("class's results")) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
      return;
    }
    const content = system!.includes("one student's graded assignment")
      ? (summaryPrompts.push(user!), MODEL_TEXT)
      : JSON.stringify({ points_obtained: 99, feedback: 'Complete and correct.', confidence: 0.95, flag_for_review: '' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    uiDir: '/nonexistent',
    logLevel: 'silent',
    ai: createOpenAiCompatibleProvider({ baseUrl, model: 'fake-summary-model', timeoutMs: 5000 }),
  });
  c = await setUpSummaryClass(server, 'SUMAI9');
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => model?.close(() => resolve()));
});

describe('summaries with an AI provider', () => {
  it("uses the model's text, written from marks, feedback and rubric scores only, and records the provider", async () => {
    const { lines, position } = await c.submitAndGrade('asha', c.main, ANSWERS.weak);
    expect(lines.map((l) => l.points_obtained)).toEqual([2, 1, 2]);
    const s = await eventually(
      async () =>
        OneStudentSummarySchema.parse(
          (
            await c.teacher.post(
              '/grader/get-student-assignment-summary',
              { assignment_id: c.main, student_id: c.ids.asha },
              afterPosition(position),
            )
          ).json,
        ),
      (x) => x.summary_status === 'ready',
    );
    expect(s).toMatchObject({ summary: MODEL_TEXT, generator: 'ai', grade: '5/5' });

    const facts = JSON.parse(summaryPrompts[0]!) as Record<string, unknown>;
    expect(facts).toMatchObject({
      total: '5/5',
      rubric_scores: { Mechanics: '2/2', Biology: '1/1', General: '2/2' },
      questions: [
        { number: 1, points: 2, out_of: 2, feedback: 'Complete and correct.' },
        { number: 2, points: 1, out_of: 1, feedback: 'Complete and correct.' },
        { number: 3, points: 2, out_of: 2, feedback: 'Complete and correct.' },
      ],
    });
    // No names and no answers leave for the model.
    expect(summaryPrompts[0]).not.toMatch(/Asha|Rao|respiration/);

    const events = await server.store.readStream(streamIds.summaries('demo', c.main));
    const written = events.find((e) => e.type === 'StudentSummaryWritten')!.data as StudentSummaryWritten['data'];
    expect(written).toMatchObject({ generator: 'ai', provider: 'fake-summary-model', summary: MODEL_TEXT });
  });

  it('falls back to the offline class summary when the model fails, and says why in the event', async () => {
    const k = await eventually(
      async () =>
        ClassSummarySchema.parse(
          (await c.teacher.post('/grader/get-class-assignment-summary', { assignment_id: c.main, course_code: c.code })).json,
        ),
      (x) => x.status === 'done',
    );
    expect(k).toMatchObject({ generator: 'offline', error: null });
    expect(k.summary).toContain('1 graded submission of “Forces and Light”: class average 5/5 (100%).');
    const events = await server.store.readStream(streamIds.summaries('demo', c.main));
    const written = events.find((e) => e.type === 'ClassSummaryWritten')!.data as ClassSummaryWritten['data'];
    expect(written).toMatchObject({ generator: 'offline', provider: 'offline' });
    expect(written.fallbackReason).toMatch(/500|overloaded/);
  });
});
