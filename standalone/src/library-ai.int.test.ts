import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES, streamIds } from '@evergrade/contracts';
import { createOpenAiCompatibleProvider } from '@evergrade/platform/ai';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * AI Express with a configured model. The model is the one outside service that cannot run here, so a
 * local HTTP server speaks the chat-completions protocol in its place; the server under test uses the
 * real OpenAI-compatible adapter against it.
 */
let server: Standalone;
let model: Server;
let teacher: TestUser;
let nextReply: string;
const prompts: string[] = [];

beforeAll(async () => {
  model = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    prompts.push(JSON.parse(body).messages[1].content);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: nextReply } }] }));
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
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => model?.close(() => resolve()));
});

describe('AI Express with an AI provider', () => {
  it("returns the model's questions, tagged with the chosen rubrics, and names the model", async () => {
    nextReply = JSON.stringify({
      questions: [
        {
          question: 'A 1,500 kg car accelerates from rest to 20 m/s in 10 s. Find the net force.',
          marks_possible: 3,
          answer: 'a = 2 m/s², F = 3000 N',
          grading_instructions: '1 mark for a, 2 for F.',
          question_type: 'numerical',
          topics: ['forces'],
        },
        {
          question: "State Newton's third law.",
          marks_possible: '2',
          answer: 'Every action has an equal and opposite reaction.',
          grading_instructions: '',
        },
      ],
    });
    const res = await teacher.post('/grader/generate-assignment', {
      prompt: '2 questions on forces for grade 10',
      subject: 'Physics',
      title: 'Forces',
      description: 'Unit test',
      textbooks: [{ id: 1, title: 'College Physics 2e (OpenStax)', author: 'Paul Peter Urone' }],
      rubrics: [{ rubric_name: 'Problem Solving', criterion: 'Accuracy of Solution' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.generator).toBe('fake-model-1');
    expect(res.json.notice).toBeUndefined();
    expect(res.json.questions).toEqual([
      expect.objectContaining({
        question_number: 1,
        marks_possible: 3,
        tags: ['Problem Solving - Accuracy of Solution'],
        question_type: 'numerical',
      }),
      expect.objectContaining({ question_number: 2, marks_possible: 2, answer: 'Every action has an equal and opposite reaction.' }),
    ]);
    const sent = prompts.at(-1)!;
    for (const part of [
      '2 questions on forces',
      'Subject: Physics',
      'College Physics 2e',
      'Problem Solving - Accuracy of Solution',
      'Number of questions: 2',
    ]) {
      expect(sent).toContain(part);
    }
    // The library examples given to the model are on the topic (forces), none of another subject.
    const examples = sent.split("Examples of questions from the school's library:\n")[1]!.split('\n\n')[0]!.split('\n');
    expect(examples.length).toBeGreaterThan(0);
    for (const e of examples) expect(e).toMatch(/force|Newton|accelerat/i);
    const [recorded] = await server.store.readStream(streamIds.aiConfig('demo', res.json.config_id));
    expect(recorded).toMatchObject({ data: { generator: 'fake-model-1', questionCount: 2 }, metadata: { generator: 'fake-model-1' } });
  });

  it('falls back to the offline generator, and says so, when the reply is not the JSON asked for', async () => {
    nextReply = 'Sure! Here are some questions about forces: 1. What is a force?';
    const res = await teacher.post('/grader/generate-assignment', { prompt: '3 questions on forces', subject: 'Physics' });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ generator: 'offline', notice: LIBRARY_MESSAGES.fallbackNotice });
    expect(res.json.questions).toHaveLength(3);
    const [recorded] = await server.store.readStream(streamIds.aiConfig('demo', res.json.config_id));
    expect(recorded!.data.fallbackReason).toMatch(/not the JSON asked for/);

    nextReply = JSON.stringify({ questions: [] });
    const empty = await teacher.post('/grader/generate-assignment', { prompt: '3 questions on forces', subject: 'Physics' });
    expect(empty.json.generator).toBe('offline');

    // The model failed and the library has nothing on the topic either: the spec's failure, not unrelated questions.
    nextReply = 'not json';
    expect(await teacher.post('/grader/generate-assignment', { prompt: 'zxqv wrrbl', subject: 'Physics' })).toEqual({
      statusCode: 502,
      json: { message: LIBRARY_MESSAGES.generateFailed },
    });
  });
});
