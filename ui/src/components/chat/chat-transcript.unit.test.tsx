import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_END, CHAT_LIMITS, CHAT_MESSAGES } from '@evergrade/contracts';
import { ChatTranscript } from './chat-transcript';
import { loadKatex } from './katex-loader';
import { parseBlocks } from './markdown';
import type { ChatHandlers, ChatMessage } from './types';
import { useAssistantChat } from './use-assistant-chat';

const assistant = (text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({ id: 'a1', role: 'assistant', text, ...extra });
const typesetCount = () => document.querySelectorAll('.chat-math .katex').length;
const pendingCount = () => screen.queryAllByTestId('math-pending').length;

describe('ChatTranscript', () => {
  beforeAll(async () => {
    await loadKatex();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the typing indicator until the first chunk', () => {
    const { rerender } = render(<ChatTranscript messages={[assistant('', { streaming: true })]} />);
    expect(screen.getByTestId('typing-indicator').getAttribute('aria-label')).toBe('Assistant is typing');
    rerender(<ChatTranscript messages={[assistant('Osmosis is', { streaming: true })]} />);
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    expect(screen.getByTestId('assistant-message').textContent).toContain('Osmosis is');
  });

  it(`typesets math at most once every ${CHAT_LIMITS.typesetThrottleMs} ms while streaming, and at the end`, () => {
    vi.useFakeTimers();
    const msg = (text: string, streaming = true) => [assistant(text, { streaming })];
    const { rerender } = render(<ChatTranscript messages={msg('Area: $a^2$')} />);
    expect(typesetCount()).toBe(1); // the first chunk is typeset at once
    act(() => void vi.advanceTimersByTime(200));
    rerender(<ChatTranscript messages={msg('Area: $a^2$, volume: $a^3$')} />);
    act(() => void vi.advanceTimersByTime(300));
    rerender(<ChatTranscript messages={msg('Area: $a^2$, volume: $a^3$ and $b$')} />);
    // newer formulas show as their source until the second is up; the text itself streams at once
    expect(typesetCount()).toBe(1);
    expect(pendingCount()).toBe(2);
    expect(screen.getByTestId('assistant-message').textContent).toContain('volume:');
    act(() => void vi.advanceTimersByTime(CHAT_LIMITS.typesetThrottleMs - 500 - 1));
    expect(typesetCount()).toBe(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(typesetCount()).toBe(3);
    rerender(<ChatTranscript messages={msg('Area: $a^2$, volume: $a^3$ and $b$. Sum: $a+b$')} />);
    expect(typesetCount()).toBe(3);
    rerender(<ChatTranscript messages={msg('Area: $a^2$, volume: $a^3$ and $b$. Sum: $a+b$', false)} />);
    expect(typesetCount()).toBe(4);
    expect(pendingCount()).toBe(0);
  });

  it('renders paragraphs, bold, lists, quotations and display math, never the text as HTML', () => {
    render(
      <ChatTranscript
        messages={[
          assistant('First **bold** <img src=x onerror=alert(1)>\n\n- one\n- two\n\n> quoted (p. 3)\n\n$$E = mc^2$$\n\n1. a\n2. b'),
        ]}
      />,
    );
    const md = document.querySelector('.chat-md')!;
    expect(md.querySelector('strong')!.textContent).toBe('bold');
    expect(md.querySelector('img')).toBeNull();
    expect(md.textContent).toContain('<img src=x onerror=alert(1)>');
    expect([...md.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...md.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['a', 'b']);
    expect(md.querySelector('blockquote')!.textContent).toBe('quoted (p. 3)');
    expect(md.querySelector('.chat-math-display .katex-display')).not.toBeNull();
  });

  it('leaves prices alone and keeps math spanning lines', () => {
    expect(parseBlocks('It costs $5 and $10 today.')).toEqual([{ kind: 'p', text: 'It costs $5 and $10 today.' }]);
    expect(parseBlocks('$$\na+b\n$$')).toEqual([{ kind: 'math', tex: 'a+b' }]);
  });

  it('shows citations as "title, p. page" and opens the passage', async () => {
    const loadPassage = vi.fn(async (id: number) => ({
      passage_id: id,
      textbook_id: 1,
      title: 'Biology Basics',
      page: 4,
      text: 'Cells divide.',
    }));
    const source = { textbookId: 1, title: 'Biology Basics', page: 4, passageId: 17 };
    render(<ChatTranscript messages={[assistant('> Cells divide.', { sources: [source, source] })]} loadPassage={loadPassage} />);
    const chips = screen.getAllByTestId('citation');
    expect(chips.map((c) => c.textContent)).toEqual(['Biology Basics, p. 4']);
    fireEvent.click(chips[0]!);
    await waitFor(() => expect(screen.getByTestId('passage-dialog').textContent).toBe('Cells divide.'));
    expect(loadPassage).toHaveBeenCalledWith(17);
    expect(screen.getByRole('dialog').textContent).toContain('Biology Basics, p. 4');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads an answer aloud, and says clearly when it cannot', async () => {
    const play = vi.fn(async () => undefined);
    vi.stubGlobal(
      'Audio',
      class {
        onended: (() => void) | null = null;
        onerror = null;
        play = play;
        pause = vi.fn();
      },
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const speak = vi.fn(async () => new Blob(['RIFF'], { type: 'audio/wav' }));
    const { rerender } = render(<ChatTranscript messages={[assistant('Hello there')]} speak={speak} />);
    fireEvent.click(screen.getByTestId('speak-button'));
    await waitFor(() => expect(screen.getByTestId('speak-button').dataset.state).toBe('playing'));
    expect(speak).toHaveBeenCalledWith('Hello there');
    expect(play).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('speak-button'));
    expect(screen.getByTestId('speak-button').dataset.state).toBe('idle');

    const failing = vi.fn(async () => Promise.reject(new Error('Text is required')));
    rerender(<ChatTranscript messages={[assistant('Hello there')]} speak={failing} />);
    fireEvent.click(screen.getByTestId('speak-button'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This answer could not be read aloud. Text is required'));
    vi.unstubAllGlobals();
  });

  it('shows no speaker while the answer streams', () => {
    render(<ChatTranscript messages={[assistant('Half', { streaming: true })]} speak={async () => new Blob()} />);
    expect(screen.queryByTestId('speak-button')).toBeNull();
  });
});

describe('useAssistantChat', () => {
  it('streams a reply, refuses to send while it is pending or when empty, and ends at [END]', async () => {
    let handlers: ChatHandlers | null = null;
    const cancel = vi.fn();
    const ask = vi.fn((_q: string, h: ChatHandlers) => {
      handlers = h;
      return cancel;
    });
    const { result, unmount } = renderHook(() => useAssistantChat(ask));
    let sent = true;
    act(() => void (sent = result.current.send('   ')));
    expect(sent).toBe(false);
    expect(ask).not.toHaveBeenCalled();
    act(() => void result.current.send(' What is a cell? '));
    expect(ask).toHaveBeenCalledWith('What is a cell?', expect.anything());
    expect(result.current.pending).toBe(true);
    expect(result.current.messages.map((m) => [m.role, m.text, !!m.streaming])).toEqual([
      ['user', 'What is a cell?', false],
      ['assistant', '', true],
    ]);
    act(() => void (sent = result.current.send('Another')));
    expect(sent).toBe(false);
    act(() => {
      handlers!.onChunk('A cell ');
      handlers!.onChunk('is small.');
      handlers!.onSources([{ textbookId: 1, title: 'Bio', page: 2, passageId: 5 }], 'offline');
      handlers!.onChunk(CHAT_END);
    });
    expect(result.current.messages[1]).toMatchObject({ text: 'A cell is small.', provider: 'offline', streaming: true });
    act(() => handlers!.onEnd());
    expect(result.current.pending).toBe(false);
    expect(result.current.messages[1]!.streaming).toBe(false);
    expect(result.current.messages[1]!.sources).toHaveLength(1);

    act(() => void result.current.send('Again'));
    act(() => {
      handlers!.onError(CHAT_MESSAGES.noResponse);
      handlers!.onEnd();
    });
    expect(result.current.error).toBe(CHAT_MESSAGES.noResponse);
    expect(result.current.messages[3]).toMatchObject({ error: CHAT_MESSAGES.noResponse, streaming: false });

    act(() => void result.current.send('Pending at unmount'));
    unmount();
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  it('shows a clear message when the question cannot be sent at all', () => {
    const { result } = renderHook(() =>
      useAssistantChat(() => {
        throw new Error('socket closed');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => void result.current.send('Hi'));
    expect(result.current.pending).toBe(false);
    expect(result.current.messages[1]).toMatchObject({ error: CHAT_MESSAGES.assistantUnavailable, streaming: false });
  });
});
