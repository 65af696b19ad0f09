import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Textbook } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { useSessionStore } from '../../../stores/session';
import { isolatedChatHref } from '../../../lib/isolated-chat';
import type { ChatHandlers } from '../../../lib/chat-socket';
import { AssistantPage } from './assistant-page';
import { IsolatedChatPage } from './isolated-chat-page';

const asked: { kind: string; payload: Record<string, unknown>; handlers: ChatHandlers }[] = [];
vi.mock('../../../lib/chat-socket', () => ({
  askAssistant: (kind: string, payload: Record<string, unknown>, handlers: ChatHandlers) => {
    asked.push({ kind, payload, handlers });
    return () => handlers.onEnd?.();
  },
}));

const book = (id: number, title: string, subject: string, status: Textbook['status'] = 'ready'): Textbook => ({
  textbook_id: id,
  title,
  author: 'Unknown',
  subject,
  example_queries: [`What is ${subject.toLowerCase()}?`, `Explain ${subject.toLowerCase()}`],
  status,
  page_count: 12,
  shared: true,
});
const BOOKS = [
  book(2, 'Cells', 'Biology'),
  book(1, 'Motion', 'Physics'),
  book(4, 'Old Atlas', 'Geography', 'indexing'),
  book(3, 'Algebra', 'Mathematics'),
];

const routes = [
  { path: '/student/assistant', element: <AssistantPage /> },
  { path: '/student/assistant/ask', element: <IsolatedChatPage /> },
];

describe('student study assistant', () => {
  beforeEach(() => {
    asked.length = 0;
    useSessionStore.getState().setStudent({ studentId: 3, firstName: 'Ada', isAuthenticated: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the ready books with textbook 1 chosen, and asks an example query over `message`', async () => {
    mockApi({ 'GET /chatbot/list-textbooks': () => ({ body: BOOKS }) });
    renderRoutes(routes, '/student/assistant');
    const select = (await screen.findByTestId('textbook-select')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Cells · Biology', 'Motion · Physics', 'Algebra · Mathematics']);
    expect(select.value).toBe('1');
    fireEvent.change(select, { target: { value: '2' } });
    const examples = await screen.findAllByTestId('example-query');
    expect(examples.map((e) => e.textContent)).toEqual(['What is biology?', 'Explain biology']);

    fireEvent.click(examples[0]!);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.kind).toBe('student');
    expect(asked[0]!.payload).toEqual({ userId: 3, firstName: 'Ada', textbookId: 2, query: 'What is biology?' });
    expect(screen.getByTestId('typing-indicator')).toBeTruthy();
    // while the reply is pending: no other question, no other book
    expect(screen.getAllByTestId<HTMLButtonElement>('example-query').every((b) => b.disabled)).toBe(true);
    await waitFor(() => expect(select.disabled).toBe(true));

    act(() => {
      asked[0]!.handlers.onChunk?.('Biology is the study of life.');
      asked[0]!.handlers.onSources?.([{ textbookId: 2, title: 'Cells', page: 3, passageId: 9 }], { message: '', provider: 'offline' });
      asked[0]!.handlers.onEnd?.();
    });
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    expect(screen.getByTestId('citation').textContent).toBe('Cells, p. 3');
    await waitFor(() => expect(select.disabled).toBe(false));
  });

  it('says so when no book is ready yet', async () => {
    mockApi({ 'GET /chatbot/list-textbooks': () => ({ body: [book(1, 'Motion', 'Physics', 'indexing')] }) });
    renderRoutes(routes, '/student/assistant');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Motion is still being indexed');
  });

  it("IsolatedChat sends its message once, from the subject's book, with the feedback context", async () => {
    mockApi({ 'GET /chatbot/list-textbooks': () => ({ body: BOOKS }) });
    const href = isolatedChatHref({
      message: 'Question 2: Solve it.\nFeedback: Show the steps.',
      subject: 'Mathematics 10',
      context: { kind: 'feedback', assignmentId: 7, questionNumber: 2 },
    });
    renderRoutes(routes, href);
    await screen.findByTestId('user-message');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.payload).toEqual({
      userId: 3,
      firstName: 'Ada',
      textbookId: 3,
      query: 'Question 2: Solve it.\nFeedback: Show the steps.',
      context: { kind: 'feedback', assignmentId: 7, questionNumber: 2 },
    });
    expect(screen.getByRole('heading', { name: 'Your feedback on question 2' })).toBeTruthy();
    act(() => asked[0]!.handlers.onEnd?.());
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
  });
});
