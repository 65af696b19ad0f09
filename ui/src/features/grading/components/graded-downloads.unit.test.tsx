import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { gradedQuestion, studentRecord } from '../testing';
import { DownloadAllMenu, GradedDownloadMenu } from './graded-downloads';

type ZipCall = (
  records: { student_id: number }[],
  options: { variant: string },
  onProgress: (done: number, total: number) => void,
) => Promise<void>;
const exporter = vi.hoisted(() => ({
  downloadGradedPdf: vi.fn(async (..._args: unknown[]) => {}),
  downloadGradedZip: vi.fn<ZipCall>(async () => {}),
}));
vi.mock('../../../lib/pdf-export', () => exporter);

const headers = { school_name: 'Demo', formats: ['standard'], default_format: 'standard', logo_url: null };
const ada = studentRecord(5, 'Ada Lovelace', [gradedQuestion(1, { graded: true, points_obtained: 1 })]);
const emmy = studentRecord(6, 'Emmy Noether', [gradedQuestion(1, { graded: true, points_obtained: 2 })]);

function show(ui: 'one' | 'all') {
  mockApi({
    'GET /school/pdf-headers': () => ({ body: headers }),
    'POST /grader/previous-questions-and-responses': () => ({ body: { 5: ada, 6: emmy } }),
  });
  renderRoutes([{ path: '/', element: ui === 'one' ? <GradedDownloadMenu record={ada} /> : <DownloadAllMenu assignmentId={9} /> }], '/');
  fireEvent.click(screen.getByRole('button', { name: ui === 'one' ? 'Download' : 'Download All' }));
  return screen.getByTestId(ui === 'one' ? 'graded-download-menu' : 'download-all-menu');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  exporter.downloadGradedPdf.mockReset();
  exporter.downloadGradedZip.mockReset();
});

describe('the graded Download menus', () => {
  it('Download: the three graded PDF types, for this student', async () => {
    const menu = show('one');
    const names = ['Complete (questions, answers and feedback)', 'Feedback only', 'Feedback and grades'];
    for (const name of names)
      await waitFor(() => expect((within(menu).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(menu).getByRole('button', { name: 'Feedback only' }));
    await waitFor(() => expect(exporter.downloadGradedPdf).toHaveBeenCalledTimes(1));
    expect(exporter.downloadGradedPdf.mock.calls[0]).toMatchObject([ada, { variant: 'feedback' }]);
  });

  it('Download All: every student in one zip, with a progress bar until it is done', async () => {
    let finish!: () => void;
    exporter.downloadGradedZip.mockImplementation(
      async (_records: unknown, _options: unknown, onProgress: (d: number, t: number) => void) => {
        onProgress(1, 2);
        await new Promise<void>((r) => (finish = r));
      },
    );
    const menu = show('all');
    const option = within(menu).getByRole('button', { name: 'Feedback and grades' });
    await waitFor(() => expect((option as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(option);
    // At 0 of 2 from the click; at 1 of 2 once the exporter (loaded lazily) reports the first PDF.
    const bar = await screen.findByRole('progressbar', { name: 'Graded PDFs made' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByTestId('zip-progress').textContent).toContain('1 of 2 PDFs (50%)');
    const [records, options] = exporter.downloadGradedZip.mock.calls[0]!;
    expect(records.map((r) => r.student_id)).toEqual([5, 6]);
    expect(options).toMatchObject({ variant: 'feedback_grades' });
    finish();
    await waitFor(() => expect(screen.queryByTestId('zip-progress')).toBeNull());
    expect(await screen.findByText('2 graded PDFs downloaded as a zip')).toBeTruthy();
  });
});
