import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentSheet, PdfHeaders } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { DownloadMenu } from './download-menu';

const exporter = vi.hoisted(() => ({ downloadAssignmentPdf: vi.fn(async (..._args: unknown[]) => {}) }));
vi.mock('../../../lib/pdf-export', () => exporter);

const sheet: AssignmentSheet = {
  assignment_id: 4,
  title: 'Forces',
  description: '',
  due_date: '2026-12-01T10:00:00.000Z',
  course_code: 'PHY10',
  course_name: 'Physics',
  time_limit: null,
  student_submissions_allowed: true,
  questions: [],
};

function show(headers: PdfHeaders) {
  mockApi({ 'GET /school/pdf-headers': () => ({ body: headers }) });
  renderRoutes([{ path: '/', element: <DownloadMenu sheet={sheet} /> }], '/');
  fireEvent.click(screen.getByRole('button', { name: 'Download' }));
  return screen.getByTestId('download-menu');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  exporter.downloadAssignmentPdf.mockClear();
});

describe('the assignment Download menu', () => {
  it('offers the four downloads with Show marks on and no layout choice when the school has one format', async () => {
    const menu = show({ school_name: 'Demo', formats: ['standard'], default_format: 'standard', logo_url: null });
    const options = [
      'Questions only',
      'Questions with writing space',
      'Questions with answers',
      'Complete (answers and grading instructions)',
    ];
    for (const name of options)
      await waitFor(() => expect((within(menu).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false));
    expect((within(menu).getByRole('checkbox', { name: 'Show marks' }) as HTMLInputElement).checked).toBe(true);
    expect(within(menu).queryByLabelText('Header layout')).toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: 'Questions only' }));
    await waitFor(() => expect(exporter.downloadAssignmentPdf).toHaveBeenCalledTimes(1));
    expect(exporter.downloadAssignmentPdf.mock.calls[0]).toMatchObject([
      sheet,
      { variant: 'questions', showMarks: true, format: 'standard' },
    ]);
  });

  it('offers the header layout when the school has more than one, starting at its default', async () => {
    const menu = show({
      school_name: 'Demo',
      formats: ['bordered', 'logo-line'],
      default_format: 'logo-line',
      logo_url: '/editor/images/x.png',
    });
    const layout = (await within(menu).findByLabelText('Header layout')) as HTMLSelectElement;
    expect([...layout.options].map((o) => o.textContent)).toEqual(['Bordered header', 'Line with logo']);
    expect(layout.value).toBe('logo-line');
    fireEvent.change(layout, { target: { value: 'bordered' } });
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'Show marks' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Questions with writing space' }));
    await waitFor(() => expect(exporter.downloadAssignmentPdf).toHaveBeenCalledTimes(1));
    expect(exporter.downloadAssignmentPdf.mock.calls[0]).toMatchObject([
      sheet,
      { variant: 'writing', showMarks: false, format: 'bordered' },
    ]);
  });
});
