import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  PDF_SUBMISSION_MESSAGES,
  type AssignmentQuestion,
  type PdfSubmissionLine,
  type StudentAssignment,
} from '@evergrade/contracts';
import { useSessionStore } from '../../../stores/session';
import { renderRoutes } from '../../../testing/render';
import { json, ndjson } from '../../../testing/replies';
import { preloadRichText } from '../../../components/editor';
import { editorText, replaceText } from '../../../components/editor/testing';
import { AssignmentView } from './assignment-view';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const assignment = (extra: Partial<StudentAssignment> = {}): StudentAssignment => ({
  assignment_id: 12,
  title: 'Quadratics',
  course: 'Mathematics',
  course_code: 'MATH10',
  assigned: '2026-01-01T00:00:00Z',
  due: future,
  due_date: future,
  status: 'Incomplete',
  marks_total: 7,
  marks_obtained: null,
  time_limit: null,
  timed: false,
  question_count: 3,
  ...extra,
});
const question = (id: number, n: number, response: string | null): AssignmentQuestion => ({
  question_id: id,
  question_number: n,
  question_content: `Question text ${n}`,
  marks_possible: 2,
  grade: null,
  graded: false,
  feedback: null,
  response_content: response,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

type Route = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** The network boundary by "METHOD /path"; every call is recorded. */
function stubNetwork(routes: Record<string, Route>) {
  const calls: { key: string; url: URL; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      calls.push({ key, url, init });
      const route = routes[key];
      return route ? route(url, init) : json({ message: `no handler for ${key}` }, 404);
    }),
  );
  return calls;
}

const filled = ['(x - 2)(x - 3) = 0, so x = 2 or x = 3', 'k = 6 or k = -6', 'How many real roots there are'];

function renderView(list: StudentAssignment, routes: Record<string, Route>, questions: () => AssignmentQuestion[]) {
  const calls = stubNetwork({
    'GET /students/get-assignments': () => json({ 12: list }),
    'POST /students/get-assignment-questions': () => json({ questions: questions() }),
    'POST /students/set-assignment-response': () => json({ success: true, position: '5' }),
    'GET /students/get-signed-url': (url) =>
      json({
        upload_url: `/blobs/demo/submissions/7/12_submission.pdf?sig=abc&q=${url.searchParams.get('file_name')}`,
        file_name: '12_submission.pdf',
      }),
    'PUT /blobs/demo/submissions/7/12_submission.pdf': () => new Response(null, { status: 200 }),
    ...routes,
  });
  const view = renderRoutes(
    [{ path: '/student/assignments/:id', element: <AssignmentView assignmentId={12} /> }],
    '/student/assignments/12',
  );
  return { calls, ...view };
}

const pdf = () => new File(['%PDF-1.7\n'], 'homework.pdf', { type: 'application/pdf' });
const phase = () => screen.getByTestId('pdf-upload-phase').getAttribute('data-phase');

async function openModalAndChoose(file: File) {
  fireEvent.click(await screen.findByRole('button', { name: /Upload PDF/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload handwritten answers' });
  fireEvent.change(within(dialog).getByLabelText('PDF file'), { target: { files: [file] } });
  return dialog;
}

// jsdom has no layout: lexical asks where the caret is to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

describe('Upload PDF', () => {
  // The editor's lazy chunk is loaded before the tests, and every wait on state may take up to 10 s: on a busy
  // machine mounting the editors alone can outlast the default 1 s, and a passing test never waits that long.
  beforeAll(() => {
    configure({ asyncUtilTimeout: 10_000 });
    return preloadRichText();
  });
  beforeEach(() => useSessionStore.getState().setStudent({ email: 'student@demo.school' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().clearAll();
    localStorage.clear();
  });

  it('goes through Preparing, Uploading, processing with pages, validating and complete, then shows the filled answers in the boxes', async () => {
    const ticket = deferred<Response>();
    const put = deferred<Response>();
    const stream = ndjson<PdfSubmissionLine>();
    let done = false;
    const { calls } = renderView(
      assignment(),
      {
        'GET /students/get-signed-url': () => ticket.promise,
        'PUT /blobs/demo/submissions/7/12_submission.pdf': () => put.promise,
        'POST /students/process-pdf-submission': () => stream.response,
      },
      () => [
        question(101, 1, done ? filled[0]! : null),
        question(102, 2, done ? filled[1]! : 'typed earlier'),
        question(103, 3, done ? filled[2]! : null),
      ],
    );

    // typed but not yet autosaved: saved before the upload starts
    const box1 = await screen.findByRole('textbox', { name: 'Answer to question 1' });
    act(() => replaceText(box1, 'draft'));
    // the editor's emission reached the view (waited on as state)
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('2/3 answered'));

    const dialog = await openModalAndChoose(pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // first it lists the answers the PDF may replace, and sends nothing until the student agrees
    const replace = within(dialog).getByTestId('pdf-upload-replace');
    expect([...replace.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Question 1: draft', 'Question 2: typed earlier']);
    expect(replace.textContent).toContain("stays in this assignment's history");
    expect(calls.some((c) => c.key === 'GET /students/get-signed-url')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).queryByTestId('pdf-upload-replace')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace and upload' }));
    await waitFor(() => expect(phase()).toBe('pending'));
    expect(within(dialog).getByText('Preparing')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /students/set-assignment-response')).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /students/get-signed-url')).toBe(true), { timeout: 5000 });
    const ticketCall = calls.find((c) => c.key === 'GET /students/get-signed-url')!;
    expect(Object.fromEntries(ticketCall.url.searchParams)).toEqual({ file_name: '12_submission.pdf', email: 'student@demo.school' });

    ticket.resolve(json({ upload_url: '/blobs/demo/submissions/7/12_submission.pdf?sig=abc', file_name: '12_submission.pdf' }));
    await waitFor(() => expect(phase()).toBe('uploading_to_gcs'));
    expect(within(dialog).getByText('Uploading')).toBeTruthy();
    const putCall = calls.find((c) => c.key.startsWith('PUT '))!;
    expect(putCall.init).toMatchObject({ credentials: 'omit', headers: { 'Content-Type': 'application/pdf' } });

    put.resolve(new Response(null, { status: 200 }));
    await waitFor(() => expect(phase()).toBe('processing'));
    const processCall = calls.find((c) => c.key === 'POST /students/process-pdf-submission')!;
    expect(JSON.parse(String(processCall.init.body))).toEqual({ file_name: '12_submission.pdf', assignment_id: 12 });
    const progress = { pages: 2, total_pages: 2, total_batches: 1, batch_size: 5, current_batch: 1, pages_in_current_batch: 2 };
    stream.send({ status: 'processing', ...progress, current_page: 0, current_batch: 0 });
    await waitFor(() => expect(within(dialog).getByText('Reading page 1 of 2…')).toBeTruthy());
    stream.send({ status: 'processing', ...progress, current_page: 1 });
    await waitFor(() => expect(within(dialog).getByText('Reading page 2 of 2…')).toBeTruthy());
    expect(within(dialog).getByRole('progressbar', { name: 'Pages read' }).getAttribute('aria-valuenow')).toBe('1');

    stream.send({ status: 'validating', pages: 2, total_pages: 2, current_page: 2 });
    await waitFor(() => expect(phase()).toBe('validating'));
    expect(within(dialog).getByText('Matching your answers to the questions…')).toBeTruthy();

    done = true;
    stream.send({
      status: 'complete',
      pages: 2,
      total_pages: 2,
      current_page: 2,
      saved: [1, 2, 3],
      position: '42',
      method: 'ocr',
      questions: filled.map((response, i) => ({ question_number: i + 1, response })),
    });
    stream.end();
    await waitFor(() => expect(phase()).toBe('complete'));
    expect(within(dialog).getByText(/Answers filled for questions 1, 2 and 3\./)).toBeTruthy();
    // the refetch waits for the saves' position (read-your-writes)
    const refetch = calls.filter((c) => c.key === 'POST /students/get-assignment-questions').at(-1)!;
    expect((refetch.init.headers as Record<string, string>)['X-Min-Position']).toBe('42');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const [i, text] of filled.entries()) {
      expect(editorText(screen.getByRole('textbox', { name: `Answer to question ${i + 1}` }))).toBe(text);
    }
    expect(screen.getByTestId('progress').textContent).toBe('3/3 answered');

    // the typed answers the PDF replaced are shown under their questions (question 3 was empty: nothing to show)
    await waitFor(() => expect(screen.getByTestId('replaced-101').querySelector('.replaced-text')!.textContent).toBe('draft'));
    await waitFor(() => expect(screen.getByTestId('replaced-102').textContent).toContain('typed earlier'));
    expect(screen.queryByTestId('replaced-103')).toBeNull();
    // and can be put back: the PDF's answer is then the one shown as replaced
    fireEvent.click(within(screen.getByTestId('replaced-102')).getByRole('button', { name: 'Use this answer instead' }));
    await waitFor(() => expect(editorText(screen.getByRole('textbox', { name: 'Answer to question 2' }))).toBe('typed earlier'));
    expect(screen.getByTestId('replaced-102').textContent).toContain("The PDF's answer, replaced when you restored yours");
    await waitFor(() => expect(screen.getByTestId('replaced-102').textContent).toContain(filled[1]));
    fireEvent.click(within(screen.getByTestId('replaced-101')).getByRole('button', { name: 'Hide' }));
    expect(screen.queryByTestId('replaced-101')).toBeNull();
  });

  it("accepts only PDFs: 'Please select a valid PDF file'", async () => {
    renderView(assignment(), {}, () => [question(101, 1, null)]);
    const dialog = await openModalAndChoose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(PDF_SUBMISSION_MESSAGES.notPdf);
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('PDF file'), { target: { files: [pdf()] } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows 'Error uploading PDF: ...' when the ticket or the PUT fails", async () => {
    renderView(
      assignment(),
      {
        'GET /students/get-signed-url': () => json({ message: MESSAGES.lockedTooltip }, 409),
      },
      () => [question(101, 1, null)],
    );
    const dialog = await openModalAndChoose(pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(phase()).toBe('error'));
    expect(within(dialog).getByRole('alert').textContent).toBe(`Error uploading PDF: ${MESSAGES.lockedTooltip}`);
    cleanup();
    vi.unstubAllGlobals();

    renderView(
      assignment(),
      {
        'PUT /blobs/demo/submissions/7/12_submission.pdf': () => json({ message: 'The file does not match its declared type' }, 400),
      },
      () => [question(101, 1, null)],
    );
    const again = await openModalAndChoose(pdf());
    fireEvent.click(within(again).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(within(again).getByRole('alert').textContent).toBe('Error uploading PDF: The file does not match its declared type'),
    );
    expect(within(again).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows 'Error processing PDF: ...' for a refusal and for an error line", async () => {
    renderView(
      assignment(),
      {
        'POST /students/process-pdf-submission': () => json({ message: PDF_SUBMISSION_MESSAGES.notPdf, field: 'file_name' }, 400),
      },
      () => [question(101, 1, null)],
    );
    const dialog = await openModalAndChoose(pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(`Error processing PDF: ${PDF_SUBMISSION_MESSAGES.notPdf}`),
    );
    cleanup();
    vi.unstubAllGlobals();

    const stream = ndjson<PdfSubmissionLine>();
    renderView(assignment(), { 'POST /students/process-pdf-submission': () => stream.response }, () => [question(101, 1, null)]);
    const again = await openModalAndChoose(pdf());
    fireEvent.click(within(again).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(phase()).toBe('processing'));
    stream.send({ status: 'processing', pages: 1, total_pages: 1, current_page: 1 });
    stream.send({ status: 'error', error: PDF_SUBMISSION_MESSAGES.noResponses });
    stream.end();
    await waitFor(() =>
      expect(within(again).getByRole('alert').textContent).toBe(`Error processing PDF: ${PDF_SUBMISSION_MESSAGES.noResponses}`),
    );
    // the step that failed is marked
    expect(document.querySelector('.pdf-step-failed')?.textContent).toContain('Processing');
  });

  it('says the answers are saved but the display could not refresh when the refetch fails', async () => {
    const stream = ndjson<PdfSubmissionLine>();
    let failRefetch = false;
    renderView(
      assignment(),
      {
        'POST /students/process-pdf-submission': () => stream.response,
        'POST /students/get-assignment-questions': () =>
          failRefetch ? json({ message: 'down' }, 503) : json({ questions: [question(101, 1, null)] }),
      },
      () => [],
    );
    const dialog = await openModalAndChoose(pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(phase()).toBe('processing'));
    failRefetch = true;
    stream.send({ status: 'complete', saved: [1], position: '9', questions: [{ question_number: 1, response: 'x = 3' }] });
    stream.end();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(PDF_SUBMISSION_MESSAGES.refreshFailed));
    expect(phase()).toBe('complete');
  });

  it('is disabled with the lock tooltip when the assignment is past due, submitted or graded', async () => {
    renderView(assignment({ due: past, due_date: past }), {}, () => [question(101, 1, null)]);
    const button = await screen.findByRole('button', { name: /Upload PDF/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toBe(MESSAGES.lockedTooltip);
    cleanup();
    vi.unstubAllGlobals();
    renderView(assignment({ status: 'Submitted' }), {}, () => [question(101, 1, null)]);
    expect(((await screen.findByRole('button', { name: /Upload PDF/ })) as HTMLButtonElement).disabled).toBe(true);
  });
});
