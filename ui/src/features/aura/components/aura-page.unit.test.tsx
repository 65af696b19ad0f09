import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES, type ConversationSummary, type Textbook } from '@evergrade/contracts';
import type { ChatHandlers } from '../../../lib/chat-socket';
import { useSessionStore } from '../../../stores/session';
import { mockApi, renderRoutes } from '../../../testing/render';
import { renamedTitle } from './conversation-list';
import { AuraPage, chatMessages, defaultSelection } from './aura-page';
import { toggleTextbook } from './textbook-checklist';
import { TIPS_SEEN_KEY } from './tips-modal';

/** The socket client stands in: each question's handlers are kept so the test streams the reply itself. */
const asked: { payload: Record<string, unknown>; handlers: ChatHandlers; cancelled: boolean }[] = [];
vi.mock('../../../lib/chat-socket', () => ({
  askAssistant: (_kind: string, payload: Record<string, unknown>, handlers: ChatHandlers) => {
    const q = { payload, handlers, cancelled: false };
    asked.push(q);
    return () => {
      q.cancelled = true;
      handlers.onEnd?.();
    };
  },
}));

const book = (id: number, subject: string, title: string, status: Textbook['status'] = 'ready'): Textbook => ({
  textbook_id: id,
  title,
  author: 'A',
  subject,
  example_queries: [`What is in ${title}?`],
  status,
  page_count: 12,
  shared: true,
});
const BOOKS = [book(1, 'Physics', 'Motion and Forces'), book(2, 'Biology', 'Cells, Plants and the Human Body')];
const saved = (id: number, title: string): ConversationSummary => ({
  conversation_id: id,
  conversation_title: title,
  conversation_created: '2026-03-01T10:00:00.000Z',
  textbookIds: [2],
  subject: 'Biology',
  updated_at: '2026-03-01T10:00:00.000Z',
});

let conversations: ConversationSummary[];
const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({
    'GET /chatbot/list-textbooks': () => ({ body: BOOKS }),
    'POST /chatbot/get-conversations': () => ({ body: conversations }),
    'POST /chatbot/get-conversation-chats': () => ({
      body: [{ query: 'Old question', response: 'Old answer', sources: [], provider: 'offline', created_at: '2026-03-01T10:00:00.000Z' }],
    }),
    'POST /chatbot/new-conversation': () => ({ body: { success: true, position: null, conversation_id: 41 } }),
    'POST /chatbot/generate-conversation-title': () => ({ body: { title: 'Chloroplasts and Light', position: null } }),
    ...handlers,
  });
  renderRoutes([{ path: '/instructor/chat', element: <AuraPage /> }], '/instructor/chat');
  return api;
};
const send = async (text: string) => {
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('send-button'));
};
const alertText = async () => (await screen.findByRole('alertdialog')).textContent;
const closeAlert = () => fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));

beforeEach(() => {
  asked.length = 0;
  conversations = [saved(7, 'Osmosis'), saved(8, 'Forces')];
  localStorage.setItem(TIPS_SEEN_KEY, '1');
  useSessionStore.getState().setInstructor({ instructorId: 5, firstName: 'Grace', isAuthenticated: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AURA rules', () => {
  it('keeps one textbook ticked: none left re-ticks the first', () => {
    expect(toggleTextbook([1, 2], 1, BOOKS)).toEqual([2]);
    expect(toggleTextbook([2], 2, BOOKS)).toEqual([1]);
    expect(toggleTextbook([2], 1, BOOKS)).toEqual([2, 1]);
    expect(defaultSelection(BOOKS)).toEqual([1]);
    expect(defaultSelection([book(1, 'P', 'T', 'indexing'), book(3, 'B', 'U')])).toEqual([3]);
  });

  it('renames only to a non-empty, changed title', () => {
    expect(renamedTitle('  ', 'Old')).toBeNull();
    expect(renamedTitle(' Old ', 'Old')).toBeNull();
    expect(renamedTitle(' New ', 'Old')).toBe('New');
  });

  it('shows saved chats as questions and cited answers', () => {
    const msgs = chatMessages(3, [
      { query: 'Q', response: 'A', sources: [{ textbookId: 2, title: 'B', page: 4, passageId: 9 }], provider: 'offline', created_at: '' },
    ]);
    expect(msgs.map((m) => [m.role, m.text, m.sources?.length ?? 0])).toEqual([
      ['user', 'Q', 0],
      ['assistant', 'A', 1],
    ]);
  });
});

describe('AuraPage', () => {
  it('shows the tips once', async () => {
    localStorage.removeItem(TIPS_SEEN_KEY);
    setup();
    fireEvent.click(await screen.findByTestId('tips-close'));
    expect(localStorage.getItem(TIPS_SEEN_KEY)).toBe('1');
    expect(screen.queryByTestId('aura-tips')).toBeNull();
  });

  it('creates the conversation at the first send, then asks on it and names it', async () => {
    const api = setup();
    await screen.findByText('Osmosis');
    await waitFor(() => expect(screen.getByTestId('textbook-picker').textContent).toContain('Physics — Motion and Forces'));
    await send('How do chloroplasts use light?');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(api.calls.find((c) => c.key === 'POST /chatbot/new-conversation')?.body).toEqual({
      title: 'New Chat',
      instructorId: 5,
      userType: 'instructor',
      subject: 'Physics',
      textbookIds: [1],
    });
    expect(asked[0]!.payload).toMatchObject({
      conversationId: 41,
      conversationTitle: 'New Chat',
      instructorId: 5,
      userType: 'instructor',
      firstName: 'Grace',
      title: 'Motion and Forces',
      subject: 'Physics',
      query: 'How do chloroplasts use light?',
    });
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Chloroplasts and Light'));
    expect(api.calls.find((c) => c.key === 'POST /chatbot/generate-conversation-title')?.body).toEqual({
      query: 'How do chloroplasts use light?',
      conversationId: 41,
    });
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses to switch, rename or delete while a reply is pending, with the spec alerts', async () => {
    setup();
    await screen.findByText('Osmosis');
    await waitFor(() => expect(screen.getByTestId('textbook-picker').textContent).toContain('Physics'));
    await send('A question');
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.click(screen.getByText('Forces'));
    expect(await alertText()).toContain(CHAT_MESSAGES.cannotSwitch);
    closeAlert();
    fireEvent.click(screen.getAllByTestId('rename-conversation')[0]!);
    expect(await alertText()).toContain(CHAT_MESSAGES.cannotRename);
    closeAlert();
    expect(screen.queryByTestId('rename-input')).toBeNull();
    fireEvent.click(screen.getAllByTestId('delete-conversation')[0]!);
    expect(await alertText()).toContain(CHAT_MESSAGES.cannotDelete);
    closeAlert();
    fireEvent.click(screen.getByTestId('new-chat'));
    expect(await alertText()).toContain(CHAT_MESSAGES.cannotSwitch);
    closeAlert();
    // The reply ends: switching works again.
    act(() => {
      asked[0]!.handlers.onChunk?.('An answer.');
      asked[0]!.handlers.onEnd?.();
    });
    fireEvent.click(screen.getByText('Forces'));
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Forces'));
    expect(await screen.findByText('Old answer')).toBeTruthy();
  });

  it.each([CHAT_MESSAGES.noResponse, CHAT_MESSAGES.connectError])(
    'shows "%s" in the reply and lets the next question go',
    async (message) => {
      conversations = [saved(7, 'Osmosis')];
      setup();
      fireEvent.click(await screen.findByText('Osmosis'));
      await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Osmosis'));
      await send('Still there?');
      await waitFor(() => expect(asked).toHaveLength(1));
      expect(asked[0]!.payload).toMatchObject({ conversationId: 7, conversationTitle: 'Osmosis', query: 'Still there?' });
      act(() => {
        asked[0]!.handlers.onError?.(message);
        asked[0]!.handlers.onEnd?.();
      });
      expect(await screen.findByText(message)).toBeTruthy();
      fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Again' } });
      expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(false);
    },
  );

  it('keeps an answer this tab showed when the read model has not caught up on coming back to its chat', async () => {
    setup();
    fireEvent.click(await screen.findByText('Osmosis'));
    expect(await screen.findByText('Old answer')).toBeTruthy();
    await send('New question');
    await waitFor(() => expect(asked).toHaveLength(1));
    act(() => {
      asked[0]!.handlers.onChunk?.('New answer');
      asked[0]!.handlers.onEnd?.();
    });
    fireEvent.click(screen.getByText('Forces'));
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Forces'));
    expect(screen.queryByText('New answer')).toBeNull();
    fireEvent.click(screen.getAllByText('Osmosis')[0]!);
    expect(await screen.findByText('New answer')).toBeTruthy();
    expect(screen.getAllByTestId('user-message').map((m) => m.textContent)).toEqual(['Old question', 'New question']);
  });

  it('keeps the question and enables send again when the conversation cannot be created', async () => {
    setup({ 'POST /chatbot/new-conversation': () => ({ status: 500, body: { message: 'boom' } }) });
    await waitFor(() => expect(screen.getByTestId('textbook-picker').textContent).toContain('Physics'));
    await send('Kept question');
    expect(await alertText()).toContain(CHAT_MESSAGES.newConversationFailed);
    closeAlert();
    expect(asked).toHaveLength(0);
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('Kept question');
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the chats, the textbooks, a chat, a rename or a delete fail', async () => {
    setup({
      'POST /chatbot/get-conversations': () => ({ status: 500, body: { message: 'down' } }),
      'GET /chatbot/list-textbooks': () => ({ status: 500, body: { message: 'down' } }),
    });
    const first = await alertText();
    expect([CHAT_MESSAGES.conversationsFailed, CHAT_MESSAGES.textbooksFailed].some((m) => first?.includes(m))).toBe(true);
    cleanup();
    setup({
      'POST /chatbot/get-conversation-chats': () => ({ status: 500, body: { message: 'down' } }),
      'POST /chatbot/rename-conversation': () => ({ status: 500, body: { message: 'down' } }),
      'POST /chatbot/delete-conversation': () => ({ status: 500, body: { message: 'down' } }),
    });
    fireEvent.click(await screen.findByText('Forces'));
    expect(await alertText()).toContain(CHAT_MESSAGES.messagesFailed);
    closeAlert();
    fireEvent.click(screen.getAllByTestId('rename-conversation')[0]!);
    fireEvent.change(screen.getByTestId('rename-input'), { target: { value: 'Renamed' } });
    fireEvent.keyDown(screen.getByTestId('rename-input'), { key: 'Enter' });
    expect(await alertText()).toContain(CHAT_MESSAGES.renameFailed);
    closeAlert();
    await waitFor(() => expect(screen.getByText('Osmosis')).toBeTruthy());
    fireEvent.click(screen.getAllByTestId('delete-conversation')[0]!);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CHAT_MESSAGES.deleteFailed)).toBeTruthy();
  });
});
