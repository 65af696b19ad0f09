import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES, type Textbook } from '@evergrade/contracts';
import { renderRoutes } from '../../../testing/render';
import { TextbooksRoute } from './textbooks-page';

const book = (id: number, extra: Partial<Textbook> = {}): Textbook => ({
  textbook_id: id,
  title: `Book ${id}`,
  author: 'Evergrade Authors',
  subject: 'Physics',
  example_queries: [],
  status: 'ready',
  page_count: 12,
  shared: true,
  ...extra,
});

type Reply = Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** fetch routed by "METHOD /path"; every call recorded. */
function stubNetwork(routes: Record<string, (init: RequestInit) => Reply>) {
  const calls: { key: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`;
      calls.push({ key, init });
      return routes[key]?.(init) ?? json({ message: `no handler for ${key}` }, 404);
    }),
  );
  return { of: (key: string) => calls.filter((c) => c.key === key) };
}

/** An NDJSON reply whose lines the test sends one at a time. */
function ndjsonStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    send: (line: object) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    end: () => controller.close(),
  };
}

const show = () => renderRoutes([{ path: '/t', element: <TextbooksRoute /> }], '/t');

describe('Textbooks page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the school's own books apart from the shared ones, with status, pages and example queries; only its own can be removed", async () => {
    stubNetwork({
      'GET /chatbot/list-textbooks': () =>
        json([
          book(1, { title: 'Motion, Forces and Energy', example_queries: ["What is Newton's second law?"] }),
          book(7, { title: 'Our notes', shared: false, status: 'indexing', page_count: 0, subject: 'Biology' }),
          book(8, { title: 'Broken scan', shared: false, status: 'failed', page_count: 0 }),
        ]),
    });
    show();
    const own = await screen.findByTestId('own-textbooks');
    const shared = screen.getByTestId('shared-textbooks');
    expect(
      within(own)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Our notes', 'Broken scan']);
    expect(
      within(shared)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Motion, Forces and Energy']);

    const physics = within(shared).getByTestId('textbook-1');
    expect(within(physics).getByTestId('textbook-status').textContent).toBe('Ready');
    expect(within(physics).getByTestId('textbook-pages').textContent).toBe('12 pages');
    expect(within(physics).getByText("What is Newton's second law?")).toBeTruthy();
    expect(within(physics).queryByRole('button', { name: 'Remove' })).toBeNull();

    expect(within(within(own).getByTestId('textbook-7')).getByTestId('textbook-status').textContent).toBe('Indexing');
    expect(within(within(own).getByTestId('textbook-8')).getByTestId('textbook-status').textContent).toBe('Failed');
    expect(within(own).getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  });

  it('shows an empty state when the school has no books of its own, and the spec message with a retry when the list fails', async () => {
    let fail = true;
    stubNetwork({ 'GET /chatbot/list-textbooks': () => (fail ? json({ message: 'down' }, 503) : json([book(1)])) });
    show();
    expect(await screen.findByText(CHAT_MESSAGES.textbooksFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No textbooks of your own yet')).toBeTruthy();
    expect(within(screen.getByTestId('shared-textbooks')).getByTestId('textbook-1')).toBeTruthy();
  });

  it('removes one of its own books after confirmation, then lists what is left', async () => {
    let books = [book(1), book(7, { title: 'Our notes', shared: false })];
    const net = stubNetwork({
      'GET /chatbot/list-textbooks': () => json(books),
      'POST /chatbot/remove-textbook': () => {
        books = books.filter((b) => b.textbook_id !== 7);
        return json({ success: true, position: '42' });
      },
    });
    show();
    const own = await screen.findByTestId('own-textbooks');
    fireEvent.click(within(own).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove textbook?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.of('POST /chatbot/remove-textbook')).toHaveLength(0);

    fireEvent.click(within(own).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No textbooks of your own yet')).toBeTruthy();
    const [call] = net.of('POST /chatbot/remove-textbook');
    expect(JSON.parse(String(call!.init.body))).toEqual({ textbook_id: 7 });
    const refetch = net.of('GET /chatbot/list-textbooks').at(-1)!;
    expect((refetch.init.headers as Record<string, string>)['X-Min-Position']).toBe('42');
  });

  it('uploads a PDF with its details, shows the streamed progress, then the ready book and its example queries', async () => {
    const stream = ndjsonStream();
    let books = [book(1)];
    const net = stubNetwork({
      'GET /chatbot/list-textbooks': () => json(books),
      'POST /chatbot/upload-textbook': () => stream.response,
    });
    show();
    await screen.findByTestId('shared-textbooks');
    fireEvent.click(screen.getAllByRole('button', { name: /Upload textbook/ })[0]!);
    const card = screen.getByTestId('textbook-upload');
    fireEvent.click(within(card).getByRole('button', { name: 'Upload and index' }));
    expect(within(card).getByText('Choose a PDF file')).toBeTruthy();
    expect(net.of('POST /chatbot/upload-textbook')).toHaveLength(0);

    const file = new File(['%PDF-1.7\n'], 'cell_biology-notes.pdf', { type: 'application/pdf' });
    fireEvent.change(within(card).getByLabelText('Textbook PDF'), { target: { files: [file] } });
    expect((within(card).getByLabelText('Title') as HTMLInputElement).value).toBe('Cell biology notes');
    fireEvent.change(within(card).getByLabelText('Subject'), { target: { value: 'Biology' } });
    fireEvent.change(within(card).getByLabelText(/Author/), { target: { value: 'Ms Rivera' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload and index' }));

    await waitFor(() => expect(net.of('POST /chatbot/upload-textbook')).toHaveLength(1));
    const form = net.of('POST /chatbot/upload-textbook')[0]!.init.body as FormData;
    expect([form.get('title'), form.get('subject'), form.get('author'), (form.get('file') as File).name]).toEqual([
      'Cell biology notes',
      'Biology',
      'Ms Rivera',
      'cell_biology-notes.pdf',
    ]);
    const bar = () => within(screen.getByTestId('textbook-upload-progress')).getByRole('progressbar');
    stream.send({ status: 'processing', stage: 'reading', current_page: 1, total_pages: 4 });
    await waitFor(() => expect(screen.getByText('Page 1 of 4')).toBeTruthy());
    expect(bar().getAttribute('aria-valuenow')).toBe('26');
    expect(within(card).getByRole('button', { name: 'Indexing…' }).hasAttribute('disabled')).toBe(true);
    stream.send({ status: 'processing', stage: 'indexing', current_page: 4, total_pages: 4 });
    await waitFor(() => expect(screen.getByText('Indexing')).toBeTruthy());

    books = [...books, book(9, { title: 'Cell biology notes', shared: false, example_queries: ['What is a cell?'], page_count: 4 })];
    stream.send({ status: 'complete', textbook_id: 9, total_pages: 4, example_queries: ['What is a cell?'], position: '77' });
    stream.end();
    const done = await screen.findByTestId('textbook-upload-done');
    expect(within(done).getByText('Cell biology notes is ready')).toBeTruthy();
    expect(within(done).getByText('What is a cell?')).toBeTruthy();
    const fresh = await within(screen.getByTestId('own-textbooks')).findByTestId('textbook-9');
    expect(fresh.className).toContain('is-fresh');
    const refetch = net.of('GET /chatbot/list-textbooks').at(-1)!;
    expect((refetch.init.headers as Record<string, string>)['X-Min-Position']).toBe('77');
  });

  it("shows the server's refusal, and an error line, and keeps the form to try again", async () => {
    const stream = ndjsonStream();
    let refuse = true;
    stubNetwork({
      'GET /chatbot/list-textbooks': () => json([]),
      'POST /chatbot/upload-textbook': () => (refuse ? json({ message: CHAT_MESSAGES.pdfOnly }, 400) : stream.response),
    });
    show();
    fireEvent.click((await screen.findAllByRole('button', { name: /Upload textbook/ }))[0]!);
    const card = screen.getAllByTestId('textbook-upload')[0]!;
    fireEvent.change(within(card).getByLabelText('Textbook PDF'), {
      target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.change(within(card).getByLabelText('Title'), { target: { value: 'Fake book' } });
    fireEvent.change(within(card).getByLabelText('Subject'), { target: { value: 'History' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload and index' }));
    expect((await within(card).findByTestId('textbook-upload-error')).textContent).toBe(CHAT_MESSAGES.pdfOnly);

    refuse = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    stream.send({ status: 'processing', stage: 'reading', current_page: 1, total_pages: 1 });
    stream.send({ status: 'error', error: CHAT_MESSAGES.textbookNoText });
    stream.end();
    await waitFor(() => expect(within(card).getByTestId('textbook-upload-error').textContent).toBe(CHAT_MESSAGES.textbookNoText));
    expect((within(card).getByLabelText('Title') as HTMLInputElement).value).toBe('Fake book');
  });
});
