import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_COOKIE,
  type AssignmentSheet,
  type GradeSubmissionLine,
  type GradedLine,
  type ResponseHistoryEntry,
} from '@evergrade/contracts';
import { createOpenAiCompatibleProvider } from '@evergrade/platform/ai';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Grading with a configured model. The model is the one outside service that cannot run here, so a local HTTP
 * server speaks the chat-completions protocol in its place; the server under test uses the real OpenAI-compatible
 * adapter against it. The fake answers per question, as a model would, and once with an unusable reply.
 */
let server: Standalone;
let model: Server;
let teacher: TestUser;
let student: TestUser;
const prompts: string[] = [];

const reply = (prompt: string): string => {
  if (prompt.includes('Question 1 '))
    return JSON.stringify({ points_obtained: 7, feedback: 'Correct force with its unit.', confidence: 0.95, flag_for_review: '' });
  if (prompt.includes('Question 2 '))
    return '```json\n' + JSON.stringify({ points_obtained: '1.3', feedback: 'Partly explained.', confidence: 0.35 }) + '\n```';
  return 'I think this deserves full marks!';
};

beforeAll(async () => {
  model = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const prompt = JSON.parse(body).messages[1].content as string;
    prompts.push(prompt);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply(prompt) } }] }));
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    uiDir: '/nonexistent',
    logLevel: 'silent',
    ai: createOpenAiCompatibleProvider({ baseUrl, model: 'fake-model-1', timeoutMs: 5000 }),
  });
  teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  student = await loginAs(server.app, 'student', 'student@demo.school');
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => model?.close(() => resolve()));
});

async function grade(body: unknown): Promise<GradeSubmissionLine[]> {
  const res = await fetch(`${server.url}/grader/grade-submission`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': teacher.cookies[CSRF_COOKIE]!,
      cookie: Object.entries(teacher.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
  expect(res.headers.get('content-type')).toContain('ndjson');
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as GradeSubmissionLine);
}

describe('grading with an AI provider', () => {
  it('grades against the answer, the instructions and the rubric; flags what the model doubts; an unusable reply is graded offline', async () => {
    const added = await teacher.post('/grader/add-assignment', {
      title: 'Forces AI',
      description: '',
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
      course: 'PHYS10',
      creation_method: 'scratch',
      student_submissions_allowed: true,
      questions: [
        {
          question_number: 1,
          question: 'A 2 kg trolley accelerates at 3 m/s^2. What is the resultant force?',
          marks_possible: 2,
          answer: '6 N',
          grading_instructions: 'Full marks need the unit.',
          tags: ['Problem Solving - Accuracy'],
        },
        {
          question_number: 2,
          question: 'Explain why the Moon shows phases.',
          marks_possible: 2,
          answer: 'It reflects sunlight and we see different parts of its lit half as it orbits.',
          grading_instructions: '',
          tags: [],
        },
        {
          question_number: 3,
          question: 'Name the process by which plants make food from sunlight.',
          marks_possible: 1,
          answer: 'Photosynthesis',
          grading_instructions: '',
          tags: [],
        },
      ],
    });
    expect(added.statusCode).toBe(200);
    const id = added.json.assignment_id as number;
    const sheet = (await teacher.post('/grader/get-assignment-questions', { assignment_id: id }, afterPosition(added.json.position)))
      .json as AssignmentSheet;
    const q = Object.fromEntries(sheet.questions.map((x) => [x.question_number, x.question_id]));
    const submitted = await student.post('/students/submit-assignment', {
      assignment_id: id,
      responses: { [q[1]!]: 'F = 6 N', [q[2]!]: 'Because of the shadow of the Earth.', [q[3]!]: 'Photosynthesis' },
    });
    expect(submitted.statusCode).toBe(200);
    const studentId = (await student.get('/students/get-student')).json.studentId as number;

    const lines = await grade({ assignment_id: id, student_id: studentId });
    const graded = lines.slice(0, -1) as GradedLine[];
    expect(lines.at(-1)).toMatchObject({ status: 'complete', graded: 3 });
    expect(graded.map((l) => [l.question_number, l.points_obtained, l.grader])).toEqual([
      [1, 2, 'fake-model-1'],
      [2, 1.25, 'fake-model-1'],
      [3, 1, 'offline'],
    ]);
    expect(graded[0]!.flagged_for_review).toBe('');
    expect(graded[1]!.flagged_for_review).toMatch(/not confident/);
    expect(graded[1]!.confidence).toBe(0.35);

    const first = prompts.find((p) => p.includes('Question 1 '))!;
    for (const part of ['6 N', 'Full marks need the unit.', 'Problem Solving - Accuracy', 'Student response:\nF = 6 N', '(2 marks)'])
      expect(first).toContain(part);

    const position = (lines.at(-1) as { position: string }).position;
    const history = (await teacher.post('/grader/response-history', { response_id: graded[1]!.response_id }, afterPosition(position)))
      .json as ResponseHistoryEntry[];
    expect(history.at(-1)).toMatchObject({
      kind: 'ResponseGraded',
      actor_kind: 'ai',
      actor: 'fake-model-1',
      confidence: 0.35,
      points: 1.25,
    });
    const third = (await teacher.post('/grader/response-history', { response_id: graded[2]!.response_id }, afterPosition(position)))
      .json as ResponseHistoryEntry[];
    expect(third.at(-1)).toMatchObject({ actor_kind: 'offline', actor: 'offline' });
  });
});
