import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_MESSAGES, EQUATION_PLACEHOLDER, parseRichText, richTextToPlainText, TAB_TEXT } from '@evergrade/contracts';
import { RichTextEditor, RichTextView } from './index';
import { insertImageFile } from './plugins/image-plugin';
import { json } from '../../testing/replies';
import { editorOf, editorText, placeCaretAtEnd, replaceText, typeAtEnd } from './testing';

type Call = { method: string; url: string; headers: Record<string, string> };

/** The network boundary: the ticket route, the PUT to upload_url and the image GET. */
function stubNetwork(routes: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, headers: (init.headers ?? {}) as Record<string, string> });
      const key = Object.keys(routes).find((k) => `${method} ${url}`.startsWith(k));
      return key ? routes[key]!() : new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
    }),
  );
  return calls;
}

async function mountEditor(value: string | null = null, extra: { readOnly?: boolean } = {}) {
  const onChange = vi.fn();
  const view = render(
    <RichTextEditor value={value} onChange={onChange} ariaLabel="Answer" placeholder="Type your answer here..." {...extra} />,
  );
  const box = await screen.findByRole('textbox', { name: 'Answer' });
  return { ...view, onChange, box };
}

// jsdom has no layout: lexical asks where the caret is to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RichTextEditor', () => {
  it('emits the serialised state 50 ms after the last edit, once', async () => {
    const { box, onChange } = await mountEditor();
    vi.useFakeTimers();
    act(() => typeAtEnd(box, 'a'));
    await act(() => vi.advanceTimersByTimeAsync(30));
    act(() => typeAtEnd(box, 'b'));
    await act(() => vi.advanceTimersByTimeAsync(49));
    expect(onChange).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    const value = onChange.mock.calls[0]![0] as string;
    expect(parseRichText(value)).not.toBeNull();
    expect(richTextToPlainText(value)).toBe('ab');
  });

  it('emits the very first keystroke of an empty editor', async () => {
    const { box, onChange } = await mountEditor();
    act(() => typeAtEnd(box, 'x'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(richTextToPlainText(onChange.mock.calls[0]![0] as string)).toBe('x');
  });

  it('emits null when the text is deleted, also when only whitespace is left', async () => {
    const { box, onChange } = await mountEditor('Some answer');
    expect(editorText(box)).toBe('Some answer');
    act(() => replaceText(box, '   '));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('loads plain text as paragraphs, with $...$ as rendered formulas', async () => {
    const { box } = await mountEditor('First line\nArea is $\\pi r^2$ here\n$$E = mc^2$$');
    const paragraphs = box.querySelectorAll('p');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]!.textContent).toBe('First line');
    expect(paragraphs[1]!.querySelector('.rte-equation .katex')).not.toBeNull();
    expect(paragraphs[1]!.querySelector('annotation')?.textContent).toBe('\\pi r^2');
    expect(paragraphs[2]!.querySelector('.rte-equation-block .katex-display')).not.toBeNull();
  });

  it('turns $...$ typed into a formula node, and leaves prices alone', async () => {
    const { box, onChange } = await mountEditor();
    act(() => typeAtEnd(box, 'It costs $5 and $10, and $x^2$'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const value = onChange.mock.lastCall![0] as string;
    expect(richTextToPlainText(value)).toBe('It costs $5 and $10, and $x^2$');
    expect(value).toContain('"type":"equation","version":1,"equation":"x^2","inline":true');
    expect(box.querySelector('annotation')?.textContent).toBe('x^2');
  });

  it('inserts four em-spaces on Tab', async () => {
    const { box, onChange } = await mountEditor('a');
    box.focus();
    act(() => placeCaretAtEnd(box));
    const tab = fireEvent.keyDown(box, { key: 'Tab', code: 'Tab' });
    expect(tab).toBe(false); // default prevented: focus stays in the editor
    await waitFor(() => expect(editorText(box)).toBe(`a${TAB_TEXT}`));
    act(() => typeAtEnd(box, 'b'));
    await waitFor(() => expect(richTextToPlainText(onChange.mock.lastCall?.[0] as string)).toBe(`a${TAB_TEXT}b`));
  });

  it('inserts the formula placeholder on Ctrl+Shift+E and saves what is typed over it', async () => {
    const { box, onChange } = await mountEditor('Answer: ');
    box.focus();
    act(() => placeCaretAtEnd(box));
    fireEvent.keyDown(box, { key: 'E', code: 'KeyE', ctrlKey: true, shiftKey: true });
    const input = await screen.findByRole('textbox', { name: 'Formula (LaTeX)' });
    expect((input as HTMLInputElement).value).toBe(EQUATION_PLACEHOLDER);
    expect(input.previousElementSibling?.textContent).toBe('$');
    expect(input.nextElementSibling?.textContent).toBe('$');
    expect(editorText(box)).toBe(`Answer: $${EQUATION_PLACEHOLDER}$`);
    fireEvent.change(input, { target: { value: '\\frac{1}{2}' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(richTextToPlainText(onChange.mock.lastCall?.[0] as string)).toBe('Answer: $\\frac{1}{2}$'));
    expect(screen.queryByRole('textbox', { name: 'Formula (LaTeX)' })).toBeNull();
    expect(box.querySelector('annotation')?.textContent).toBe('\\frac{1}{2}');
  });

  it('keeps what was typed in a new formula when Escape leaves it', async () => {
    const { box, onChange } = await mountEditor('Area: ');
    box.focus();
    act(() => placeCaretAtEnd(box));
    fireEvent.keyDown(box, { key: 'E', code: 'KeyE', ctrlKey: true, shiftKey: true });
    const input = await screen.findByRole('textbox', { name: 'Formula (LaTeX)' });
    fireEvent.change(input, { target: { value: '\\pi r^2' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(richTextToPlainText(onChange.mock.lastCall?.[0] as string)).toBe('Area: $\\pi r^2$'));
    expect(screen.queryByRole('textbox', { name: 'Formula (LaTeX)' })).toBeNull();
    expect(box.querySelector('annotation')?.textContent).toBe('\\pi r^2');
  });

  it('refuses a file that is not an image, without asking for a ticket', async () => {
    const calls = stubNetwork({});
    await mountEditor();
    const input = screen.getByLabelText('Image file');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(EDITOR_MESSAGES.notAnImage('notes.pdf'));
    expect(calls).toHaveLength(0);
  });

  describe('image upload errors (spec wording)', () => {
    const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'graph.png', { type: 'image/png' });
    const pick = async () => {
      await mountEditor();
      fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png()] } });
      return (await screen.findByRole('alert')).textContent;
    };

    it('reports the server message when the ticket is refused', async () => {
      stubNetwork({ 'GET /editor/get-image-upload-url': () => json({ message: 'Images must be at most 10 MB' }, 400) });
      expect(await pick()).toBe('Image upload failed: Images must be at most 10 MB');
    });

    it('reports a ticket without api_url', async () => {
      stubNetwork({ 'GET /editor/get-image-upload-url': () => json({ upload_url: '/blob/put/1', api_url: '' }) });
      expect(await pick()).toBe(`Image upload failed: ${EDITOR_MESSAGES.noApiUrl}`);
    });

    it('reports the status of a failed PUT, which carries the content type and no credentials', async () => {
      const calls = stubNetwork({
        'GET /editor/get-image-upload-url': () => json({ upload_url: '/blob/put/1?sig=x', api_url: '/editor/images/demo/1.png' }),
        'PUT /blob/put/1': () => new Response('', { status: 403 }),
      });
      expect(await pick()).toBe('Image upload failed: Upload failed with status: 403');
      expect(calls[0]!.url).toBe('/editor/get-image-upload-url?file_name=graph.png&content_type=image%2Fpng');
      expect(calls[1]).toEqual({ method: 'PUT', url: '/blob/put/1?sig=x', headers: { 'Content-Type': 'image/png' } });
    });

    it('reports an image that cannot be loaded from api_url', async () => {
      stubNetwork({
        'GET /editor/get-image-upload-url': () => json({ upload_url: '/blob/put/2', api_url: '/editor/images/demo/2.png' }),
        'PUT /blob/put/2': () => new Response(null, { status: 200 }),
        'GET /editor/images/demo/2.png': () => new Response('', { status: 404 }),
      });
      expect(await pick()).toBe(EDITOR_MESSAGES.imageLoadFailed);
    });
  });

  it('words drawing failures as drawing errors', async () => {
    const { box } = await mountEditor();
    const drawing = new File([new Uint8Array([137, 80, 78, 71])], 'drawing-1700000000000.png', { type: 'image/png' });
    const ui = { setBusy: vi.fn() };
    stubNetwork({ 'GET /editor/get-image-upload-url': () => json({ message: 'Storage is unavailable' }, 503) });
    expect(await insertImageFile(editorOf(box), drawing, ui, 'drawing')).toBe('Drawing save failed: Storage is unavailable');
    stubNetwork({
      'GET /editor/get-image-upload-url': () => json({ upload_url: '/blob/put/3', api_url: '/editor/images/demo/3.png' }),
      'PUT /blob/put/3': () => new Response(null, { status: 500 }),
    });
    expect(await insertImageFile(editorOf(box), drawing, ui, 'drawing')).toBe('Drawing save failed: Upload failed with status: 500');
    stubNetwork({
      'GET /editor/get-image-upload-url': () => json({ upload_url: '/blob/put/4', api_url: '/editor/images/demo/4.png' }),
      'PUT /blob/put/4': () => new Response(null, { status: 200 }),
      'GET /editor/images/demo/4.png': () => new Response('', { status: 500 }),
    });
    expect(await insertImageFile(editorOf(box), drawing, ui, 'drawing')).toBe(EDITOR_MESSAGES.drawingLoadFailed);
    expect(ui.setBusy).toHaveBeenLastCalledWith(null);
    expect(box.querySelector('img')).toBeNull();
  });

  it('is read-only when asked: no toolbar, not editable', async () => {
    const { box } = await mountEditor('Fixed', { readOnly: true });
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});

describe('RichTextView', () => {
  it('renders a formula with KaTeX, read-only', async () => {
    const { container } = render(<RichTextView value={'Solve $x^2 - 5x + 6 = 0$.'} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('annotation')?.textContent).toBe('x^2 - 5x + 6 = 0');
    expect(container.textContent).toContain('Solve');
    expect(container.querySelector('[contenteditable="true"]')).toBeNull();
  });

  it('renders editor JSON with formats, and plain text without loading anything', async () => {
    const stored = JSON.stringify({
      root: {
        type: 'root',
        version: 1,
        children: [
          {
            type: 'paragraph',
            version: 1,
            children: [
              { type: 'text', version: 1, text: 'Bold', format: 1 },
              { type: 'equation', version: 1, equation: 'a+b', inline: false },
            ],
          },
        ],
      },
    });
    const { container, rerender } = render(<RichTextView value={stored} />);
    await waitFor(() => expect(container.querySelector('.katex-display')).not.toBeNull());
    expect(container.querySelector('strong')?.textContent).toBe('Bold');
    rerender(<RichTextView value={'Line 1\nLine 2'} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Line 1', 'Line 2']);
  });

  it('shows the fallback for empty content', () => {
    render(
      <>
        <RichTextView value={null} />
        <RichTextView value="  " fallback="No question text" />
      </>,
    );
    expect(screen.getByText('Content unavailable.')).toBeTruthy();
    expect(screen.getByText('No question text')).toBeTruthy();
  });
});
