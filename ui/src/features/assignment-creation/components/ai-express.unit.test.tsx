import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_MESSAGES } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { useDraftStore } from '../stores/draft-store';
import { AiExpress } from './ai-express';

const reply = (questions: unknown[], notice: string) => ({
  body: { success: true, position: null, questions, config_id: 9, generator: 'offline', notice },
});

function start(handler: () => ReturnType<typeof reply>) {
  const api = mockApi({
    'POST /grader/generate-assignment': handler,
    'GET /grader/get-rubrics': () => ({ body: [] }),
    'GET /chatbot/list-textbooks': () => ({ body: [] }),
  });
  renderRoutes([{ path: '/', element: <AiExpress onBack={() => undefined} /> }], '/');
  return api;
}

const prompt = () => screen.getByLabelText('Tell the AI what to create');
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate Assignment' }));

beforeEach(() => {
  useDraftStore.getState().reset();
  useDraftStore.getState().setStep('create');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AI Express when the library has nothing on the topic', () => {
  it('shows the notice as an empty state in place, not an error, and clears it when the prompt changes', async () => {
    const notice = LIBRARY_MESSAGES.nothingOnTopic('zxqv wrrbl');
    start(() => reply([], notice));
    fireEvent.change(prompt(), { target: { value: 'zxqv wrrbl' } });
    generate();
    const status = await screen.findByText(notice);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Nothing in the question library on this topic')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(LIBRARY_MESSAGES.generateFailed)).toBeNull();
    expect(useDraftStore.getState().step).toBe('create');
    expect(useDraftStore.getState().questions).toEqual([]);
    fireEvent.change(prompt(), { target: { value: 'linear equations' } });
    expect(screen.queryByText(notice)).toBeNull();
  });

  it('goes on to the preview with the questions on the topic, saying when there were fewer than asked', async () => {
    const notice = `${LIBRARY_MESSAGES.fewOnTopic(1, 'momentum', 3)} ${LIBRARY_MESSAGES.offlineNotice}`;
    const question = {
      question_number: 1,
      question: 'What is momentum?',
      marks_possible: 2,
      answer: 'p = mv',
      grading_instructions: '',
      tags: [],
    };
    start(() => reply([question], notice));
    fireEvent.change(prompt(), { target: { value: '3 questions on momentum' } });
    generate();
    await waitFor(() => expect(useDraftStore.getState().step).toBe('preview'));
    expect(useDraftStore.getState().questions).toHaveLength(1);
    expect(await screen.findByText(notice)).toBeTruthy();
  });
});
