import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { MAPPING_MESSAGES } from '../utils/upload-items';
import { gradedQuestion, json, ndjson, stubNetwork, studentRecord, type Route } from '../testing';
import { SubmissionsPanel } from './submissions-panel';

const students = [
  { student_id: 5, name: 'Ada Lovelace' },
  { student_id: 6, name: 'Emmy Noether' },
  { student_id: 7, name: 'Alan Turing' },
];
const pdf = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });

function show(routes: Record<string, Route> = {}) {
  const net = stubNetwork({
    'POST /grader/previous-questions-and-responses': () => json({}),
    'GET /instructors/get-course-students/PHY10': () => json({ student_list: students }),
    'GET /grader/get-signed-url': (url) =>
      json({
        upload_url: `/blobs/demo/grading/${encodeURIComponent(url.searchParams.get('file_name')!)}?sig=x`,
        file_name: `stored-${url.searchParams.get('file_name')}`,
      }),
    ...routes,
  });
  renderRoutes([{ path: '/a', element: <SubmissionsPanel assignmentId={9} courseCode="PHY10" /> }], '/a');
  return net;
}

async function openWith(files: File[]) {
  fireEvent.click(await screen.findByRole('button', { name: /Upload Submissions/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload submissions' });
  await within(dialog)
    .findByTestId('student-panel')
    .catch(() => null);
  await waitFor(() => expect(within(dialog).queryByText('Loading students')).toBeNull());
  fireEvent.change(within(dialog).getByLabelText('PDF files'), { target: { files } });
  return dialog;
}

const fileRow = (dialog: HTMLElement, key: string) => within(dialog).getByTestId(`upload-file-${key}`);

describe('Upload submissions modal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens from the empty state, takes PDFs only and auto-maps file names to students', async () => {
    show();
    expect(await screen.findByText('No submissions yet.')).toBeTruthy();
    const dialog = await openWith([
      pdf('Ada Lovelace.pdf'),
      pdf('noether_e.pdf'),
      pdf('scan 1.pdf'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(await screen.findByText(MAPPING_MESSAGES.notPdf('notes.txt'))).toBeTruthy();
    expect(within(fileRow(dialog, 'Ada_Lovelace')).getByTestId('mapped-student').textContent).toBe('Ada Lovelace · matched automatically');
    expect(within(fileRow(dialog, 'noether_e')).getByTestId('mapped-student').textContent).toBe('Emmy Noether · matched automatically');
    expect(within(fileRow(dialog, 'scan_1')).getByTestId('mapped-student').textContent).toBe('Unassigned');
    // the unassigned file is selected: its panel is open, with the search and the preview
    const panel = within(dialog).getByTestId('student-panel');
    expect(panel.dataset.collapsed).toBe('false');
    expect(within(dialog).getByTestId('pdf-preview').outerHTML).toContain('Preview of scan 1');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('one student per submission; Upload All needs every pending file mapped; the panel collapses once assigned', async () => {
    const net = show();
    const dialog = await openWith([pdf('Ada Lovelace.pdf'), pdf('scan 1.pdf')]);
    fireEvent.click(within(fileRow(dialog, 'Ada_Lovelace')).getByRole('button', { name: /^Ada Lovelace:/ }));
    expect(within(dialog).getByTestId('student-panel').dataset.collapsed).toBe('true');
    expect(within(dialog).getByText('Assigned to')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload All' }));
    expect(await within(dialog).findByText(MAPPING_MESSAGES.unassigned)).toBeTruthy();
    expect(fileRow(dialog, 'scan_1').getAttribute('aria-current')).toBe('true');
    expect(net.of('GET /grader/get-signed-url')).toHaveLength(0);

    const panel = within(dialog).getByTestId('student-panel');
    fireEvent.change(within(panel).getByRole('searchbox'), { target: { value: 'ada' } });
    expect(within(panel).queryByRole('button', { name: /Alan Turing/ })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /Ada Lovelace/ }));
    expect(
      within(dialog).getByText('This student is already assigned to submission "Ada Lovelace". Please select a different student.'),
    ).toBeTruthy();
    expect(within(fileRow(dialog, 'scan_1')).getByTestId('mapped-student').textContent).toBe('Unassigned');

    fireEvent.change(within(panel).getByRole('searchbox'), { target: { value: 'tur' } });
    fireEvent.click(within(panel).getByRole('button', { name: /Alan Turing/ }));
    expect(within(dialog).getByTestId('student-panel').dataset.collapsed).toBe('true');
    expect(within(fileRow(dialog, 'scan_1')).getByTestId('mapped-student').textContent).toBe('Alan Turing');
  });

  it('uploads each file through the phases; a failing file stops alone and the others complete', async () => {
    const streams = { 5: ndjson(), 6: ndjson() };
    let adaDone = false;
    const net = show({
      'POST /grader/previous-questions-and-responses': () =>
        json(adaDone ? { 5: studentRecord(5, 'Ada Lovelace', [gradedQuestion(1)]) } : {}),
      'PUT /blobs/demo/grading/Ada%20Lovelace.pdf': () => new Response(null, { status: 200 }),
      'PUT /blobs/demo/grading/noether_e.pdf': () => new Response(null, { status: 200 }),
      'POST /grader/process-submission': (_u, _i, body) => streams[(body as { student_id: 5 | 6 }).student_id].response,
    });
    const dialog = await openWith([pdf('Ada Lovelace.pdf'), pdf('noether_e.pdf')]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload All' }));
    await waitFor(() => expect(net.of('POST /grader/process-submission')).toHaveLength(2));

    const put = net.of('PUT /blobs/demo/grading/Ada%20Lovelace.pdf')[0]!;
    expect(put.init).toMatchObject({ credentials: 'omit', headers: { 'Content-Type': 'application/pdf' } });
    expect(net.of('GET /grader/get-signed-url')[0]!.url.searchParams.get('file_name')).toBe('Ada Lovelace.pdf');
    expect(net.of('POST /grader/process-submission').map((c) => c.body)).toEqual([
      { file_name: 'stored-Ada Lovelace.pdf', assignment_id: 9, student_id: 5, original_filename: 'Ada Lovelace.pdf', express_mode: false },
      { file_name: 'stored-noether_e.pdf', assignment_id: 9, student_id: 6, original_filename: 'noether_e.pdf', express_mode: false },
    ]);
    const progressOf = (key: string) => within(fileRow(dialog, key)).getByRole('progressbar').getAttribute('aria-valuenow');
    const phaseOf = (key: string) => fileRow(dialog, key).dataset.phase;
    await waitFor(() => expect(progressOf('Ada_Lovelace')).toBe('10'));

    streams[5].send({ status: 'processing', current_batch: 1, total_batches: 2, pages: 7 });
    await waitFor(() => expect(progressOf('Ada_Lovelace')).toBe('40'));
    expect(phaseOf('Ada_Lovelace')).toBe('processing');
    expect(within(fileRow(dialog, 'Ada_Lovelace')).getByText(/7 pages/)).toBeTruthy();

    streams[6].send({ status: 'error', error: 'No answers were found in this PDF.' });
    streams[6].end();
    await waitFor(() => expect(phaseOf('noether_e')).toBe('error'));
    expect(within(fileRow(dialog, 'noether_e')).getByRole('alert').textContent).toBe('No answers were found in this PDF.');

    streams[5].send({ status: 'validating' });
    await waitFor(() => expect(progressOf('Ada_Lovelace')).toBe('80'));
    adaDone = true;
    streams[5].send({ status: 'complete', questions: [], student_id: 5, file_name: 'stored-Ada Lovelace.pdf', position: '44' });
    streams[5].end();
    await waitFor(() => expect(phaseOf('Ada_Lovelace')).toBe('complete'));
    expect(progressOf('Ada_Lovelace')).toBe('100');
    // the list reloads after a file completes (the tab now lists Ada) and the modal stays as it was
    await screen.findByTestId('submission-5');
    expect(net.of('POST /grader/previous-questions-and-responses').length).toBeGreaterThanOrEqual(2);
    const live = screen.getByRole('dialog', { name: 'Upload submissions' });
    expect(fileRow(live, 'noether_e').dataset.phase).toBe('error');
    expect(fileRow(live, 'Ada_Lovelace').dataset.phase).toBe('complete');
    expect((within(dialog).getByRole('button', { name: 'Upload All' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a refused upload ticket marks that file as failed with the reason', async () => {
    show({ 'GET /grader/get-signed-url': () => json({ message: 'Please select a PDF file' }, 400) });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dialog = await openWith([pdf('Ada Lovelace.pdf')]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload All' }));
    await waitFor(() => expect(fileRow(dialog, 'Ada_Lovelace').dataset.phase).toBe('error'));
    expect(within(fileRow(dialog, 'Ada_Lovelace')).getByRole('alert').textContent).toBe('Please select a PDF file');
    errors.mockRestore();
  });
});
