import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { usersOfTenant } from '@evergrade/projectors/queries';
import { startStandalone } from './server';
import { afterPosition, loginAs, userWith } from './testing/client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => startStandalone({ port: 0, host: '127.0.0.1', dataDir, uiDir: '/nonexistent', logLevel: 'silent' });

it('keeps answers, sessions and the demo school across a restart, and seeds only once', async () => {
  const first = await start();
  expect(first.seeded).toBe(true);
  const student = await loginAs(first.app, 'student', 'student@demo.school');
  const head = await first.store.readAll({ limit: 10_000 });
  await first.runner.reached(head.at(-1)!.globalPosition);
  const list = (await student.get('/students/get-assignments')).json as Record<string, { assignment_id: number; title: string }>;
  const assignment = Object.values(list).find((a) => a.title === 'Quadratic Equations')!;
  const questions = (await student.post('/students/get-assignment-questions', { assignment_id: assignment.assignment_id })).json.questions;
  const saved = await student.post('/students/set-assignment-response', {
    assignment_id: assignment.assignment_id,
    question_id: questions[0].question_id,
    response_content: 'kept across restarts',
  });
  await first.runner.reached(saved.json.position);
  await first.close();

  const second = await start();
  try {
    expect(second.seeded).toBe(false);
    const again = userWith(second.app, student.cookies);
    const after = await again.post(
      '/students/get-assignment-questions',
      { assignment_id: assignment.assignment_id },
      afterPosition(saved.json.position),
    );
    expect(after.statusCode).toBe(200);
    expect(after.json.questions[0].response_content).toBe('kept across restarts');
    const users = (await usersOfTenant(second.db, 'demo')).filter((u) => u.email === 'student@demo.school');
    expect(users).toHaveLength(1);
  } finally {
    await second.close();
  }
});
