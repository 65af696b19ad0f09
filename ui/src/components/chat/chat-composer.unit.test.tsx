import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES } from '@evergrade/contracts';
import { ChatComposer } from './chat-composer';

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
const sendButton = () => screen.getByTestId('send-button') as HTMLButtonElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const enter = (shiftKey = false) => fireEvent.keyDown(input(), { key: 'Enter', shiftKey });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

function setAgent(ua: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
}

describe('ChatComposer', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  });

  it('does not send an empty or whitespace-only message', () => {
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} pending={false} />);
    expect(sendButton().disabled).toBe(true);
    enter();
    type('   \n\t ');
    expect(sendButton().disabled).toBe(true);
    enter();
    fireEvent.click(sendButton());
    expect(onSend).not.toHaveBeenCalled();
    expect(input().value).toBe('   \n\t ');
  });

  it('sends the trimmed text with Enter or the button and clears the box; Shift+Enter does not send', () => {
    const onSend = vi.fn();
    render(<ChatComposer onSend={onSend} pending={false} />);
    type('  What is osmosis?  ');
    enter(true);
    expect(onSend).not.toHaveBeenCalled();
    enter();
    expect(onSend).toHaveBeenCalledExactlyOnceWith('What is osmosis?');
    expect(input().value).toBe('');
    type('Second');
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenLastCalledWith('Second');
  });

  it('keeps the text when the send is refused', () => {
    render(<ChatComposer onSend={() => false} pending={false} />);
    type('Kept');
    enter();
    expect(input().value).toBe('Kept');
  });

  it('sends nothing while a reply is pending, and sends once it ends', () => {
    const onSend = vi.fn();
    const { rerender } = render(<ChatComposer onSend={onSend} pending />);
    type('Next question');
    expect(sendButton().disabled).toBe(true);
    expect(sendButton().getAttribute('aria-label')).toBe('Waiting for the reply');
    enter();
    fireEvent.click(sendButton());
    expect(onSend).not.toHaveBeenCalled();
    expect(input().value).toBe('Next question');
    rerender(<ChatComposer onSend={onSend} pending={false} />);
    expect(sendButton().disabled).toBe(false);
    enter();
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Next question');
  });

  it('grows between the heights it is given', () => {
    render(<ChatComposer onSend={() => {}} pending={false} minHeight="6vh" maxHeight="30vh" />);
    expect(input().style.minHeight).toBe('6vh');
    expect(input().style.maxHeight).toBe('30vh');
  });

  it('tells Safari users dictation is not supported there', () => {
    setAgent(SAFARI);
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = class {};
    render(<ChatComposer onSend={() => {}} pending={false} />);
    fireEvent.click(screen.getByTestId('mic-button'));
    expect(screen.getByRole('alertdialog').textContent).toContain(CHAT_MESSAGES.dictationSafari);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says so when the browser has no speech recognition', () => {
    setAgent(CHROME);
    render(<ChatComposer onSend={() => {}} pending={false} />);
    fireEvent.click(screen.getByTestId('mic-button'));
    expect(screen.getByRole('alertdialog').textContent).toContain(CHAT_MESSAGES.dictationUnsupported);
  });

  it('dictates in en-US after what was typed, and stops on a second press', () => {
    setAgent(CHROME);
    const made: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      onresult: ((e: unknown) => void) | null = null;
      onerror = null;
      onend: (() => void) | null = null;
      start = vi.fn();
      stop = vi.fn(() => this.onend?.());
      abort = vi.fn();
      constructor() {
        made.push(this);
      }
    }
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    render(<ChatComposer onSend={() => {}} pending={false} />);
    type('Explain');
    fireEvent.click(screen.getByTestId('mic-button'));
    const rec = made[0]!;
    expect(rec.lang).toBe('en-US');
    expect(rec.start).toHaveBeenCalled();
    expect(screen.getByTestId('mic-button').getAttribute('aria-pressed')).toBe('true');
    const result = (t: string, isFinal: boolean) => Object.assign([{ transcript: t }], { isFinal });
    act(() => rec.onresult!({ resultIndex: 0, results: [result('photosynthesis', true), result(' in plants', false)] }));
    expect(input().value).toBe('Explain photosynthesis in plants');
    fireEvent.click(screen.getByTestId('mic-button'));
    expect(rec.stop).toHaveBeenCalled();
    expect(screen.getByTestId('mic-button').getAttribute('aria-pressed')).toBe('false');
  });
});
